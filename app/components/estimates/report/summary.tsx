import type { ReactNode } from "react";
import { formatCents } from "~/domain/money";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { ReportStatusBadge } from "~/components/estimates/status-badge";
import { formatDateTime } from "~/domain/dates";
import { confidenceText, formatIsoDay, hoursText, plural, regionText } from "./format";
import { Stat } from "~/components/stat";
import { Section } from "./parts";

export interface DocumentProps {
  report: ReportView;
  shareMode?: boolean;
  /** The read-only link to this report; printed copies show its address. */
  shareUrl?: string;
}

export function DocumentHeading({ report, shareUrl, shareMode }: DocumentProps) {
  const { vehicle, estimate, business } = report;
  const { timeZone } = report.display;
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
  details.push({ label: "Created", value: formatDateTime(report.createdAt, timeZone) });
  details.push({
    label: "Completed",
    value: report.completedAt ? formatDateTime(report.completedAt, timeZone) : "Not final yet",
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
      {business.name || business.logoUrl ? (
        <div className="mb-4 flex flex-wrap items-center gap-3 border-b border-slate-100 pb-4">
          {business.logoUrl ? (
            <img
              src={business.logoUrl}
              alt={business.name ? `${business.name} logo` : "Business logo"}
              className="max-h-14 max-w-[200px] object-contain"
            />
          ) : null}
          {business.name ? (
            <p className="text-sm text-slate-700">
              Prepared by <strong className="text-slate-900">{business.name}</strong>
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 id="report-title">
            <span className="block text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Damage repair estimate
            </span>
            <span className="mt-1 block text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl print:text-3xl">
              {vehicle.title}
            </span>
          </h1>
          <p className="mt-1 text-sm font-semibold text-slate-700">
            Revision {report.revision}
            {report.status === "complete" ? "" : " · draft"}
          </p>
        </div>
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

export function Headline({ report }: { report: ReportView }) {
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

  const priced = report.findings.filter(
    (finding) => !finding.preExisting && !finding.sameAsFindingId,
  );
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
        <Stat
          size="small"
          label="Labor"
          value={hoursText(estimate.laborHours)}
          detail={byRate || undefined}
        />
        <Stat
          size="small"
          label="Repair time"
          value={plural(estimate.repairDays, "day")}
          detail={
            estimate.lines.some((line) => line.operation === "Part")
              ? "In the shop, incl. waiting for parts"
              : "Likely time in the shop"
          }
        />
        <Stat size="small" label="Confidence" value={confidence.value} detail={confidence.detail} />
        <Stat
          size="small"
          label="Lost income"
          value={plural(days, "day")}
          detail={`By ${lostIncome.marketplaceName}'s rule`}
        />
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        {lostIncome.marketplaceName} lost-income rule (as of {formatIsoDay(lostIncome.asOf)}):{" "}
        {lostIncome.rule} → {hoursText(estimate.laborHours)} gives{" "}
        <strong className="font-semibold text-slate-900">{plural(days, "day")}</strong>
        {split}.
      </p>
      <p className="mt-1 text-xs text-slate-600">{lostIncome.caveat}</p>
    </section>
  );
}
