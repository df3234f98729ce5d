import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { DiagramLegend, VehicleDiagram } from "~/components/vehicle-diagram";
import { PHOTO_PHASE_LABELS } from "~/domain/estimate/labels";
import { isPanelId, type PanelId } from "~/domain/estimate/taxonomy";
import { formatCents, formatRange } from "~/domain/money";
import { findingMarkers } from "~/lib/estimates/finding-labels";
import { resultFor, type ReportReply } from "~/lib/estimates/report-forms";
import type { ReportView } from "~/lib/estimates/report-view.server";
import type { RevisionPageData } from "~/lib/estimates/revision-page.server";
import { valuesOf } from "~/lib/http/form";
import { AddFindingForm, useSuccessfulPosts } from "./add-finding-form";
import { FindingList } from "./finding-list";
import { OpenDamageList } from "./open-damage-list";
import type { OpenDamage } from "~/lib/estimates/open-damage";
import { PhotoWithBoxes } from "./photo-with-boxes";
import { DraftRevisionNotices } from "./report-revisions";
import { ReportStatusBadge } from "./status-badge";

/** A report to review: its photos, the diagram, the findings and the estimate so far. */
export function ReportReview({
  report,
  aiAvailable,
  revisions,
  reply,
  openDamage,
}: {
  report: ReportView;
  aiAvailable: boolean;
  revisions: RevisionPageData;
  reply?: ReportReply;
  /** Damage earlier reports of this car found and nobody repaired yet. */
  openDamage: OpenDamage[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const addResult = resultFor(reply, "add-finding");
  // Each add that worked starts the form (and the diagram's pick) again from empty.
  const added = useSuccessfulPosts("add-finding", addResult?.status === "error");
  const postedPanel = valuesOf(addResult).panel;
  const [picked, setPicked] = useState({
    panel: isPanelId(postedPanel) ? postedPanel : ("" as const),
    round: added,
  });
  const panel: PanelId | "" = picked.round === added ? picked.panel : "";
  const setPanel = (id: PanelId) => setPicked({ panel: id, round: added });
  const markers = [
    ...findingMarkers(report.findings),
    ...openDamage.map((entry) => ({
      id: `open-${entry.findingId}`,
      panel: entry.panel,
      severity: entry.severity,
      label: `${entry.label}, already reported`,
      status: "pre-existing" as const,
    })),
  ];
  return (
    <div className="space-y-8">
      <header>
        <ReportStatusBadge status={report.status} />
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Review the damage</h1>
        <p className="mt-1 text-slate-700">
          {report.vehicle.title}
          {report.vehicle.nickname ? ` · ${report.vehicle.nickname}` : ""}
        </p>
        <p className="mt-1 text-sm font-semibold text-slate-700">
          Revision {revisions.number} · draft
        </p>
        <DraftRevisionNotices reportId={report.id} revisions={revisions} busy={busy} />
        <AnalysisNotice report={report} aiAvailable={aiAvailable} busy={busy} />
      </header>
      <ReviewPhotos report={report} />

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
          <OpenDamageList openDamage={openDamage} />
        </section>

        <section aria-labelledby="add-title" className="rounded-xl border border-slate-200 p-4">
          <h2 id="add-title" className="text-lg font-semibold">
            Add damage
          </h2>
          <AddFindingForm
            key={added}
            bodyType={report.vehicle.bodyType}
            lastResult={addResult}
            panel={panel}
            onPanelChange={setPanel}
            busy={busy}
            openDamage={openDamage}
            photos={report.photos}
          />
        </section>
      </div>

      <FindingList report={report} reply={reply} busy={busy} openDamage={openDamage} />

      <EstimatePreview report={report} busy={busy} />
    </div>
  );
}

/** Why the findings look as they do: the AI failed (with a retry), found some, or it's by hand. */
function AnalysisNotice({
  report,
  aiAvailable,
  busy,
}: {
  report: ReportView;
  aiAvailable: boolean;
  busy: boolean;
}) {
  return report.status === "failed" ? (
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
      The AI found {report.findings.length} {report.findings.length === 1 ? "thing" : "things"}.
      Check each one against the photos: confirm, correct or remove it, and add anything it missed.
    </p>
  ) : (
    <p className="mt-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
      Mark each piece of damage: tap the panel on the diagram (or choose it in the list), then say
      what it is and how bad.
    </p>
  );
}

function ReviewPhotos({ report }: { report: ReportView }) {
  return (
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
  );
}

/** The estimate so far and the button that makes it final. */
function EstimatePreview({ report, busy }: { report: ReportView; busy: boolean }) {
  const estimate = report.estimate;
  return (
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
            Total {formatCents(estimate.totalCents)} · {estimate.lines.length}{" "}
            {estimate.lines.length === 1 ? "line" : "lines"} · {estimate.laborHours} labor hours
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
  );
}
