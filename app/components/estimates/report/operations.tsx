import type { Column } from "~/components/column-headers";
import type { EstimateLine, LineCategory } from "~/domain/estimate/engine";
import { LINE_CATEGORY_LABELS, RATE_TYPE_LABELS } from "~/domain/estimate/labels";
import { formatCents, formatPercent } from "~/domain/money";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { formatIsoDay, regionText } from "./format";
import { Section, WideTable } from "./parts";

const OPERATION_COLUMNS: Column[] = [
  "Operation",
  "Description",
  "Hours × rate / part",
  { label: "Amount", numeric: true },
];

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

export function OperationsSection({ report }: { report: ReportView }) {
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
          <WideTable
            className="mt-4"
            caption="Repair operations, one line each, with the arithmetic behind each amount"
            columns={OPERATION_COLUMNS}
          >
            {lines.map((line) => (
              <tr key={line.id} data-line={line.id} className="align-top print:break-inside-avoid">
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
          </WideTable>

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

export function NotesSection({ report }: { report: ReportView }) {
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
