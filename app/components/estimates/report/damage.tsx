import type { Column } from "~/components/column-headers";
import { DiagramLegend, VehicleDiagram } from "~/components/vehicle-diagram";
import { formatNumber } from "~/domain/money";
import { findingMarkers } from "~/lib/estimates/finding-labels";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { findingDetailText } from "~/lib/estimates/finding-labels";
import { confidenceText, plural, sizeText, type ReportFinding } from "./format";
import { Section, SeverityChip, WideTable } from "./parts";

const FINDING_COLUMNS: Column[] = [
  { label: "#", padding: "py-2 pr-2" },
  "Where",
  "Damage",
  "Severity",
  "Size",
  { label: "Confidence", numeric: true },
  "Found by",
  "Charged",
];

export function DamageSection({ report }: { report: ReportView }) {
  const { vehicle, findings } = report;
  const markers = findingMarkers(findings);
  const preExisting = findings.filter((finding) => finding.preExisting).length;

  return (
    <Section
      id="report-damage"
      title="Where the damage is"
      intro={
        findings.length === 0
          ? "No damage was found on the photos."
          : `${plural(findings.length, "finding")}${preExisting > 0 ? `, of which ${formatNumber(preExisting)} ${preExisting === 1 ? "was" : "were"} already there before the trip and ${preExisting === 1 ? "is" : "are"} not charged` : ""}.${findings.some((finding) => finding.box) ? " Numbers match the boxes on the photos." : ""}`
      }
      lead={
        <div className="mx-auto mt-4 w-full max-w-sm print:max-w-[17rem]">
          <VehicleDiagram
            bodyType={vehicle.bodyType}
            markers={markers}
            title={`Damage diagram of the ${vehicle.title}`}
          />
          <DiagramLegend />
        </div>
      }
    >
      {findings.length > 0 ? (
        <div className="mt-6">
          <FindingsTable units={report.display.units} findings={findings} />
        </div>
      ) : null}
    </Section>
  );
}

function ChargedText({ finding }: { finding: ReportFinding }) {
  if (finding.sameAsFindingId) {
    return (
      <span className="font-medium text-slate-700">
        Reported on an earlier report — not charged again
      </span>
    );
  }
  return finding.preExisting ? (
    <span className="font-medium text-slate-700">Already there — not charged</span>
  ) : (
    <span className="whitespace-nowrap text-slate-900">New — priced</span>
  );
}

function FindingsTable({
  findings,
  units,
}: {
  findings: ReportFinding[];
  units: ReportView["display"]["units"];
}) {
  const photoLink = (finding: ReportFinding) =>
    finding.photoNumber !== null ? (
      <a href={`#photo-${finding.photoNumber}`} className="text-brand-700 underline">
        Photo {finding.photoNumber}
      </a>
    ) : null;

  return (
    <div className="min-w-0">
      <WideTable
        caption="Findings"
        captionClassName="mb-2 text-left text-sm font-semibold text-slate-900"
        columns={FINDING_COLUMNS}
      >
        {findings.map((finding) => (
          <tr
            key={finding.id}
            data-finding-row={finding.number}
            className={`align-top print:break-inside-avoid ${finding.preExisting ? "bg-slate-50" : ""}`}
          >
            <th scope="row" className="py-2 pr-2 font-bold text-slate-900 tabular-nums">
              {finding.number}
            </th>
            <td className="py-2 pr-3 text-slate-900">{finding.panelLabel}</td>
            <td className="py-2 pr-3 text-slate-900">
              {finding.damageLabel}
              {finding.photoNumber !== null ? (
                <span className="block text-xs">{photoLink(finding)}</span>
              ) : null}
              {findingDetailText(finding) ? (
                <span className="block text-xs text-slate-700">{findingDetailText(finding)}</span>
              ) : null}
              {finding.note ? (
                <span className="block text-xs text-slate-600">{finding.note}</span>
              ) : null}
            </td>
            <td className="py-2 pr-3">
              <SeverityChip severity={finding.severity} />
            </td>
            <td className="py-2 pr-3 whitespace-nowrap text-slate-700 tabular-nums">
              {sizeText(finding.sizeCm, units)}
            </td>
            <td className="py-2 pr-3 text-right text-slate-700 tabular-nums">
              {confidenceText(finding.confidence)}
            </td>
            <td className="py-2 pr-3 text-slate-700">{finding.source === "ai" ? "AI" : "Host"}</td>
            <td className="w-32 py-2">
              <ChargedText finding={finding} />
            </td>
          </tr>
        ))}
      </WideTable>

      <h3 className="text-sm font-semibold text-slate-900 sm:hidden">Findings</h3>
      <ol className="mt-2 space-y-2 sm:hidden">
        {findings.map((finding) => (
          <li
            key={finding.id}
            className={`rounded-xl border p-3 ${finding.preExisting ? "border-dashed border-slate-300 bg-slate-50" : "border-slate-200"}`}
          >
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold text-slate-900">
                <span className="tabular-nums">{finding.number}.</span> {finding.panelLabel}
              </p>
              <SeverityChip severity={finding.severity} />
            </div>
            <p className="mt-0.5 text-sm text-slate-800">
              {finding.damageLabel} · {sizeText(finding.sizeCm, units)}
            </p>
            {findingDetailText(finding) ? (
              <p className="text-xs text-slate-700">{findingDetailText(finding)}</p>
            ) : null}
            {finding.note ? <p className="text-xs text-slate-600">{finding.note}</p> : null}
            <p className="mt-1 text-xs text-slate-600">
              {finding.source === "ai" ? "Found by AI" : "Tagged by the host"} ·{" "}
              {confidenceText(finding.confidence)} confidence
              {finding.photoNumber !== null ? <> · {photoLink(finding)}</> : null}
            </p>
            <p className="mt-1 text-xs">
              <ChargedText finding={finding} />
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
