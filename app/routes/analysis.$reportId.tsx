import { useEffect, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/analysis.$reportId";
import { notFoundBoundary } from "~/components/error-boundary";
import { FindingFields } from "~/components/estimates/finding-fields";
import { PhotoWithBoxes } from "~/components/estimates/photo-with-boxes";
import { ReportDocument } from "~/components/estimates/report-document";
import { ReportStatusBadge } from "~/components/estimates/status-badge";
import { FormAlert } from "~/components/form-field";
import { VehicleDiagram, DiagramLegend } from "~/components/vehicle-diagram";
import { PHOTO_PHASE_LABELS } from "~/domain/estimate/labels";
import { isPanelId, type PanelId } from "~/domain/estimate/taxonomy";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import { notFound } from "~/lib/http/not-found";
import {
  FindingFormSchema,
  findingLabelWithPanel,
  findingMarkers,
} from "~/lib/estimates/finding-form";
import { reportView, type ReportView } from "~/lib/estimates/report-view.server";
import {
  addFinding,
  aiAvailable,
  finalizeReport,
  getReport,
  loadReport,
  removeFinding,
  reopenReport,
  ReportInputError,
  retryAnalysis,
  setShareGps,
  updateFinding,
} from "~/lib/estimates/reports.server";
import {
  DEFAULT_SHARE_LINK_DAYS,
  SHARE_LINK_DAYS,
  shareLinkCreatorLabel,
} from "~/lib/estimates/share-options";
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  shareLinkState,
} from "~/lib/estimates/shares.server";
import { formValues, parseForm, readForm, type FieldErrors } from "~/lib/http/form.server";
import { formatCents, formatRange } from "~/domain/money";
import { pageMeta } from "~/lib/ui/meta";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: data ? `Estimate: ${data.report.vehicle.title}` : "Estimate",
    path: "/analysis",
    origin: data?.origin ?? "http://localhost",
    noIndex: true,
  });

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
  return {
    origin,
    report: reportView(loaded, { photoUrlBase: "/photos", showGps: true }),
    aiAvailable: aiAvailable(),
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

interface ActionData {
  intent: string;
  findingId?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  error?: string;
  shareUrl?: string;
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  const intent = String(form?.get("intent") ?? "");
  const reportId = params.reportId;
  const here = `/analysis/${reportId}`;
  const fail = (error: string, status = 400, extra: Partial<ActionData> = {}) =>
    data<ActionData>({ intent, error, ...extra }, { status });
  if (!form) return fail("We couldn't read that form. Try again.");
  try {
    switch (intent) {
      case "add-finding":
      case "update-finding": {
        const findingId = String(form.get("findingId") ?? "");
        const parsed = parseForm(FindingFormSchema, form);
        if (!parsed.ok) {
          return fail("Check the highlighted fields.", 400, {
            findingId,
            fieldErrors: parsed.fieldErrors,
            values: formValues(form),
          });
        }
        if (intent === "add-finding") addFinding(session.accountId, reportId, parsed.data);
        else updateFinding(session.accountId, reportId, findingId, parsed.data);
        return redirectWithToast(`${here}#findings`, {
          title: intent === "add-finding" ? "Damage added" : "Finding updated",
          description: "The estimate below is re-priced.",
        });
      }
      case "remove-finding":
        removeFinding(session.accountId, reportId, String(form.get("findingId") ?? ""));
        return redirectWithToast(`${here}#findings`, {
          title: "Finding removed",
          description: "The estimate below is re-priced.",
        });
      case "finalize":
        finalizeReport(session.accountId, reportId);
        return redirectWithToast(here, {
          title: "Estimate ready",
          description: "Download the PDF or share a read-only link.",
        });
      case "reopen":
        reopenReport(session.accountId, reportId);
        return redirectWithToast(`${here}#findings`, {
          title: "Editing findings",
          description: "Finalize again when you're done.",
        });
      case "retry":
        retryAnalysis(session.accountId, reportId);
        return redirectWithToast(here, {
          title: "Analysis queued",
          description: "This takes about a minute.",
        });
      case "share": {
        const days = Number(form.get("days") ?? DEFAULT_SHARE_LINK_DAYS);
        const { token } = createShareLink(session.accountId, session.user.id, reportId, days);
        const shareUrl = new URL(`/share/${token}`, env().PUBLIC_URL).toString();
        return data<ActionData>({ intent, shareUrl });
      }
      case "revoke-share":
        revokeShareLink(session.accountId, reportId, Number(form.get("linkId")));
        return redirectWithToast(`${here}#share`, {
          title: "Link revoked",
          description: "Anyone opening it now gets “not found”.",
        });
      case "share-gps":
        setShareGps(session.accountId, reportId, form.get("shareGps") === "on");
        return redirectWithToast(`${here}#share`, {
          title: "Saved",
          description: "Sharing settings updated.",
        });
      case "printed":
        if (!getReport(session.accountId, reportId))
          throw new ReportInputError("Report not found", 404);
        recordEvent("analysis_printed", { analysisId: reportId }, session.user.id);
        return data<ActionData>({ intent });
      default:
        return fail("Unknown action.");
    }
  } catch (error) {
    if (!(error instanceof ReportInputError)) throw error;
    // A missing report is a not-found page; a missing finding or link on a report that exists
    // (removed in another tab, say) is a message on the report.
    if (error.status === 404 && !getReport(session.accountId, reportId)) {
      notFound(REPORT_NOT_FOUND);
    }
    return fail(error.message, error.status);
  }
}

export default function Analysis({ loaderData, actionData }: Route.ComponentProps) {
  const { report } = loaderData;
  const reviewing = !ACTIVE.has(report.status) && report.status !== "complete";
  // The review shows its own errors beside the findings, the share box beside the link; any
  // other refusal (on a report that has moved on, say) is shown at the top.
  const pageError =
    actionData?.error && !reviewing && actionData.intent !== "share" ? actionData.error : undefined;
  return (
    <main id="main" className="container-page max-w-5xl py-6 sm:py-10">
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
        <Progress report={report} />
      ) : report.status === "complete" ? (
        <ReportDocument
          report={report}
          actions={
            <ReportActions
              report={report}
              shareLinks={loaderData.shareLinks}
              actionData={actionData}
            />
          }
        />
      ) : (
        <Review report={report} aiAvailable={loaderData.aiAvailable} actionData={actionData} />
      )}
    </main>
  );
}

