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
  /** Read against what was done: a deadline passed before its step is a problem. */
  outcome?: "open" | "met" | "missed" | "not-needed" | "unchecked";
}

const OUTCOME_STYLES = {
  open: { box: "border-amber-300 bg-amber-50", left: "font-semibold text-amber-900" },
  missed: { box: "border-red-300 bg-red-50", left: "font-semibold text-red-800" },
  met: { box: "border-emerald-300 bg-emerald-50", left: "font-semibold text-emerald-800" },
  "not-needed": { box: "border-slate-200 bg-slate-50", left: "text-slate-600" },
  unchecked: { box: "border-amber-300 bg-amber-50", left: "font-semibold text-amber-900" },
} as const;

function statusText(deadline: ClaimDeadlineView): string {
  switch (deadline.outcome) {
    case "missed":
      return `Missed: ${deadline.left}`;
    case "met":
      return "Done in time";
    case "not-needed":
      return "Not needed";
    case "unchecked":
      return `Passed ${deadline.left.replace(/^passed /, "")}: no photos here to check`;
    default:
      return deadline.left;
  }
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
      {deadlines.map((deadline) => {
        const style =
          OUTCOME_STYLES[deadline.outcome ?? (deadline.status === "passed" ? "missed" : "open")];
        return (
          <li key={deadline.key} className={`rounded-xl border p-4 text-sm ${style.box}`}>
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <strong className="text-slate-900">{deadline.label}</strong>
              <span className={style.left}>{statusText(deadline)}</span>
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
                  <a
                    href={deadline.sourceUrl}
                    className="underline"
                    rel="noreferrer"
                    target="_blank"
                  >
                    Source
                  </a>
                ) : null}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
