import { useFormat } from "~/lib/ui/preferences";

/** When a guest's message must be answered, marked when it's overdue. */
export function ReplyDue({ at }: { at: string }) {
  const { dateTime } = useFormat();
  const overdue = Date.parse(at) < Date.now();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${overdue ? "bg-red-100 text-red-900" : "bg-slate-100 text-slate-800"}`}
    >
      {overdue ? "Reply overdue since " : "Reply by "}
      {dateTime(at)}
    </span>
  );
}
