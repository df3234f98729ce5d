/**
 * The finished damage report as one document: the page an owner, an adjuster (share link) and the
 * public demo see, and what the browser prints. Plain props from `reportView()`; no data loading.
 *
 * Every date is formatted by hand in UTC (or in the photo's own time zone for capture times), so
 * the server and the browser render the same text and hydration never mismatches.
 *
 * Print: the site's `header`/`footer` elements and `.no-print` are hidden by app.css, so this
 * document uses neither element itself. Phones get stacked cards instead of the wide tables; the
 * cards are `sm:hidden`, and a printed page is always wider than `sm`, so print gets the tables.
 */
import type { ReactNode } from "react";
import { DiagramLegend, VehicleDiagram } from "~/components/vehicle-diagram";
import { markerShapePath, markerStyle } from "~/domain/estimate/diagram";
import type { EstimateLine, LineCategory } from "~/domain/estimate/engine";
import {
  LINE_CATEGORY_LABELS,
  PHOTO_PHASE_LABELS,
  RATE_TYPE_LABELS,
} from "~/domain/estimate/labels";
import { formatCents, formatNumber, formatPercent } from "~/domain/money";
import { findingMarkers, SEVERITY_LABELS } from "~/lib/estimates/finding-form";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { PhotoWithBoxes, SEVERITY_STYLES } from "./photo-with-boxes";
import { ReportStatusBadge } from "./status-badge";

type ReportPhoto = ReportView["photos"][number];
type ReportFinding = ReportView["findings"][number];

// ─── Formatting (deterministic: no locale or time zone of the machine) ───────────────────────────

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const pad = (value: number | string) => String(value).padStart(2, "0");

function dayText(year: number, month: number, day: number): string {
  return `${day} ${MONTHS[month - 1] ?? "?"} ${year}`;
}

/** A date and a time of day, kept apart so a narrow cell can break between them. */
interface DateTimeParts {
  day: string;
  time: string;
}

function utcParts(iso: string): DateTimeParts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return {
    day: dayText(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
    time: `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`,
  };
}

/** "21 Nov 2026 09:12 UTC" from an ISO timestamp. */
export function formatUtcDateTime(iso: string): string {
  const parts = utcParts(iso);
  return parts ? `${parts.day} ${parts.time}` : iso;
}

