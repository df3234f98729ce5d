import { Link } from "react-router";
import { ReportStatusBadge } from "~/components/estimates/status-badge";
import { useFormatDate } from "~/components/fleet";
import type { HistoryEntry } from "~/lib/estimates/fleet.server";
import { SEVERITY_LABELS } from "~/lib/estimates/finding-labels";

/** Pre-existing or new, with the photo phase it was seen on when known. */
function originText(entry: HistoryEntry) {
  const base = entry.preExisting ? "Pre-existing" : "New";
  if (entry.photoPhase === "pre_trip") return `${base} (pre-trip photo)`;
  if (entry.photoPhase === "post_trip") return `${base} (post-trip photo)`;
  return base;
}

function repairedText(entry: HistoryEntry, formatDate: (iso: string | null) => string) {
  if (entry.state === "repaired") return `Repaired ${formatDate(entry.repairedAt)}`;
  if (entry.state === "in-review") return "Report in review";
  return "Not repaired";
}

/** The findings as cards, on narrow screens. */
export function HistoryCards({ entries }: { entries: HistoryEntry[] }) {
  const formatDate = useFormatDate();
  return (
    <ol className="grid gap-3 md:hidden" aria-label="Damage findings">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl border border-slate-200 p-4 text-sm">
          <p className="flex items-start gap-2 font-medium text-slate-900">
            <span className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-slate-100 px-1.5 text-xs font-semibold text-slate-700 tabular-nums">
              <span className="sr-only">Number </span>
              {entry.number}
            </span>
            <span className="min-w-0">
              {entry.label} · {entry.panelLabel}
            </span>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
            <dt className="text-slate-600">Seen</dt>
            <dd>
              {formatDate(entry.reportDate)} ·{" "}
              <Link to={`/analysis/${entry.reportId}`} className="text-brand-600 underline">
                report
              </Link>
            </dd>
            <dt className="text-slate-600">Origin</dt>
            <dd>{originText(entry)}</dd>
            <dt className="text-slate-600">Repair</dt>
            <dd>{repairedText(entry, formatDate)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** The findings as a table, from medium screens up. */
export function HistoryTable({ entries }: { entries: HistoryEntry[] }) {
  const formatDate = useFormatDate();
  const headings = [
    "No.",
    "Date and report",
    "Panel",
    "Damage",
    "Severity",
    "Pre-existing or new",
    "Repaired",
  ];
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Damage findings on this vehicle, oldest first</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-3 align-bottom font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <th scope="row" className="py-3 pr-3 font-semibold tabular-nums">
                {entry.number}
              </th>
              <td className="py-3 pr-3">
                <Link
                  to={`/analysis/${entry.reportId}`}
                  className="font-medium whitespace-nowrap text-brand-600 hover:underline"
                >
                  <span className="sr-only">Report of </span>
                  {formatDate(entry.reportDate)}
                </Link>
                {entry.reportStatus !== "complete" ? (
                  <span className="mt-1 block">
                    <ReportStatusBadge status={entry.reportStatus} />
                  </span>
                ) : null}
              </td>
              <td className="py-3 pr-3">{entry.panelLabel}</td>
              <td className="py-3 pr-3">{entry.damageLabel}</td>
              <td className="py-3 pr-3">{SEVERITY_LABELS[entry.severity] ?? entry.severity}</td>
              <td className="py-3 pr-3">{originText(entry)}</td>
              <td className="py-3 whitespace-nowrap">
                {entry.state === "repaired"
                  ? formatDate(entry.repairedAt)
                  : entry.state === "in-review"
                    ? "In review"
                    : "Not repaired"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
