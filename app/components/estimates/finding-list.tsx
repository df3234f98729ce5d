import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormAlert } from "~/components/form-field";
import {
  FindingFormFields,
  findingDetailText,
  findingLabelWithPanel,
} from "~/lib/estimates/finding-form";
import { formatSize } from "~/domain/units";
import { usePreferences } from "~/lib/ui/preferences";
import { formErrorOf, resultFor, type ReportReply } from "~/lib/estimates/report-forms";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { useSchemaForm } from "~/lib/http/form";
import type { OpenDamage } from "~/lib/estimates/open-damage";
import { FindingFields } from "./finding-fields";

type ReviewFinding = ReportView["findings"][number];

/** The review's findings, each with its edit form (open after a refused save) and remove button. */
export function FindingList({
  report,
  reply,
  busy,
  openDamage = [],
}: {
  report: ReportView;
  reply?: ReportReply;
  busy: boolean;
  openDamage?: OpenDamage[];
}) {
  // Errors of the add form show beside it; any other refusal here.
  const error = reply?.intent !== "add-finding" ? formErrorOf(reply) : undefined;
  return (
    <section id="findings" aria-labelledby="findings-title">
      <h2 id="findings-title" className="text-lg font-semibold">
        Findings ({report.findings.length})
      </h2>
      {error ? (
        <div className="mt-2">
          <FormAlert message={error} />
        </div>
      ) : null}
      {report.findings.length === 0 ? (
        <p className="mt-2 text-slate-700">No damage marked yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {report.findings.map((finding) => (
            <FindingItem
              key={finding.id}
              finding={finding}
              bodyType={report.vehicle.bodyType}
              reply={reply}
              busy={busy}
              openDamage={openDamage}
              photos={report.photos}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function FindingItem({
  finding,
  bodyType,
  reply,
  busy,
  openDamage,
  photos,
}: {
  finding: ReviewFinding;
  bodyType: ReportView["vehicle"]["bodyType"];
  reply?: ReportReply;
  busy: boolean;
  openDamage: OpenDamage[];
  photos: ReportView["photos"];
}) {
  const lastResult = resultFor(reply, "update-finding", finding.id);
  const { units } = usePreferences();
  const details = findingDetailText(finding);
  const [form, fields] = useSchemaForm(FindingFormFields, lastResult, {
    id: `finding-${finding.id}`,
  });
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {finding.number}. {findingLabelWithPanel(finding)}
          {finding.sizeCm ? ` · ${formatSize(finding.sizeCm, units)}` : ""}
        </p>
        <p className="text-sm text-slate-600">
          {finding.source === "ai"
            ? `AI, ${Math.round(finding.confidence * 100)}% confident`
            : "Marked by you"}
          {finding.photoNumber ? ` · photo ${finding.photoNumber}` : ""}
          {finding.preExisting ? " · already there, not charged" : ""}
          {finding.sameAsFindingId ? " · reported before, not charged again" : ""}
        </p>
      </div>
      {details ? <p className="mt-1 text-sm text-slate-700">{details}</p> : null}
      {finding.source === "ai" && finding.confidence < 0.6 ? (
        <p className="mt-1 text-sm text-amber-800">Low confidence: check this one closely.</p>
      ) : null}
      <details className="mt-2" open={Boolean(lastResult)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-600">
          {finding.source === "ai" ? "Confirm or correct" : "Edit"}
        </summary>
        <Form method="post" className="mt-3 space-y-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="update-finding" />
          <input type="hidden" name="findingId" value={finding.id} />
          <FindingFields
            idPrefix={`f-${finding.number}-`}
            bodyType={bodyType}
            fields={fields}
            saved={
              lastResult ? undefined : { ...finding, sameAs: finding.sameAsFindingId ?? undefined }
            }
            openDamage={openDamage}
            photos={photos}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Save finding {finding.number}
          </button>
        </Form>
      </details>
      <Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="remove-finding" />
        <input type="hidden" name="findingId" value={finding.id} />
        <button type="submit" className="text-sm text-red-700 underline" disabled={busy}>
          Remove finding {finding.number}
        </button>
      </Form>
    </li>
  );
}