/** Queued or analyzing: live status with JS, a self-refreshing page without. */
function Progress({ report }: { report: ReportView }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <section aria-labelledby="progress-title" className="mx-auto max-w-xl text-center">
      <noscript>
        <meta httpEquiv="refresh" content="3" />
      </noscript>
      <ReportStatusBadge status={report.status} />
      <h1 id="progress-title" className="mt-3 text-2xl font-bold">
        {report.status === "queued" ? "Your photos are in the queue" : "Analyzing your photos…"}
      </h1>
      <p className="mt-2 text-slate-700" role="status" aria-live="polite">
        {report.status === "queued"
          ? `${report.photos.length} photo${report.photos.length === 1 ? "" : "s"} of the ${report.vehicle.title} are waiting for the AI. This usually takes about a minute.`
          : "The AI is looking for dents, scratches, cracks and broken parts. You'll review every finding next."}
      </p>
      <div
        className="mx-auto mt-6 h-2 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
        aria-hidden="true"
      >
        <div
          className={`h-full bg-brand-500 ${report.status === "queued" ? "w-1/4" : "w-2/3 animate-pulse"}`}
        />
      </div>
      <p className="mt-6 text-sm text-slate-600">This page updates by itself.</p>
    </section>
  );
}

function Review({
  report,
  aiAvailable,
  actionData,
}: {
  report: ReportView;
  aiAvailable: boolean;
  actionData?: ActionData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const addErrors = actionData?.intent === "add-finding" ? actionData : undefined;
  const postedPanel = addErrors?.values?.panel;
  const [panel, setPanel] = useState<PanelId | "">(isPanelId(postedPanel) ? postedPanel : "");
  const estimate = report.estimate;
  const markers = findingMarkers(report.findings);
  return (
    <div className="space-y-8">
      <header>
        <ReportStatusBadge status={report.status} />
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Review the damage</h1>
        <p className="mt-1 text-slate-700">
          {report.vehicle.title}
          {report.vehicle.nickname ? ` · ${report.vehicle.nickname}` : ""}
        </p>
        {report.status === "failed" ? (
          <div
            role="alert"
            className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          >
            <p className="font-semibold">The AI analysis didn't finish.</p>
            <p className="mt-1">{report.failureReason}</p>
            {aiAvailable ? (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="retry" />
                <button type="submit" className="btn-outline bg-white" disabled={busy}>
                  Try the analysis again
                </button>
              </Form>
            ) : null}
          </div>
        ) : report.mode === "ai" ? (
          <p className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            The AI found {report.findings.length}{" "}
            {report.findings.length === 1 ? "thing" : "things"}. Check each one against the photos:
            confirm, correct or remove it, and add anything it missed.
          </p>
        ) : (
          <p className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
            Mark each piece of damage: tap the panel on the diagram (or choose it in the list), then
            say what it is and how bad.
          </p>
        )}
      </header>

      <section aria-labelledby="photos-title">
        <h2 id="photos-title" className="text-lg font-semibold">
          Photos
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {report.photos.map((photo) => (
            <li key={photo.id}>
              <PhotoWithBoxes
                photo={photo}
                alt={`Photo ${photo.number}`}
                boxes={report.findings.filter(
                  (finding) => finding.photoId === photo.id && finding.box,
                )}
                linkToFull
              />
              <p className="mt-1 text-xs text-slate-600">
                Photo {photo.number} · {PHOTO_PHASE_LABELS[photo.phase]}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-labelledby="diagram-title">
          <h2 id="diagram-title" className="text-lg font-semibold">
            Where is the damage?
          </h2>
          <VehicleDiagram
            bodyType={report.vehicle.bodyType}
            markers={markers}
            title={`Damage diagram of the ${report.vehicle.title}`}
            selectedPanel={panel || null}
            onSelectPanel={(id) => {
              setPanel(id);
              document.getElementById("add-panel")?.focus();
            }}
            className="mt-3"
          />
          <DiagramLegend />
        </section>

        <section aria-labelledby="add-title" className="rounded-xl border border-slate-200 p-4">
          <h2 id="add-title" className="text-lg font-semibold">
            Add damage
          </h2>
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="add-finding" />
            <FindingFields
              idPrefix="add-"
              bodyType={report.vehicle.bodyType}
              values={addErrors?.values}
              errors={addErrors?.fieldErrors}
              panel={panel}
              onPanelChange={setPanel}
            />
            <button type="submit" className="btn-primary" disabled={busy}>
              Add to estimate
            </button>
          </Form>
        </section>
      </div>

      <section id="findings" aria-labelledby="findings-title">
        <h2 id="findings-title" className="text-lg font-semibold">
          Findings ({report.findings.length})
        </h2>
        {actionData?.error && actionData.intent !== "add-finding" ? (
          <div className="mt-2">
            <FormAlert message={actionData.error} />
          </div>
        ) : null}
        {report.findings.length === 0 ? (
          <p className="mt-2 text-slate-700">No damage marked yet.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {report.findings.map((finding) => {
              const errors =
                actionData?.intent === "update-finding" && actionData.findingId === finding.id
                  ? actionData
                  : undefined;
              return (
                <li key={finding.id} className="rounded-xl border border-slate-200 p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-semibold">
                      {finding.number}. {findingLabelWithPanel(finding)}
                      {finding.sizeCm ? ` · ${finding.sizeCm} cm` : ""}
                    </p>
                    <p className="text-sm text-slate-600">
                      {finding.source === "ai"
                        ? `AI, ${Math.round(finding.confidence * 100)}% confident`
                        : "Marked by you"}
                      {finding.photoNumber ? ` · photo ${finding.photoNumber}` : ""}
                      {finding.preExisting ? " · already there, not charged" : ""}
                    </p>
                  </div>
                  {finding.source === "ai" && finding.confidence < 0.6 ? (
                    <p className="mt-1 text-sm text-amber-800">
                      Low confidence: check this one closely.
                    </p>
                  ) : null}
                  <details className="mt-2" open={Boolean(errors)}>
                    <summary className="cursor-pointer text-sm font-medium text-brand-600">
                      {finding.source === "ai" ? "Confirm or correct" : "Edit"}
                    </summary>
                    <Form method="post" className="mt-3 space-y-3">
                      <input type="hidden" name="intent" value="update-finding" />
                      <input type="hidden" name="findingId" value={finding.id} />
                      <FindingFields
                        idPrefix={`f-${finding.number}-`}
                        bodyType={report.vehicle.bodyType}
                        values={
                          errors?.values ?? {
                            ...finding,
                            sizeCm: finding.sizeCm ?? "",
                            note: finding.note ?? "",
                          }
                        }
                        errors={errors?.fieldErrors}
                      />
                      <button type="submit" className="btn-primary" disabled={busy}>
                        Save finding {finding.number}
                      </button>
                    </Form>
                  </details>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="remove-finding" />
                    <input type="hidden" name="findingId" value={finding.id} />
                    <button
                      type="submit"
                      className="text-sm text-red-700 underline"
                      disabled={busy}
                    >
                      Remove finding {finding.number}
                    </button>
                  </Form>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section aria-labelledby="preview-title" className="rounded-xl bg-slate-50 p-4 sm:p-6">
        <h2 id="preview-title" className="text-lg font-semibold">
          Estimate so far
        </h2>
        {estimate && estimate.lines.length > 0 ? (
          <>
            <p className="mt-2 text-3xl font-bold tabular-nums">
              {formatRange(estimate.lowCents, estimate.highCents)}
            </p>
            <p className="text-sm text-slate-700">
              Total {formatCents(estimate.totalCents)} · {estimate.lines.length} lines ·{" "}
              {estimate.labourHours} labor hours
            </p>
          </>
        ) : (
          <p className="mt-2 text-slate-700">Add the damage to see the estimate.</p>
        )}
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="finalize" />
          <button
            type="submit"
            className="btn-primary w-full py-3 text-base sm:w-auto"
            disabled={busy || report.findings.length === 0}
          >
            Finalize estimate
          </button>
          <p className="mt-2 text-sm text-slate-600">
            You can still edit the findings afterwards. The final estimate gets a PDF and a share
            link.
          </p>
        </Form>
      </section>
    </div>
  );
}

function ReportActions({
  report,
  shareLinks,
  actionData,
}: {
  report: ReportView;
  shareLinks: {
    id: number;
    state: string;
    createdAt: string;
    expiresAt: string;
    lastViewedAt: string | null;
    createdBy: { name: string; stillMember: boolean } | null;
  }[];
  actionData?: ActionData;
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
        <Form method="post">
          <input type="hidden" name="intent" value="reopen" />
          <button type="submit" className="btn-ghost" disabled={busy}>
            Edit findings
          </button>
        </Form>
      </div>
      <details
        id="share"
        className="rounded-xl border border-slate-200 p-4"
        open={actionData?.intent === "share"}
      >
        <summary className="cursor-pointer font-semibold">Share a read-only link</summary>
        <p className="mt-2 text-sm text-slate-700">
          For an adjuster, the guest or their insurer. They see this report and its photos, nothing
          else, until the link expires or you revoke it.
        </p>
        {actionData?.shareUrl ? (
          <div role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-sm text-green-900">
            <p className="font-semibold">Link created. Copy it now: it is shown only once.</p>
            <label htmlFor="share-url" className="sr-only">
              Share link
            </label>
            <input
              id="share-url"
              readOnly
              value={actionData.shareUrl}
              className="input mt-2 font-mono text-xs"
              onFocus={(e) => e.target.select()}
            />
          </div>
        ) : null}
        {actionData?.intent === "share" && actionData.error ? (
          <FormAlert message={actionData.error} />
        ) : null}
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="share" />
          <div>
            <label htmlFor="share-days" className="label">
              Link works for
            </label>
            <select
              id="share-days"
              name="days"
              className="input"
              defaultValue={DEFAULT_SHARE_LINK_DAYS}
            >
              {SHARE_LINK_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days} days
                </option>
              ))}
            </select>
          </div>
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
        {shareLinks.length > 0 ? (
          <ul className="mt-4 divide-y divide-slate-200 text-sm">
            {shareLinks.map((link) => (
              <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  Link created {link.createdAt.slice(0, 10)}
                  {link.createdBy ? ` by ${shareLinkCreatorLabel(link.createdBy)}` : ""} ·{" "}
                  {link.state === "active" ? `expires ${link.expiresAt.slice(0, 10)}` : link.state}
                  {link.lastViewedAt
                    ? ` · last opened ${link.lastViewedAt.slice(0, 10)}`
                    : " · not opened yet"}
                </span>
                {link.state === "active" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="revoke-share" />
                    <input type="hidden" name="linkId" value={link.id} />
                    <button type="submit" className="text-red-700 underline" disabled={busy}>
                      Revoke
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
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

export const ErrorBoundary = notFoundBoundary("We couldn't find that report", [
  { to: "/dashboard", label: "Back to the dashboard" },
  { to: "/app", label: "Start a new estimate" },
]);
