import { STATUS_LABELS, type CheckRow, type CheckStatus } from "~/lib/mobile-test/diagnostics";

const PILL_STYLES: Record<CheckStatus, string> = {
  ok: "bg-green-100 text-green-800",
  check: "bg-amber-100 text-amber-900",
  unknown: "bg-slate-100 text-slate-700",
};

function StatusPill({ status }: { status: CheckStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${PILL_STYLES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

export function ResultList({ rows }: { rows: CheckRow[] }) {
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map((row) => (
        <div key={row.label} className="flex items-start justify-between gap-3 py-3">
          <dt className="w-2/5 shrink-0 text-sm font-medium text-slate-800">{row.label}</dt>
          <dd className="flex min-w-0 flex-1 flex-col items-end gap-1 text-right text-sm text-slate-700">
            <span className="flex items-center gap-2">
              <span className="min-w-0 break-words [overflow-wrap:anywhere]">{row.value}</span>
              <StatusPill status={row.status} />
            </span>
            {row.detail ? <span className="text-xs text-slate-600">{row.detail}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Checking() {
  return (
    <p className="py-3 text-sm text-slate-600">
      Checking…
      <noscript> This check needs JavaScript; see “What the server saw” below.</noscript>
    </p>
  );
}

/** How many live checks need a look; empty until they have run. */
export function ChecksSummary({
  sections,
}: {
  sections: { viewport: CheckRow[]; connection: CheckRow[]; capabilities: CheckRow[] } | null;
}) {
  const toCheck = sections
    ? [...sections.viewport, ...sections.connection, ...sections.capabilities].filter(
        (row) => row.status === "check",
      ).length
    : null;
  return (
    <p aria-live="polite" className="mt-4 text-sm font-medium text-slate-800">
      {toCheck === null
        ? ""
        : toCheck === 0
          ? "All checks passed."
          : `${toCheck} ${toCheck === 1 ? "item needs" : "items need"} a look (marked “Check”).`}
    </p>
  );
}