/** "1 Nov 2026" from "2026-11-01" (or the start of a timestamp). */
export function formatIsoDay(text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return text;
  return dayText(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * A photo's EXIF capture time in the camera's own clock: "20 Nov 2026 14:03 (-08:00)". Without a
 * recorded offset the time zone is unknown, and the text says so rather than guessing.
 */
export function formatCaptureTime(capturedAt: string): string {
  const parts = captureParts(capturedAt);
  return parts ? `${parts.day} ${parts.time}` : capturedAt;
}

function captureParts(capturedAt: string): DateTimeParts | null {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(
      capturedAt,
    );
  if (!match) return null;
  const [, year, month, day, hours, minutes, zone] = match;
  const zoneText = zone === "Z" ? "UTC" : zone ? `(${zone})` : "(time zone not recorded)";
  return {
    day: dayText(Number(year), Number(month), Number(day)),
    time: `${hours}:${minutes} ${zoneText}`,
  };
}

/** A date and time for a table cell: breaks between the day and the time, never inside them. */
function DateTimeCell({ parts, fallback }: { parts: DateTimeParts | null; fallback: string }) {
  if (!parts) return <>{fallback}</>;
  return (
    <>
      <span className="whitespace-nowrap">{parts.day}</span>{" "}
      <span className="whitespace-nowrap">{parts.time}</span>
    </>
  );
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count, 1)} ${count === 1 ? one : many}`;
}

function hoursText(hours: number): string {
  return `${formatNumber(hours, 1)} h`;
}

function confidenceText(confidence: number): string {
  return formatPercent(confidence * 100, 0);
}

function sizeText(sizeCm: number | null | undefined): string {
  if (sizeCm === null || sizeCm === undefined) return "Not measured";
  return `${formatNumber(sizeCm, 1)} cm (${formatNumber(sizeCm / 2.54, 1)} in)`;
}

function bytesText(bytes: number): string {
  if (bytes >= 1_000_000) return `${formatNumber(bytes / 1_000_000, 1)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1000)), 0)} kB`;
}

/** The rate card's region: a US state code, or "US" for national figures. */
function regionText(region: string): string {
  return region === "US" ? "United States (national)" : region;
}

/** What the GPS cell says: the position, or why there is none. */
export function gpsText(photo: Pick<ReportPhoto, "gps" | "hasGps">, shareMode: boolean): string {
  if (photo.gps) return `${photo.gps.lat.toFixed(5)}, ${photo.gps.lng.toFixed(5)}`;
  // In a share the owner may hide positions; the owner's own view always gets them.
  if (shareMode && photo.hasGps !== false) return "Withheld by the owner";
  return "None in photo";
}

function hashNote(hashedBy: ReportPhoto["hashedBy"]): string {
  return hashedBy === "browser"
    ? "of the original, computed in the browser before resizing"
    : "of the original file, computed on our server on receipt";
}

/** "Photo 3 · Post-trip · Taken 20 Nov 2026 14:03 (-08:00) · Uploaded 21 Nov 2026 09:12 UTC". */
export function photoCaption(photo: ReportPhoto): string {
  const taken = photo.capturedAt
    ? `Taken ${formatCaptureTime(photo.capturedAt)}`
    : "No capture time in photo";
  return [
    `Photo ${photo.number}`,
    PHOTO_PHASE_LABELS[photo.phase],
    taken,
    `Uploaded ${formatUtcDateTime(photo.uploadedAt)}`,
  ].join(" · ");
}

// ─── Small pieces ────────────────────────────────────────────────────────────────────────────────

/** Severity in words, with the diagram's marker shape (circle, diamond, square) beside it. */
function SeverityChip({ severity }: { severity: ReportFinding["severity"] }) {
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

function Section({
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

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums sm:text-xl">{value}</dd>
      {detail ? <dd className="mt-0.5 text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}

// ─── Sections ────────────────────────────────────────────────────────────────────────────────────

function DocumentHeading({ report, shareUrl, shareMode }: DocumentProps) {
  const { vehicle, estimate } = report;
  const details: { label: string; value: ReactNode }[] = [];
  if (vehicle.nickname) details.push({ label: "Nickname", value: vehicle.nickname });
  if (vehicle.vin) {
    details.push({ label: "VIN", value: <span className="font-mono">{vehicle.vin}</span> });
  }
  if (vehicle.plate) details.push({ label: "Plate", value: vehicle.plate });
  details.push({ label: "Body", value: vehicle.bodyLabel });
  details.push({ label: "Price class", value: vehicle.priceClassLabel });
  details.push({ label: "Paint", value: vehicle.paintLabel });
  if (estimate) {
    details.push({
      label: "Driver assistance (ADAS)",
      value: `${estimate.adas.hasAdas ? "Yes" : "No"}${estimate.adas.assumed ? " (assumed from year and class)" : ""}`,
    });
  }
  details.push({
    label: "Report",
    value: <span className="font-mono break-all">{report.id}</span>,
  });
  details.push({ label: "Created", value: formatUtcDateTime(report.createdAt) });
  details.push({
    label: "Completed",
    value: report.completedAt ? formatUtcDateTime(report.completedAt) : "Not final yet",
  });
  details.push({
    label: "Method",
    value:
      report.mode === "manual"
        ? "Damage tagged by the host on the photos"
        : report.status === "complete"
          ? "AI photo analysis, reviewed by the host"
          : "AI photo analysis",
  });
  if (estimate) {
    details.push({
      label: "Rate region",
      value: `${regionText(estimate.region)}, rates as of ${formatIsoDay(estimate.ratesAsOf)}`,
    });
  }

  return (
    <div className="border-b border-slate-200 pb-6 print:pb-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 id="report-title" className="min-w-0">
          <span className="block text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Damage repair estimate
          </span>
          <span className="mt-1 block text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl print:text-3xl">
            {vehicle.title}
          </span>
        </h1>
        {report.status !== "complete" ? (
          <ReportStatusBadge status={report.status} className="mt-1" />
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-4 print:grid-cols-4 print:text-xs">
        {details.map((item) => (
          <div key={item.label} className="min-w-0">
            <dt className="text-slate-600">{item.label}</dt>
            <dd className="font-medium text-slate-900">{item.value}</dd>
          </div>
        ))}
      </dl>
      {shareUrl ? (
        <p className={`mt-4 text-sm text-slate-700 ${shareMode ? "hidden print:block" : ""}`}>
          Online version with full-size photos:{" "}
          <a href={shareUrl} className="print-url font-medium text-brand-700 underline">
            open the shared report
          </a>
        </p>
      ) : null}
      {report.status === "needs_review" ? (
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Draft.</strong> The host hasn&rsquo;t finalized this estimate yet, so the findings
          and the numbers below may still change.
        </p>
      ) : null}
    </div>
  );
}

function Headline({ report }: { report: ReportView }) {
  const { estimate, lostIncome } = report;
  if (!estimate) {
    const message =
      report.status === "failed"
        ? `The analysis didn't finish${report.failureReason ? `: ${report.failureReason}` : "."} Tag the damage by hand to get an estimate.`
        : "The photos are still being analyzed. The estimate appears here as soon as it's ready, usually within a minute.";
    return (
      <Section id="report-summary" title="Estimate">
        <p className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700">
          {message}
        </p>
      </Section>
    );
  }

  const priced = report.findings.filter((finding) => !finding.preExisting);
  const hostConfirmed = priced.length > 0 && priced.every((finding) => finding.source === "host");
  let confidence: { value: string; detail: string };
  if (priced.length === 0 || report.confidence === null) {
    confidence = { value: "—", detail: "No new damage to price" };
  } else if (hostConfirmed) {
    confidence = { value: "Confirmed by the host", detail: "Every finding checked by hand" };
  } else {
    confidence = {
      value: confidenceText(report.confidence),
      detail: `The least certain of ${plural(priced.length, "finding")}`,
    };
  }
  const { workingDays, weekendDays, days } = estimate.lostIncome;
  const split =
    weekendDays > 0
      ? ` (${plural(workingDays, "working day")} + ${plural(weekendDays, "weekend day")})`
      : "";
  const byRate = (["body", "refinish", "mechanical"] as const)
    .filter((rate) => estimate.hoursByRate[rate] > 0)
    .map((rate) => `${hoursText(estimate.hoursByRate[rate])} ${rate}`)
    .join(" · ");

  return (
    <section
      aria-labelledby="report-summary"
      className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6 print:mt-4 print:break-inside-avoid print:p-4"
    >
      <h2 id="report-summary" className="sr-only">
        Estimate summary
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-x-8 gap-y-3">
        <div>
          <p className="text-sm font-medium text-slate-700">Likely repair cost</p>
          <p className="text-4xl font-extrabold tracking-tight text-slate-900 tabular-nums sm:text-5xl print:text-4xl">
            {estimate.rangeDisplay}
          </p>
          <p className="mt-1 text-base text-slate-700">
            Estimate total{" "}
            <strong className="font-semibold text-slate-900 tabular-nums">
              {formatCents(estimate.totalCents)}
            </strong>
          </p>
        </div>
        <p className="max-w-xs text-sm text-slate-600">
          The range allows for what photos can&rsquo;t show; see &ldquo;How we got this range&rdquo;
          under the operations.
        </p>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4 print:grid-cols-4">
        <Stat label="Labor" value={hoursText(estimate.labourHours)} detail={byRate || undefined} />
        <Stat
          label="Repair time"
          value={plural(estimate.repairDays, "day")}
          detail={
            estimate.lines.some((line) => line.operation === "Part")
              ? "In the shop, incl. waiting for parts"
              : "Likely time in the shop"
          }
        />
        <Stat label="Confidence" value={confidence.value} detail={confidence.detail} />
        <Stat
          label="Lost income"
          value={plural(days, "day")}
          detail={`By ${lostIncome.marketplaceName}'s rule`}
        />
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        {lostIncome.marketplaceName} lost-income rule (as of {formatIsoDay(lostIncome.asOf)}):{" "}
        {lostIncome.rule} → {hoursText(estimate.labourHours)} gives{" "}
        <strong className="font-semibold text-slate-900">{plural(days, "day")}</strong>
        {split}.
      </p>
      <p className="mt-1 text-xs text-slate-600">{lostIncome.caveat}</p>
    </section>
  );
}

