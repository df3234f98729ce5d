/**
 * The finished damage report as one document: the page an owner, an adjuster (share link) and the
 * public demo see, and what the browser prints. Plain props from `reportView()`; no data loading.
 *
 * Every date is written in the account's time zone by ~/domain/dates (or in the photo's own clock for capture times), so
 * the server and the browser render the same text and hydration never mismatches.
 *
 * Print: the site's `header`/`footer` elements and `.no-print` are hidden by app.css, so this
 * document uses neither element itself. Phones get stacked cards instead of the wide tables; the
 * cards are `sm:hidden`, and a printed page is always wider than `sm`, so print gets the tables.
 */
import type { ReactNode } from "react";
import { DamageSection } from "./report/damage";
import { NotesSection, OperationsSection } from "./report/operations";
import { Section } from "./report/parts";
import { EvidenceSection, PhotosSection } from "./report/photos";
import { DocumentHeading, Headline, type DocumentProps } from "./report/summary";

/**
 * The report, top to bottom: heading, the headline numbers, `actions` (the route's print, PDF and
 * share buttons; hidden in print), the diagram and findings, the operation lines and totals, what
 * could raise the cost, assumptions, photos, evidence and disclaimers. The route must not render
 * another h1: the report title is the page's.
 */
export function ReportDocument({
  report,
  shareMode = false,
  shareUrl,
  actions,
}: DocumentProps & { actions?: ReactNode }) {
  return (
    <article className="report-document text-slate-900" aria-labelledby="report-title">
      <DocumentHeading report={report} shareMode={shareMode} shareUrl={shareUrl} />
      <Headline report={report} />
      {actions ? (
        <div
          className="no-print mt-4 flex flex-wrap gap-2"
          role="group"
          aria-label="Report actions"
        >
          {actions}
        </div>
      ) : null}
      <DamageSection report={report} />
      <OperationsSection report={report} />
      <NotesSection report={report} />
      <PhotosSection report={report} shareMode={shareMode} />
      <EvidenceSection report={report} shareMode={shareMode} />
      <Section id="report-disclaimers" title="Disclaimers" className="print:break-inside-avoid">
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-700 print:text-xs">
          {report.disclaimers.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </Section>
      <p className="mt-10 border-t border-slate-200 pt-4 text-xs text-slate-600 print:mt-6">
        Prepared with FleetAssist · report {report.id}
      </p>
    </article>
  );
}
