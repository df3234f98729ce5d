import { Form, Link } from "react-router";
import { useFormatDate } from "~/components/fleet";
import type { HistoryEntry } from "~/lib/estimates/fleet.server";

/** One finding of the car's damage history, with its mark-repaired (or reopen) button. */
export function DamageItem({ entry, busy }: { entry: HistoryEntry; busy: boolean }) {
  const repaired = entry.state === "repaired";
  const formatDate = useFormatDate();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <span className="mr-2 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-slate-100 px-1.5 text-xs font-semibold text-slate-700 tabular-nums">
            <span className="sr-only">Number </span>
            {entry.number}
          </span>
          {entry.label} · {entry.panelLabel}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          {entry.preExisting ? "Pre-existing, seen " : "Found "}
          {formatDate(entry.reportDate)} ·{" "}
          <Link to={`/analysis/${entry.reportId}`} className="text-brand-600 underline">
            report
          </Link>
          {repaired ? ` · repaired ${formatDate(entry.repairedAt)}` : ""}
        </p>
      </div>
      <Form method="post" preventScrollReset className="shrink-0">
        <input type="hidden" name="intent" value="repair" />
        <input type="hidden" name="findingId" value={entry.id} />
        <input type="hidden" name="repaired" value={repaired ? "false" : "true"} />
        <button
          type="submit"
          className={repaired ? "btn-ghost border border-slate-200 py-2" : "btn-outline py-2"}
          disabled={busy}
          aria-label={`${repaired ? "Reopen" : "Mark repaired"}: ${entry.label}, ${entry.panelLabel.toLowerCase()} (number ${entry.number})`}
        >
          {repaired ? "Reopen" : "Mark repaired"}
        </button>
      </Form>
    </li>
  );
}
