import { formatDateTime } from "~/domain/dates";

export interface ClaimDeadlineView {
  key: string;
  label: string;
  description: string;
  caveat: string | null;
  confidence: "high" | "medium" | "weak" | "unconfirmed";
  sourceUrl: string | null;
  dueAt: string;
  left: string;
  status: "open" | "passed";
}

const CONFIDENCE_NOTES = {
  high: null,
  medium: "Source partly clear",
  weak: "Weak source",
  unconfirmed: "Unconfirmed",
} as const;

/** The claim's deadlines in the trip's time zone, each with time left and how sure the rule is. */
export function ClaimDeadlines({
  deadlines,
  timeZone,
}: {
  deadlines: ClaimDeadlineView[];
  timeZone: string;
}) {
  return (
    <ol className="space-y-3">
      {deadlines.map((deadline) => (
        <li
          key={deadline.key}
          className={`rounded-xl border p-4 text-sm ${deadline.status === "passed" ? "border-slate-200 bg-slate-50" : "border-amber-300 bg-amber-50"}`}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <strong className="text-slate-900">{deadline.label}</strong>
            <span
              className={
                deadline.status === "passed" ? "text-slate-600" : "font-semibold text-amber-900"
              }
            >
              {deadline.left}
            </span>
          </p>
          <p className="mt-1 text-slate-900">By {formatDateTime(deadline.dueAt, timeZone)}</p>
          <p className="mt-1 text-slate-700">{deadline.description}</p>
          {deadline.caveat || CONFIDENCE_NOTES[deadline.confidence] ? (
            <p className="mt-1 text-slate-600">
              {CONFIDENCE_NOTES[deadline.confidence] ? (
                <strong className="mr-1 text-amber-900">
                  {CONFIDENCE_NOTES[deadline.confidence]}.
                </strong>
              ) : null}
              {deadline.caveat}{" "}
              {deadline.sourceUrl ? (
                <a href={deadline.sourceUrl} className="underline" rel="noreferrer" target="_blank">
                  Source
                </a>
              ) : null}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
