/**
 * Small pieces the fleet pages share (dashboard, vehicle, damage history, shop rates): the
 * vehicle status badge, page header and sections, dates and money ranges written the same way
 * everywhere. Report statuses use the estimate pages' `ReportStatusBadge`.
 */
import { useFormat } from "~/lib/ui/preferences";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatCents, formatRange } from "~/domain/money";
import { VEHICLE_STATUS_LABELS, type VehicleStatus } from "~/domain/estimate/taxonomy";
import { ReportStatusBadge, type ReportStatus } from "./estimates/status-badge";

// Same pill as the report status badge: 800–900 text on 50 backgrounds for AA contrast.
const badge =
  "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";

const VEHICLE_STATUS_STYLES: Readonly<Record<VehicleStatus, string>> = {
  active: "border-emerald-300 bg-emerald-50 text-emerald-900",
  in_repair: "border-amber-300 bg-amber-50 text-amber-900",
  inactive: "border-slate-300 bg-slate-50 text-slate-800",
};

export function VehicleStatusBadge({ status }: { status: string }) {
  const known = status in VEHICLE_STATUS_LABELS ? (status as VehicleStatus) : null;
  return (
    <span
      className={`${badge} ${known ? VEHICLE_STATUS_STYLES[known] : VEHICLE_STATUS_STYLES.inactive}`}
    >
      {known ? VEHICLE_STATUS_LABELS[known] : status}
    </span>
  );
}

/** A formatter for "Jan 5, 2026" in the account's time zone ("—" for no date). */
export function useFormatDate(): (iso: string | null | undefined) => string {
  const { day } = useFormat();
  return (iso) => (iso ? day(iso) : "—");
}

/** Whole dollars: "$1,240". */
export function formatDollars(cents: number): string {
  return formatCents(Math.round(cents / 100) * 100, { trimWholeDollars: true });
}

/** "$729–986" (as estimates write ranges), or null before the estimate is final. */
export function rangeText(lowCents: number | null, highCents: number | null): string | null {
  if (lowCents === null || highCents === null) return null;
  return formatRange(lowCents, highCents);
}

/** The heading block of a fleet page: breadcrumb, title, intro and actions. */
export function FleetPageHeader({
  title,
  intro,
  actions,
  breadcrumb,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  breadcrumb?: { to: string; label: string };
}) {
  return (
    // The actions sit beside the title when there is room and wrap below it otherwise.
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 flex-[1_1_28rem]">
        {breadcrumb ? (
          <nav aria-label="Breadcrumb" className="mb-2 text-sm">
            <Link to={breadcrumb.to} className="font-medium text-brand-600 hover:underline">
              <span aria-hidden="true">← </span>
              {breadcrumb.label}
            </Link>
          </nav>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {intro ? <div className="mt-1 text-slate-700">{intro}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * One report in a list: a link to it, its date and finding count, status and range. On phones
 * the badge sits beside the title and the range below; on wider screens they line up in columns.
 */
export function ReportListItem({
  report,
  title,
  showDate = true,
}: {
  report: {
    id: string;
    status: ReportStatus;
    createdAt: string;
    findingCount: number;
    lowCents: number | null;
    highCents: number | null;
  };
  title: string;
  /** Off when the title already says the date. */
  showDate?: boolean;
}) {
  const formatDate = useFormatDate();
  const range = rangeText(report.lowCents, report.highCents);
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 py-3 sm:grid-cols-[minmax(0,1fr)_auto_9rem] sm:items-center">
      <div className="min-w-0">
        <Link
          to={`/analysis/${report.id}`}
          className="font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
        >
          {title}
        </Link>
        <p className="text-sm text-slate-600">
          {showDate ? `${formatDate(report.createdAt)} · ` : ""}
          {report.findingCount === 1 ? "1 finding" : `${report.findingCount} findings`}
        </p>
      </div>
      <div className="self-start sm:self-center">
        <ReportStatusBadge status={report.status} />
      </div>
      <p className="col-span-2 text-sm font-semibold text-slate-900 tabular-nums sm:col-span-1 sm:text-right">
        {range ?? <span className="font-normal text-slate-600">No estimate yet</span>}
      </p>
    </li>
  );
}
