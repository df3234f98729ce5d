import type { ReportView } from "~/lib/estimates/report-view.server";

export type ReportStatus = ReportView["status"];

export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  queued: "Queued",
  analyzing: "Analyzing",
  needs_review: "Needs review",
  complete: "Complete",
  failed: "Failed",
};

// Text colors are the 800 shades on 50 backgrounds: AA contrast for small text.
const STYLES: Readonly<Record<ReportStatus, { badge: string; dot: string }>> = {
  queued: { badge: "border-slate-300 bg-slate-50 text-slate-800", dot: "bg-slate-500" },
  analyzing: {
    badge: "border-brand-200 bg-brand-50 text-brand-900",
    dot: "bg-brand-500 motion-safe:animate-pulse",
  },
  needs_review: { badge: "border-amber-300 bg-amber-50 text-amber-900", dot: "bg-amber-500" },
  complete: { badge: "border-emerald-300 bg-emerald-50 text-emerald-900", dot: "bg-emerald-600" },
  failed: { badge: "border-red-300 bg-red-50 text-red-800", dot: "bg-red-600" },
};

/** A report's status as a colored pill that always carries its name (never color alone). */
export function ReportStatusBadge({
  status,
  className = "",
}: {
  status: ReportStatus;
  className?: string;
}) {
  const style = STYLES[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${style.badge} ${className}`}
    >
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${style.dot}`} />
      {REPORT_STATUS_LABELS[status]}
    </span>
  );
}
