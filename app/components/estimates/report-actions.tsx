import { LinkDaysSelect } from "~/components/link-days-select";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { FormAlert } from "~/components/form-field";
import {
  NewLinkNotice,
  ReadOnlyLinkList,
  type ReadOnlyLinkItem,
} from "~/components/read-only-links";
import { formErrorOf, type ReportReply } from "~/lib/estimates/report-forms";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { shareLinkCreatorLabel } from "~/lib/estimates/share-options";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { EditRevisionConfirm } from "./report-revisions";
import { shareTitle } from "./share-link-field";

/**
 * A finalized report's actions: PDF, print, "Edit findings" (a link that asks first, so it works
 * without JavaScript too) and the read-only share links.
 */
export function ReportActions({
  report,
  shareLinks,
  reply,
  confirmEdit = false,
}: {
  report: ReportView;
  /** "Edit findings" was chosen: ask before opening the next revision. */
  confirmEdit?: boolean;
  shareLinks: (ReadOnlyLinkItem & {
    createdBy: { name: string; stillMember: boolean } | null;
  })[];
  reply?: ReportReply;
}) {
  const printed = useFetcher();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const print = () => {
    printed.submit({ intent: "printed" }, { method: "post" });
    window.print();
  };
  return (
    <div className="no-print space-y-4">
      <div className="flex flex-wrap gap-2">
        <a href={`/analysis/${report.id}/pdf`} className="btn-primary" download>
          Download PDF
        </a>
        <PrintButton onPrint={print} />
        <Link to="?edit=confirm#edit-confirm" className="btn-ghost" preventScrollReset>
          Edit findings
        </Link>
      </div>
      {confirmEdit ? (
        <EditRevisionConfirm reportId={report.id} number={report.revision} busy={busy} />
      ) : null}
      <details
        id="share"
        className="rounded-xl border border-slate-200 p-4"
        open={reply?.intent === "share"}
      >
        <summary className="cursor-pointer font-semibold">Share a read-only link</summary>
        <p className="mt-2 text-sm text-slate-700">
          For an adjuster, the guest or their insurer. They see this report and its photos, nothing
          else, until the link expires or you revoke it.
        </p>
        {reply?.shareUrl ? (
          <NewLinkNotice
            url={reply.shareUrl}
            title={shareTitle(report.vehicle.title)}
            className="mt-3"
          />
        ) : null}
        {reply?.intent === "share" ? <FormAlert message={formErrorOf(reply)} /> : null}
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="share" />
          <LinkDaysSelect id="share-days" />
          <button type="submit" className="btn-outline" disabled={busy}>
            Create link
          </button>
        </Form>
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="share-gps" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="shareGps" defaultChecked={report.shareGps} />
            Show the photos' GPS positions to people with a link
          </label>
          <button type="submit" className="mt-2 text-sm text-brand-600 underline" disabled={busy}>
            Save sharing setting
          </button>
        </Form>
        <ReadOnlyLinkList
          links={shareLinks}
          date={(iso) => iso.slice(0, 10)}
          byline={(link) => (link.createdBy ? ` by ${shareLinkCreatorLabel(link.createdBy)}` : "")}
          revokeIntent="revoke-share"
          busy={busy}
          className="mt-4"
        />
      </details>
    </div>
  );
}

/** Printing needs JavaScript; without it the browser's own Print menu uses the same print styles. */
function PrintButton({ onPrint }: { onPrint: () => void }) {
  if (!useHydrated()) return null;
  return (
    <button type="button" className="btn-outline" onClick={onPrint}>
      Print
    </button>
  );
}
