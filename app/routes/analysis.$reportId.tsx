import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/analysis.$reportId";
import { notFoundBoundary } from "~/components/error-boundary";
import { ReportActions } from "~/components/estimates/report-actions";
import { ReportDocument } from "~/components/estimates/report-document";
import { ReportProgress } from "~/components/estimates/report-progress";
import { ReportReview } from "~/components/estimates/report-review";
import { ReportTrip } from "~/components/estimates/report-trip";
import { RevisionHistory } from "~/components/estimates/report-revisions";
import { FormAlert } from "~/components/form-field";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import { FindingFormSchema } from "~/lib/estimates/finding-form";
import {
  formErrorOf,
  reportIntentSchema,
  type ReportIntent,
  type ReportReply,
} from "~/lib/estimates/report-forms";
import { checkSameDamage, SAME_DAMAGE_QUESTION } from "~/lib/estimates/open-damage";
import { openDamageFor } from "~/lib/estimates/open-damage.server";
import { setReportTrip, tripChoices, tripOfReport } from "~/lib/estimates/report-trip.server";
import { reportView } from "~/lib/estimates/report-view.server";
import { revisionPageData } from "~/lib/estimates/revision-page.server";
import { aiAvailable, getReport, loadReport } from "~/lib/estimates/reports.server";
import {
  addFinding,
  finalizeReport,
  openNextRevision,
  removeFinding,
  repriceAtCurrentRates,
  retryAnalysis,
  setShareGps,
  updateFinding,
} from "~/lib/estimates/report-edits.server";
import { DEFAULT_SHARE_LINK_DAYS } from "~/lib/estimates/share-options";
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  shareLinkState,
} from "~/lib/estimates/shares.server";
import { parseSubmission } from "~/lib/http/form";
import { formReply, inputErrorReply, readForm } from "~/lib/http/form.server";
import { catchInputError, InputError } from "~/lib/http/input-error";
import { postedCheckbox, postedFields, postedText, type IntentHandlers } from "~/lib/http/intent";
import { notFound } from "~/lib/http/not-found";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(data ? `Estimate: ${data.report.vehicle.title}` : "Estimate", "/analysis", data);

const ACTIVE = new Set(["queued", "analyzing"]);

/** Unknown ids and another account's reports get the same answer. */
const REPORT_NOT_FOUND = "We couldn't find that report in this account.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const loaded = loadReport(session.accountId, params.reportId) ?? notFound(REPORT_NOT_FOUND);
  // The progress page polls this loader; only a finished or reviewable report counts as viewed.
  if (!ACTIVE.has(loaded.report.status)) {
    recordEvent("report_viewed", { analysisId: loaded.report.id }, session.user.id);
  }
  const origin = new URL(env().PUBLIC_URL).origin;
  const complete = loaded.report.status === "complete";
  return {
    origin,
    report: reportView(loaded, { photoUrlBase: "/photos", showGps: true }),
    revisions: revisionPageData(loaded.report),
    /** "Edit findings" was chosen (`?edit=confirm`): the page asks before opening a revision. */
    confirmEdit: complete && new URL(request.url).searchParams.get("edit") === "confirm",
    aiAvailable: aiAvailable(),
    // Only a report still being reviewed asks about damage found before.
    openDamage: complete ? [] : openDamageFor(session.accountId, loaded.report),
    trip: tripOfReport(session.accountId, loaded.report),
    tripChoices: tripChoices(session.accountId, [loaded.report.vehicleId])[0]!.trips,
    shareLinks: listShareLinks(session.accountId, loaded.report.id).map((link) => ({
      id: link.id,
      state: shareLinkState(link),
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
      createdBy: link.createdBy,
    })),
  };
}

/** One posted form of the report page, for the intent's own function. */
interface Post {
  accountId: string;
  userId: string;
  reportId: string;
  form: FormData;
  /** The report's URL. */
  here: string;
}

