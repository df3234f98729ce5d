import type { ReactNode } from "react";
import { ColumnHeaders, type Column } from "~/components/column-headers";
import { markerShapePath, markerStyle } from "~/domain/estimate/diagram";
import { SEVERITY_LABELS } from "~/lib/estimates/finding-labels";
import { SEVERITY_STYLES } from "~/components/estimates/photo-with-boxes";
import type { ReportFinding } from "./format";

/** Severity in words, with the diagram's marker shape (circle, diamond, square) beside it. */
export function SeverityChip({ severity }: { severity: ReportFinding["severity"] }) {
  const marker = markerStyle(severity);
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${SEVERITY_STYLES[severity].chip}`}
    >
      <svg viewBox="0 0 20 20" className="size-3 shrink-0" aria-hidden="true" focusable="false">
        <path
          d={markerShapePath(marker.shape, 10, 10, 7.5)}
          fill={marker.fill}
          stroke={marker.stroke}
          strokeWidth={1.5}
        />
      </svg>
      {SEVERITY_LABELS[severity]}
    </span>
  );
}

export function Section({
  id,
  title,
  intro,
  lead,
  children,
  className = "",
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  /** Content printed on the same page as the heading (the heading never ends a page alone). */
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`mt-10 print:mt-6 ${className}`}>
      <div className={lead ? "print:break-inside-avoid" : undefined}>
        <h2
          id={id}
          className="text-xl font-bold tracking-tight text-slate-900 print:break-after-avoid print:text-lg"
        >
          {title}
        </h2>
        {intro ? (
          <div className="mt-1 max-w-3xl text-sm text-slate-600 print:break-inside-avoid print:break-after-avoid">
            {intro}
          </div>
        ) : null}
        {lead}
      </div>
      {children}
    </section>
  );
}

/**
 * The report's wide table (from `sm` up, and always in print): a caption, one header row, and
 * `children` as the body's rows. Phones get the sections' stacked cards instead.
 */
export function WideTable({
  caption,
  captionClassName = "sr-only",
  columns,
  className,
  children,
}: {
  caption: string;
  captionClassName?: string;
  columns: readonly Column[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <table
      className={`${className ? `${className} ` : ""}hidden w-full text-left text-sm sm:table`}
    >
      <caption className={captionClassName}>{caption}</caption>
      <thead>
        <ColumnHeaders
          className="border-b border-slate-300 text-xs text-slate-600"
          columns={columns}
        />
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}
