/**
 * The report page's revision panels (ADR 0014): asking before a final report is edited, the
 * notices while the next revision is a draft, and the list of final revisions.
 */
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { useFormatDate } from "~/components/fleet";
import { formatCents } from "~/domain/money";
import type { RevisionPageData } from "~/lib/estimates/revision-page.server";

const pdfHref = (reportId: string, number: number) =>
  `/analysis/${reportId}/pdf?revision=${number}`;

/** "Edit findings" asked first (`?edit=confirm`): the final revision stays as it was sent. */
export function EditRevisionConfirm({
  reportId,
  number,
  busy,
}: {
  reportId: string;
  number: number;
  busy: boolean;
}) {
  const next = number + 1;
  // The question opens below the button that asked it; with JavaScript it also takes the focus,
  // so a keyboard or screen-reader user lands on it.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section
      ref={ref}
      id="edit-confirm"
      tabIndex={-1}
      aria-labelledby="edit-confirm-title"
      className="scroll-mt-24 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="edit-confirm-title" className="font-semibold">
        Edit the findings in a new revision?
      </h2>
      <p className="mt-1 text-sm">
        Revision {number} stays exactly as sent: its share links and PDF keep showing it. Your edits
        go into revision {next}, which you finalize when ready.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="open-revision" />
          <button type="submit" className="btn-primary" disabled={busy}>
            Edit in revision {next}
          </button>
        </Form>
        <Link to={`/analysis/${reportId}`} className="text-sm font-semibold underline">
          Cancel
        </Link>
      </div>
    </section>
  );
}

/** While the next revision is a draft: what share links still show, and re-pricing. */
export function DraftRevisionNotices({
  reportId,
  revisions,
  busy,
}: {
  reportId: string;
  revisions: RevisionPageData;
  busy: boolean;
}) {
  const { latestFinal, pinnedPricing } = revisions;
  const formatDate = useFormatDate();
  if (latestFinal === null) return null;
  return (
    <div className="mt-4 space-y-3">
      <p role="note" className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
        Revision {latestFinal} is final and still what your share links show.{" "}
        <a href={pdfHref(reportId, latestFinal)} className="font-semibold text-brand-700 underline">
          Revision {latestFinal} PDF
        </a>
      </p>
      {pinnedPricing ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            Priced with the rates of revision {pinnedPricing.revision} ({pinnedPricing.regionName},
            as of {formatDate(pinnedPricing.asOf)}). Your shop rates have changed since.
          </p>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="reprice" />
            <button type="submit" className="btn-outline bg-white" disabled={busy}>
              Re-price at current rates
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}

/** The final revisions, oldest first, each with its PDF. */
export function RevisionHistory({
  reportId,
  revisions,
}: {
  reportId: string;
  revisions: RevisionPageData;
}) {
  const formatDate = useFormatDate();
  if (!revisions.showHistory) return null;
  return (
    <section aria-labelledby="revisions-title" className="no-print mt-10">
      <h2 id="revisions-title" className="text-lg font-semibold">
        Revisions
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {revisions.final.map((row) => (
          <li key={row.number} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="font-semibold">Revision {row.number}</span>
            <span>finalized {formatDate(row.finalizedAt)}</span>
            <span className="tabular-nums">{formatCents(row.totalCents)}</span>
            <a href={pdfHref(reportId, row.number)} className="text-brand-700 underline">
              PDF<span className="sr-only"> of revision {row.number}</span>
            </a>
          </li>
        ))}
        {revisions.draft ? (
          <li className="py-2">
            <span className="font-semibold">Revision {revisions.number}</span> · draft, being edited
          </li>
        ) : null}
      </ul>
    </section>
  );
}