const UNREADABLE = "We couldn't read that form. Try again.";
const REPRICED = "The estimate below is re-priced.";

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  if (!form) return formReply<ReportIntent>(null, { status: 400, formError: UNREADABLE });
  const posted = parseSubmission(form, reportIntentSchema);
  if (posted.status !== "success") {
    return formReply<ReportIntent>(posted, { status: 400, formError: "Unknown action." });
  }
  const intent = posted.value.intent;
  const reportId = params.reportId;
  const post: Post = {
    accountId: session.accountId,
    userId: session.user.id,
    reportId,
    form,
    here: `/analysis/${reportId}`,
  };
  return catchInputError(
    () => intentHandlers[intent](post),
    (error) => {
      // A missing report is a not-found page; a missing finding or link on a report that exists
      // (removed in another tab, say) is a message on the report.
      if (error.status === 404 && !getReport(session.accountId, reportId)) {
        notFound(REPORT_NOT_FOUND);
      }
      return inputErrorReply<ReportIntent>(posted, error, { intent, onField: false });
    },
  );
}

/** The hidden fields and single controls of the page's button forms (never refused). */
const findingIdSchema = z.object({ findingId: postedText });
const shareSchema = z.object({ days: z.string().optional().catch(undefined) });
const linkIdSchema = z.object({ linkId: postedText });
const shareGpsSchema = z.object({ shareGps: postedCheckbox });
const tripIdSchema = z.object({ tripId: postedText });

/** It worked: back to the report (at `anchor`), with a toast. */
function backToReport(
  post: Post,
  anchor: "" | "#findings" | "#share" | "#trip",
  title: string,
  description: string,
) {
  return redirectWithToast(`${post.here}${anchor}`, { title, description });
}

async function addFindingPosted(post: Post) {
  const { accountId, reportId, form } = post;
  const submission = parseSubmission(form, FindingFormSchema);
  if (submission.status !== "success") {
    return formReply<ReportIntent>(submission, { status: 400, intent: "add-finding" });
  }
  const refused = sameDamageRefusal(post, submission, "add-finding");
  if (refused) return refused;
  addFinding(accountId, reportId, submission.value);
  // A redirect (the page can be reloaded safely); with JavaScript the form clears itself on it.
  return backToReport(post, "#findings", "Damage added", REPRICED);
}

async function updateFindingPosted(post: Post) {
  const { accountId, reportId, form } = post;
  const submission = parseSubmission(form, FindingFormSchema);
  if (submission.status !== "success") {
    return formReply<ReportIntent>(submission, {
      status: 400,
      intent: "update-finding",
      formError: "Check the highlighted fields.",
    });
  }
  const refused = sameDamageRefusal(post, submission, "update-finding");
  if (refused) return refused;
  const { findingId } = postedFields(form, findingIdSchema);
  updateFinding(accountId, reportId, findingId, submission.value);
  return backToReport(post, "#findings", "Finding updated", REPRICED);
}

/** A finding on a panel that already has this open damage must say "same" or "new" first. */
function sameDamageRefusal(
  post: Post,
  submission: Extract<
    ReturnType<typeof parseSubmission<typeof FindingFormSchema>>,
    { status: "success" }
  >,
  intent: "add-finding" | "update-finding",
) {
  const report = getReport(post.accountId, post.reportId);
  if (!report) return null;
  const check = checkSameDamage(openDamageFor(post.accountId, report), submission.value);
  if (check.ok) return null;
  const message = check.kind === "ask" ? SAME_DAMAGE_QUESTION : check.message;
  return formReply<ReportIntent>(submission, {
    status: check.kind === "ask" ? 409 : 400,
    intent,
    formError: message,
    fieldErrors: { sameAs: message },
  });
}

async function removeFindingPosted(post: Post) {
  const { findingId } = postedFields(post.form, findingIdSchema);
  removeFinding(post.accountId, post.reportId, findingId);
  return backToReport(post, "#findings", "Finding removed", REPRICED);
}

async function finalizePosted(post: Post) {
  finalizeReport(post.accountId, post.reportId);
  return backToReport(post, "", "Estimate ready", "Download the PDF or share a read-only link.");
}

async function openRevisionPosted(post: Post) {
  const number = openNextRevision(post.accountId, post.reportId);
  return backToReport(
    post,
    "#findings",
    `Editing revision ${number}`,
    `Finalize it when you're done. Revision ${number - 1} stays as sent.`,
  );
}

async function repricePosted(post: Post) {
  repriceAtCurrentRates(post.accountId, post.reportId);
  return backToReport(post, "", "Re-priced at your current rates", REPRICED);
}

async function retryPosted(post: Post) {
  retryAnalysis(post.accountId, post.reportId);
  return backToReport(post, "", "Analysis queued", "This takes about a minute.");
}