function DamageSection({ report }: { report: ReportView }) {
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
          : `${plural(findings.length, "finding")}${preExisting > 0 ? `, of which ${formatNumber(preExisting)} ${preExisting === 1 ? "was" : "were"} already there before the trip and ${preExisting === 1 ? "is" : "are"} not charged` : ""}. Numbers match the boxes on the photos.`
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
          <FindingsTable findings={findings} />
        </div>
      ) : null}
    </Section>
  );
}

function ChargedText({ finding }: { finding: ReportFinding }) {
  return finding.preExisting ? (
    <span className="font-medium text-slate-700">Already there — not charged</span>
  ) : (
    <span className="whitespace-nowrap text-slate-900">New — priced</span>
  );
}

function FindingsTable({ findings }: { findings: ReportFinding[] }) {
  const photoLink = (finding: ReportFinding) =>
    finding.photoNumber !== null ? (
      <a href={`#photo-${finding.photoNumber}`} className="text-brand-700 underline">
        Photo {finding.photoNumber}
      </a>
    ) : null;

  return (
    <div className="min-w-0">
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="mb-2 text-left text-sm font-semibold text-slate-900">Findings</caption>
        <thead>
          <tr className="border-b border-slate-300 text-xs text-slate-600">
            <th scope="col" className="py-2 pr-2 font-medium">
              #
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Where
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Damage
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Severity
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Size
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Confidence
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Found by
            </th>
            <th scope="col" className="py-2 font-medium">
              Charged
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
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
                {finding.note ? (
                  <span className="block text-xs text-slate-600">{finding.note}</span>
                ) : null}
              </td>
              <td className="py-2 pr-3">
                <SeverityChip severity={finding.severity} />
              </td>
              <td className="py-2 pr-3 whitespace-nowrap text-slate-700 tabular-nums">
                {sizeText(finding.sizeCm)}
              </td>
              <td className="py-2 pr-3 text-right text-slate-700 tabular-nums">
                {confidenceText(finding.confidence)}
              </td>
              <td className="py-2 pr-3 text-slate-700">
                {finding.source === "ai" ? "AI" : "Host"}
              </td>
              <td className="w-32 py-2">
                <ChargedText finding={finding} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

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
              {finding.damageLabel} · {sizeText(finding.sizeCm)}
            </p>
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

function RangeExplanation({ report }: { report: ReportView }) {
  const estimate = report.estimate!;
  const spread = formatPercent(estimate.range.uncertaintyFraction * 100, 1);
  const hidden = formatPercent(estimate.range.hiddenDamageFraction * 100, 1);
  return (
    <>
      <p>
        Photo estimates tend to come in low, so the range leans upward. From how bad each finding is
        and how sure we are of it, we allow a spread of {spread} of the total (half of that below
        it), plus {hidden} above it for damage hidden behind the panels. Both are weighted by what
        each finding costs.
      </p>
      <p className="mt-2 font-mono text-xs break-words text-slate-800">{estimate.range.formula}</p>
      <p className="mt-2">
        Total {formatCents(estimate.totalCents)} → low {formatCents(estimate.lowCents)} (rounded
        down to whole dollars), high {formatCents(estimate.highCents)} (rounded up).
      </p>
    </>
  );
}

function OperationsSection({ report }: { report: ReportView }) {
  const estimate = report.estimate;
  if (!estimate) return null;
  const { lines } = estimate;
  const subtotals = (Object.keys(LINE_CATEGORY_LABELS) as LineCategory[]).filter(
    (category) => estimate.subtotals[category] !== 0,
  );

  return (
    <Section
      id="report-operations"
      title="Repair operations"
      intro={
        <>
          Written the way body shops write estimates: every amount is hours × rate, a part price or
          a specialist (sublet) price. Rate region {regionText(estimate.region)}, rates as of{" "}
          {formatIsoDay(estimate.ratesAsOf)}.
        </>
      }
    >
      {lines.length === 0 ? (
        <p className="mt-3 text-slate-700">Nothing to repair: no new damage was found.</p>
      ) : (
        <>
          <table className="mt-4 hidden w-full text-left text-sm sm:table">
            <caption className="sr-only">
              Repair operations, one line each, with the arithmetic behind each amount
            </caption>
            <thead>
              <tr className="border-b border-slate-300 text-xs text-slate-600">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Operation
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Description
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Hours × rate / part
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.map((line) => (
                <tr
                  key={line.id}
                  data-line={line.id}
                  className="align-top print:break-inside-avoid"
                >
                  <th
                    scope="row"
                    className="py-2 pr-3 font-semibold whitespace-nowrap text-slate-900"
                  >
                    {line.operation}
                  </th>
                  <td className="py-2 pr-3 text-slate-800">{line.description}</td>
                  <td className="py-2 pr-3 text-slate-700 tabular-nums">{line.formula}</td>
                  <td className="py-2 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                    {formatCents(line.amountCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          <ol className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 sm:hidden">
            {lines.map((line) => (
              <OperationCard key={line.id} line={line} />
            ))}
          </ol>

          <div className="mt-4 flex flex-col gap-4 sm:flex-row-reverse sm:items-start sm:justify-between sm:gap-8">
            <dl className="w-full shrink-0 text-sm sm:max-w-sm print:break-inside-avoid">
              {subtotals.map((category) => (
                <div
                  key={category}
                  data-subtotal={category}
                  className="flex justify-between gap-4 py-1"
                >
                  <dt className="text-slate-700">{LINE_CATEGORY_LABELS[category]}</dt>
                  <dd className="text-slate-900 tabular-nums">
                    {formatCents(estimate.subtotals[category])}
                  </dd>
                </div>
              ))}
              <div className="mt-1 flex justify-between gap-4 border-t-2 border-slate-900 pt-2 text-base font-bold text-slate-900">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatCents(estimate.totalCents)}</dd>
              </div>
              <div className="mt-2 flex items-baseline justify-between gap-4 rounded-lg bg-slate-50 px-3 py-2">
                <dt className="text-slate-700">Likely range</dt>
                <dd className="text-lg font-bold text-slate-900 tabular-nums">
                  {estimate.rangeDisplay}
                </dd>
              </div>
            </dl>
            <div className="min-w-0 flex-1 space-y-3 sm:max-w-md">
              <RatesUsed lines={lines} />
              <details className="rounded-lg border border-slate-200 p-3 text-sm text-slate-700 print:hidden">
                <summary className="cursor-pointer font-medium text-brand-700">
                  How we got this range
                </summary>
                <div className="mt-2">
                  <RangeExplanation report={report} />
                </div>
              </details>
              {/* A closed <details> prints closed; the printed copy always shows the explanation. */}
              <div className="hidden text-xs text-slate-700 print:block print:break-inside-avoid">
                <h3 className="font-semibold text-slate-900">How we got this range</h3>
                <div className="mt-1">
                  <RangeExplanation report={report} />
                </div>
              </div>
            </div>
          </div>
        </>
      )}
    </Section>
  );
}

/** The hourly rates the lines use, once each, so an adjuster can compare them with a shop's. */
function RatesUsed({ lines }: { lines: EstimateLine[] }) {
  const rates: { label: string; value: string }[] = [];
  for (const rateType of ["body", "refinish", "mechanical"] as const) {
    const line = lines.find((candidate) => candidate.rateType === rateType && candidate.rateCents);
    if (line?.rateCents) {
      rates.push({ label: RATE_TYPE_LABELS[rateType], value: `${formatCents(line.rateCents)}/h` });
    }
  }
  const materials = lines.find((line) => line.operation === "Paint materials");
  if (materials?.rateCents) {
    rates.push({
      label: "Paint materials",
      value: `${formatCents(materials.rateCents)} per refinish hour`,
    });
  }
  if (rates.length === 0) return null;
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm print:break-inside-avoid">
      <h3 className="font-semibold text-slate-900">Rates used</h3>
      <dl className="mt-1 space-y-0.5">
        {rates.map((rate) => (
          <div key={rate.label} className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-slate-700">{rate.label}</dt>
            <dd className="text-slate-900 tabular-nums">{rate.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function OperationCard({ line }: { line: EstimateLine }) {
  return (
    <li className="p-3" data-line-card={line.id}>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0">
          <span className="block text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {line.operation}
          </span>
          <span className="block text-sm text-slate-900">{line.description}</span>
        </p>
        <p className="shrink-0 font-semibold text-slate-900 tabular-nums">
          {formatCents(line.amountCents)}
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-600 tabular-nums">{line.formula}</p>
    </li>
  );
}

function NotesSection({ report }: { report: ReportView }) {
  const estimate = report.estimate;
  if (!estimate) return null;
  return (
    <div className="mt-10 grid gap-6 md:grid-cols-2 md:items-start print:mt-6 print:grid-cols-1 print:gap-4">
      <section
        aria-labelledby="report-raisers"
        className="rounded-2xl border border-amber-200 bg-amber-50/60 p-4 sm:p-5 print:break-inside-avoid"
      >
        <h2 id="report-raisers" className="text-lg font-bold text-slate-900">
          What could raise the cost
        </h2>
        {estimate.costRaisers.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-800">
            {estimate.costRaisers.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-800">Nothing specific to this damage.</p>
        )}
      </section>
      <section
        aria-labelledby="report-assumptions"
        className="rounded-2xl border border-slate-200 p-4 sm:p-5 print:break-inside-avoid"
      >
        <h2 id="report-assumptions" className="text-lg font-bold text-slate-900">
          Assumptions
        </h2>
        {estimate.assumptions.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-slate-800">
            {estimate.assumptions.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-800">None beyond the rates shown on each line.</p>
        )}
      </section>
    </div>
  );
}

function PhotoFigure({
  photo,
  findings,
  shareMode,
}: {
  photo: ReportPhoto;
  findings: ReportFinding[];
  shareMode: boolean;
}) {
  const onPhoto = findings.filter((finding) => finding.photoId === photo.id);
  const numbers = onPhoto.map((finding) => finding.number);
  return (
    <figure id={`photo-${photo.number}`} className="scroll-mt-24 print:break-inside-avoid">
      <PhotoWithBoxes
        photo={photo}
        boxes={onPhoto}
        alt={`Photo ${photo.number}, ${photo.phase === "pre_trip" ? "before" : "after"} the trip`}
        linkToFull
      />
      <figcaption className="mt-2 text-xs text-slate-700">
        <span className="font-semibold text-slate-900">{photoCaption(photo)}</span>
        {numbers.length > 0 ? (
          <span className="block text-slate-600">
            Marked: {numbers.length === 1 ? "finding" : "findings"} {numbers.join(", ")}
          </span>
        ) : null}
        {!shareMode && photo.warnings.length > 0 ? (
          <span className="no-print mt-1 block rounded-md bg-amber-50 px-2 py-1 text-amber-900">
            {photo.warnings.map((warning) => warning.message).join(" ")}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

function PhotoGrid({
  photos,
  findings,
  shareMode,
}: {
  photos: ReportPhoto[];
  findings: ReportFinding[];
  shareMode: boolean;
}) {
  return (
    <div className="mt-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-2 print:gap-4">
      {photos.map((photo) => (
        <PhotoFigure key={photo.id} photo={photo} findings={findings} shareMode={shareMode} />
      ))}
    </div>
  );
}

function PhotosSection({ report, shareMode }: { report: ReportView; shareMode: boolean }) {
  const { photos, findings } = report;
  if (photos.length === 0) return null;
  const before = photos.filter((photo) => photo.phase === "pre_trip");
  const after = photos.filter((photo) => photo.phase === "post_trip");
  const grouped = before.length > 0 && after.length > 0;
  return (
    <Section
      id="report-photos"
      title="Photos"
      intro="Boxes mark each finding; the number matches the findings table. Dashed boxes are damage that was already there. Open a photo for full size."
    >
      {grouped ? (
        <>
          <h3 className="mt-5 text-base font-semibold text-slate-900 print:break-after-avoid">
            Before the trip
          </h3>
          <PhotoGrid photos={before} findings={findings} shareMode={shareMode} />
          <h3 className="mt-8 text-base font-semibold text-slate-900 print:mt-5 print:break-after-avoid">
            After the trip
          </h3>
          <PhotoGrid photos={after} findings={findings} shareMode={shareMode} />
        </>
      ) : (
        <PhotoGrid photos={photos} findings={findings} shareMode={shareMode} />
      )}
    </Section>
  );
}

function EvidenceSection({ report, shareMode }: { report: ReportView; shareMode: boolean }) {
  const { photos } = report;
  if (photos.length === 0) return null;
  return (
    <Section
      id="report-evidence"
      title="Photo evidence"
      className="print:break-before-page"
      intro="The SHA-256 fingerprint identifies each original photo file: a copy of the original that hasn't been changed gives exactly the same fingerprint, and any edit changes it completely."
    >
      <table className="mt-4 hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">
          Evidence for each photo: phase, capture and upload times, fingerprint and location
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-xs text-slate-600">
            <th scope="col" className="py-2 pr-3 font-medium">
              Photo
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Phase
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Taken
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Uploaded
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              SHA-256 of the original
            </th>
            <th scope="col" className="py-2 font-medium">
              GPS
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {photos.map((photo) => (
            <tr
              key={photo.id}
              data-evidence={photo.number}
              className="align-top print:break-inside-avoid"
            >
              <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap text-slate-900">
                Photo {photo.number}
                <span className="block text-xs font-normal text-slate-600">
                  {bytesText(photo.originalBytes)} original
                </span>
              </th>
              <td className="py-2 pr-3 whitespace-nowrap text-slate-800">
                {PHOTO_PHASE_LABELS[photo.phase]}
              </td>
              <td className="py-2 pr-3 text-slate-800">
                <DateTimeCell
                  parts={photo.capturedAt ? captureParts(photo.capturedAt) : null}
                  fallback={photo.capturedAt ?? "Not in photo"}
                />
              </td>
              <td className="py-2 pr-3 text-slate-800">
                <DateTimeCell parts={utcParts(photo.uploadedAt)} fallback={photo.uploadedAt} />
              </td>
              <td className="py-2 pr-3">
                {/* 32 characters a line: the 64-digit hash always reads as two even halves. */}
                <code className="block w-[32ch] font-mono text-xs break-all text-slate-900">
                  {photo.originalSha256}
                </code>
                <span className="block text-xs text-slate-600">{hashNote(photo.hashedBy)}</span>
              </td>
              <td className="py-2 text-slate-800 tabular-nums">{gpsText(photo, shareMode)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="mt-4 space-y-3 sm:hidden">
        {photos.map((photo) => (
          <li key={photo.id} className="rounded-xl border border-slate-200 p-3 text-sm">
            <p className="font-semibold text-slate-900">
              Photo {photo.number} · {PHOTO_PHASE_LABELS[photo.phase]}{" "}
              <span className="text-xs font-normal text-slate-600">
                ({bytesText(photo.originalBytes)} original)
              </span>
            </p>
            <dl className="mt-1 space-y-1">
              <div>
                <dt className="inline text-slate-600">Taken: </dt>
                <dd className="inline text-slate-900">
                  {photo.capturedAt ? formatCaptureTime(photo.capturedAt) : "Not in photo"}
                </dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Uploaded: </dt>
                <dd className="inline text-slate-900">{formatUtcDateTime(photo.uploadedAt)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">SHA-256 {hashNote(photo.hashedBy)}:</dt>
                <dd className="font-mono text-xs break-all text-slate-900">
                  {photo.originalSha256}
                </dd>
              </div>
              <div>
                <dt className="inline text-slate-600">GPS: </dt>
                <dd className="inline text-slate-900">{gpsText(photo, shareMode)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </Section>
  );
}

// ─── The document ────────────────────────────────────────────────────────────────────────────────

interface DocumentProps {
  report: ReportView;
  shareMode?: boolean;
  /** The read-only link to this report; printed copies show its address. */
  shareUrl?: string;
}

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