async function sharePosted({ accountId, userId, reportId, form }: Post) {
  const days = Number(postedFields(form, shareSchema).days ?? DEFAULT_SHARE_LINK_DAYS);
  const { token } = createShareLink(accountId, userId, reportId, days);
  const shareUrl = new URL(`/share/${token}`, env().PUBLIC_URL).toString();
  return data<ReportReply>({ intent: "share", result: { status: "success" }, shareUrl });
}

async function revokeSharePosted(post: Post) {
  revokeShareLink(
    post.accountId,
    post.reportId,
    Number(postedFields(post.form, linkIdSchema).linkId),
  );
  return backToReport(post, "#share", "Link revoked", "Anyone opening it now gets “not found”.");
}

async function shareGpsPosted(post: Post) {
  setShareGps(post.accountId, post.reportId, postedFields(post.form, shareGpsSchema).shareGps);
  return backToReport(post, "#share", "Saved", "Sharing settings updated.");
}

async function printedPosted({ accountId, userId, reportId }: Post) {
  if (!getReport(accountId, reportId)) throw new InputError("Report not found", { status: 404 });
  recordEvent("analysis_printed", { analysisId: reportId }, userId);
  return data<ReportReply>({ intent: "printed", result: { status: "success" } });
}

async function setTripPosted(post: Post) {
  setReportTrip(post.accountId, post.reportId, postedFields(post.form, tripIdSchema).tripId);
  return backToReport(post, "#trip", "Trip saved", "Claims for that trip can use this estimate.");
}

/** One function per intent of the page's forms. */
const intentHandlers = {
  "add-finding": addFindingPosted,
  "update-finding": updateFindingPosted,
  "remove-finding": removeFindingPosted,
  finalize: finalizePosted,
  "open-revision": openRevisionPosted,
  reprice: repricePosted,
  retry: retryPosted,
  share: sharePosted,
  "revoke-share": revokeSharePosted,
  "share-gps": shareGpsPosted,
  printed: printedPosted,
  "set-trip": setTripPosted,
} satisfies IntentHandlers<ReportIntent, Post>;

export default function Analysis({ loaderData, actionData }: Route.ComponentProps) {
  const { report, revisions } = loaderData;
  const reply: ReportReply | undefined = actionData;
  const navigation = useNavigation();
  const reviewing = !ACTIVE.has(report.status) && report.status !== "complete";
  // The review shows its own errors beside the findings, the share box beside the link; any
  // other refusal (on a report that has moved on, say) is shown at the top.
  const error = formErrorOf(reply);
  const pageError = error && !reviewing && reply?.intent !== "share" ? error : undefined;
  return (
    <div className="container-page max-w-5xl py-6 sm:py-10">
      <nav className="no-print mb-4 text-sm" aria-label="Breadcrumb">
        <Link to="/dashboard" className="text-brand-600 underline">
          Dashboard
        </Link>{" "}
        ›{" "}
        <Link to={`/dashboard/vehicle/${report.vehicle.id}`} className="text-brand-600 underline">
          {report.vehicle.nickname ?? report.vehicle.title}
        </Link>
      </nav>
      {pageError ? (
        <div className="mb-4">
          <FormAlert message={pageError} />
        </div>
      ) : null}
      {ACTIVE.has(report.status) ? (
        <ReportProgress report={report} />
      ) : report.status === "complete" ? (
        <ReportDocument
          report={report}
          actions={
            <ReportActions
              report={report}
              shareLinks={loaderData.shareLinks}
              reply={reply}
              confirmEdit={loaderData.confirmEdit}
            />
          }
        />
      ) : (
        <ReportReview
          report={report}
          aiAvailable={loaderData.aiAvailable}
          revisions={revisions}
          reply={reply}
          openDamage={loaderData.openDamage}
        />
      )}
      {ACTIVE.has(report.status) ? null : (
        <ReportTrip
          reportId={report.id}
          vehicleId={report.vehicle.id}
          trip={loaderData.trip}
          choices={loaderData.tripChoices}
          complete={report.status === "complete"}
          busy={navigation.state !== "idle"}
        />
      )}
      <RevisionHistory reportId={report.id} revisions={revisions} />
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that report", [
  { to: "/dashboard", label: "Back to the dashboard" },
  { to: "/app", label: "Start a new estimate" },
]);
