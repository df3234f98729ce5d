import { useMemo, useState, type FormEvent } from "react";
import { data, Form, useActionData, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/fleet-audit-calculator";
import { CalculationSteps, ToolField } from "~/components/tool-fields";
import { ToolPage } from "~/components/tool-page";
import { marketplace } from "~/config/marketplace";
import {
  auditFleet,
  EARNINGS_COLUMNS,
  MAX_EARNINGS_CSV_ROWS,
  parseEarningsCsv,
  type EarningsCsvError,
  type FleetAudit,
  type VehicleAudit,
} from "~/domain/fleet-audit";
import {
  AVERAGE_REPAIRABLE_CLAIM_CENTS,
  MONTHLY_DAMAGE_RATE_PERCENT,
} from "~/domain/industry-benchmarks";
import { HOST_PLAN_IDS, HOST_PLANS, RULE_SOURCES, RULES_AS_OF } from "~/domain/marketplace-rules";
import { formatCents, formatNumber, formatPercent } from "~/domain/money";
import { recordEvent } from "~/lib/analytics/server";
import { env } from "~/lib/runtime/env.server";
import {
  CSV_FIELDS,
  DAMAGE_RATE_PARAM,
  IMPORTED_PARAM,
  importRedirect,
  MAX_AUDIT_ROWS,
  parseFleetAuditQuery,
  readEarningsCsvSubmission,
  REMOVE_PARAM,
  ROW_FIELDS,
  rowParamKey,
  ROWS_PARAM,
  type FleetAuditQuery,
  type FleetRowState,
  type RowFieldSpec,
} from "~/lib/tools/fleet-audit-query";
import { useLiveParams } from "~/lib/tools/live-form";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { recordToolUsage } from "~/lib/tools/tool-usage.server";

const FEATURE = "fleet_audit_calculator";
const PATH = "/fleet-audit-calculator";

export function loader({ request }: Route.LoaderArgs) {
  recordToolUsage(request, FEATURE);
  const { valid } = parseFleetAuditQuery(new URL(request.url).searchParams);
  return data({ origin: new URL(env().PUBLIC_URL).origin }, { status: valid ? 200 : 400 });
}

/** The earnings CSV import: prefill the rows and redirect to the (shareable) audit URL. */
export async function action({ request }: Route.ActionArgs) {
  const submission = await readEarningsCsvSubmission(request);
  if (!submission.ok) {
    return data(
      { csvErrors: [submission.error], pasted: submission.pasted },
      { status: submission.status },
    );
  }
  const result = parseEarningsCsv(submission.text);
  if (!result.ok) {
    return data({ csvErrors: result.errors, pasted: submission.pasted }, { status: 400 });
  }
  recordEvent("feature_usage", { feature: FEATURE, action: "import_csv" });
  const current = parseFleetAuditQuery(new URL(request.url).searchParams);
  const { search, title, description } = importRedirect(
    result,
    submission.hostPlan,
    current.options?.monthlyDamageRatePercent,
  );
  return redirectWithToast(`${PATH}?${search}`, { title, description }, { status: 303 });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Fleet Audit Calculator: Profit per Car for Rental Hosts",
    description: `Which of your rental cars make money? Monthly net profit per car after ${marketplace.name}'s share and your costs, break-even utilization, fleet totals and the cars losing money. Free; import your earnings CSV.`,
    path: PATH,
    origin: data?.origin ?? "http://localhost:3000",
  });

const planLabel = (id: (typeof HOST_PLAN_IDS)[number]) => {
  const plan = HOST_PLANS[id];
  return `${plan.name}: ${formatCents(plan.deductibleCents, { trimWholeDollars: true })} deductible`;
};

export default function FleetAuditCalculator() {
  const { params: liveParams, onChange: onLiveChange } = useLiveParams(FEATURE);
  const location = useLocation();
  // Add, Remove and an import are navigations that change the rows. Until the host edits the
  // new page, answer from its URL: the live values still hold the previous page's form for one
  // render, and the remounted inputs must start from the new values.
  const [editedKey, setEditedKey] = useState<string | null>(null);
  const urlParams = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const params = editedKey === location.key ? liveParams : urlParams;
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    setEditedKey(location.key);
    onLiveChange(event);
  };
  const parsed = parseFleetAuditQuery(params);
  const audit =
    parsed.options && parsed.vehicles.length > 0
      ? auditFleet(parsed.vehicles, parsed.options)
      : null;
  const auditByRow = new Map<number, VehicleAudit>();
  audit?.vehicles.forEach((vehicle) => {
    const row = parsed.vehicleRowIndexes[vehicle.index];
    if (row !== undefined) auditByRow.set(row, vehicle);
  });

  return (
    <ToolPage
      title="Fleet Audit Calculator"
      intro={
        <>
          Which of your cars actually make money? Enter each car&apos;s daily price, utilization,
          host plan and monthly costs to see its net profit after {marketplace.name}&apos;s share,
          the utilization it needs to break even, your fleet&apos;s totals, and the cars losing
          money.
        </>
      }
      rulesAsOf={RULES_AS_OF}
      sourcesIntro="Host plan shares and deductibles come from the marketplace's dated rules; the damage defaults are planning figures you can replace:"
      sources={[
        RULE_SOURCES.hostPlans,
        { topic: MONTHLY_DAMAGE_RATE_PERCENT.source, url: null },
        {
          topic: `Default repair cost (${formatCents(AVERAGE_REPAIRABLE_CLAIM_CENTS.value, { trimWholeDollars: true })}): ${AVERAGE_REPAIRABLE_CLAIM_CENTS.source}`,
          url: null,
        },
      ]}
    >
      <CsvImport defaultPlan={parsed.rows[0]?.values.plan ?? "75"} />

      {/* Keyed by navigation: after Add/Remove/import the inputs start from the new URL. */}
      <Form
        key={location.key}
        method="get"
        action={`${PATH}#results`}
        onChange={onChange}
        preventScrollReset
        className="mt-6 rounded-2xl border border-slate-200 p-4 sm:p-6"
        aria-labelledby="your-cars"
        noValidate
      >
        {/* Enter in any field calculates (the first submit button is the form's default). */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true">
          Calculate
        </button>
        {parsed.imported ? (
          <input
            type="hidden"
            name={IMPORTED_PARAM}
            value={`${parsed.imported.start}_${parsed.imported.end}`}
          />
        ) : null}

        <h2 id="your-cars" className="text-lg font-semibold text-slate-900">
          Your cars
        </h2>
        <FormIntro parsed={parsed} />

        <div className="mt-5 grid gap-5">
          {parsed.rows.map((row) => (
            <VehicleRow
              key={row.index}
              row={row}
              audit={auditByRow.get(row.index)}
              isExample={parsed.isExample}
              canRemove={parsed.rows.length > 1}
              autoFocus={parsed.addedRowIndex === row.index}
            />
          ))}
        </div>

        <div className="mt-4">
          {parsed.canAddRow ? (
            <button
              type="submit"
              name={ROWS_PARAM}
              value={parsed.rows.length + 1}
              // No fragment: the new row's name field takes focus (autofocus skips fragment pages).
              formAction={PATH}
              className="btn-outline w-full sm:w-auto"
            >
              <span aria-hidden="true">+</span> Add a car
            </button>
          ) : (
            <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
              {MAX_AUDIT_ROWS} cars is the most one audit holds. Audit more cars on a second page.
            </p>
          )}
        </div>

        <fieldset className="mt-6 rounded-xl bg-slate-50 p-4">
          <legend className="sr-only">Fleet-wide assumption</legend>
          <div className="sm:max-w-xs">
            <ToolField
              id={DAMAGE_RATE_PARAM}
              label="Cars damaged per month"
              kind="percent"
              defaultValue={parsed.damageRate.value}
              error={parsed.damageRate.error}
              min={0}
              max={100}
              hint="Used for every car's expected damage cost. 10% is a planning figure; use your own history."
            />
          </div>
        </fieldset>

        <button type="submit" className="btn-primary mt-6 w-full sm:w-auto">
          Calculate
        </button>
      </Form>

      <Results parsed={parsed} audit={audit} />
    </ToolPage>
  );
}

function FormIntro({ parsed }: { parsed: FleetAuditQuery }) {
  return (
    <>
      <p className="mt-1 text-sm text-slate-600">
        One box per car, all amounts per month. <strong>Daily price</strong> is what guests pay per
        booked day, before {marketplace.name}&apos;s share. <strong>Utilization</strong> is the
        share of days the car is booked (15 of 30 days is 50%). A <strong>host plan</strong>&apos;s
        number is the share of the trip price you keep. Leave a cost blank if it&apos;s $0. Rows you
        leave empty are skipped.
      </p>
      {parsed.isExample ? (
        <p className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>This is an example car.</strong> Overwrite it with one of yours, add the rest with
          &ldquo;Add a car&rdquo;, or import your earnings export above.
        </p>
      ) : null}
      {parsed.imported ? (
        <p className="mt-3 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
          <strong>Prefilled from your earnings export</strong> ({parsed.imported.start} to{" "}
          {parsed.imported.end}): daily prices and utilization come from your trips. Add each
          car&apos;s monthly costs; they start at $0.
        </p>
      ) : null}
      {parsed.formErrors.length > 0 || parsed.notices.length > 0 ? (
        <div role="alert" className="mt-3 grid gap-2">
          {parsed.formErrors.map((message) => (
            <p key={message} className="rounded-xl bg-red-50 p-3 text-sm text-red-800">
              {message}
            </p>
          ))}
          {parsed.notices.map((message) => (
            <p key={message} className="rounded-xl bg-slate-100 p-3 text-sm text-slate-800">
              {message}
            </p>
          ))}
        </div>
      ) : null}
    </>
  );
}

function fieldId(row: FleetRowState, field: RowFieldSpec) {
  return rowParamKey(row.index, field.param);
}

function VehicleRow({
  row,
  audit,
  isExample,
  canRemove,
  autoFocus,
}: {
  row: FleetRowState;
  audit: VehicleAudit | undefined;
  isExample: boolean;
  canRemove: boolean;
  autoFocus: boolean;
}) {
  const number = row.index + 1;
  const field = (param: RowFieldSpec["param"]) =>
    ROW_FIELDS.find((candidate) => candidate.param === param) as RowFieldSpec;
  const money = (spec: RowFieldSpec, extra?: { hint?: string }) => (
    <ToolField
      key={spec.param}
      id={fieldId(row, spec)}
      label={spec.label}
      kind={spec.kind === "percent" ? "percent" : "money"}
      defaultValue={row.values[spec.param]}
      error={row.errors[spec.param]}
      min={0}
      max={spec.kind === "percent" ? 100 : undefined}
      hint={extra?.hint}
    />
  );
  const nameSpec = field("name");
  const planSpec = field("plan");
  const nameId = fieldId(row, nameSpec);
  const planId = fieldId(row, planSpec);

  return (
    <fieldset
      id={`car-${number}`}
      className="min-w-0 rounded-xl border border-slate-200 p-4 sm:p-5"
    >
      <legend className="px-1 text-base font-semibold text-slate-900">
        Car {number}{" "}
        {isExample ? (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            Example
          </span>
        ) : null}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor={nameId} className="label">
            {nameSpec.label}
          </label>
          <input
            id={nameId}
            name={nameId}
            type="text"
            defaultValue={row.values.name}
            placeholder="e.g. 2021 Tesla Model 3 (white)"
            autoComplete="off"
            maxLength={200}
            // A host who just pressed "Add a car" wants to type its name.
            autoFocus={autoFocus}
            aria-invalid={row.errors.name ? true : undefined}
            aria-describedby={row.errors.name ? `${nameId}-error` : undefined}
            className="input"
          />
          {row.errors.name ? (
            <p id={`${nameId}-error`} className="field-error" role="alert">
              {row.errors.name}
            </p>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={planId} className="label">
            {planSpec.label}
          </label>
          <select
            id={planId}
            name={planId}
            defaultValue={row.values.plan}
            aria-invalid={row.errors.plan ? true : undefined}
            aria-describedby={row.errors.plan ? `${planId}-error` : undefined}
            className="input"
          >
            {HOST_PLAN_IDS.map((id) => (
              <option key={id} value={id}>
                {planLabel(id)}
              </option>
            ))}
          </select>
          {row.errors.plan ? (
            <p id={`${planId}-error`} className="field-error" role="alert">
              {row.errors.plan}
            </p>
          ) : null}
        </div>
        {money(field("price"))}
        {money(field("util"))}
        <div className="sm:col-span-2">
          {money(field("repair"), {
            hint: "You pay the lesser of this and your plan's deductible when a car is damaged.",
          })}
        </div>
      </div>

      <fieldset className="mt-4 min-w-0">
        <legend className="text-sm font-semibold text-slate-900">Monthly costs</legend>
        <div className="mt-2 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {ROW_FIELDS.filter((spec) => spec.monthlyCost).map((spec) => money(spec))}
        </div>
      </fieldset>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <RowSummary row={row} audit={audit} />
        {canRemove ? (
          <button
            type="submit"
            name={REMOVE_PARAM}
            value={row.index}
            formAction={`${PATH}#your-cars`}
            className="btn-ghost px-3 py-1.5 text-red-700 hover:bg-red-50"
          >
            Remove car {number}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

function RowSummary({ row, audit }: { row: FleetRowState; audit: VehicleAudit | undefined }) {
  if (row.blank) {
    return <p className="text-sm text-slate-600">Empty: skipped until you fill it in.</p>;
  }
  if (!audit) {
    return (
      <p className="text-sm text-slate-700">Fix the highlighted fields to include this car.</p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      Net profit{" "}
      <strong className={audit.isLosingMoney ? "text-red-700" : "text-green-800"}>
        {formatCents(audit.netProfitCents)}
      </strong>{" "}
      a month
      {audit.isLosingMoney ? <LosingBadge className="ml-2" /> : null}
    </p>
  );
}

function LosingBadge({ className = "" }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ${className}`}
    >
      <span aria-hidden="true">▼</span> Losing money
    </span>
  );
}

function ProfitBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
      <span aria-hidden="true">▲</span> Profitable
    </span>
  );
}

function breakEvenText(car: VehicleAudit): string {
  if (car.breakEvenUtilizationPercent === null) return "Never: the daily price is $0";
  if (!car.canBreakEven) {
    return `Not possible: needs ${formatPercent(car.breakEvenUtilizationPercent)}`;
  }
  return formatPercent(car.breakEvenUtilizationPercent);
}

function utilizationOf(parsed: FleetAuditQuery, car: VehicleAudit): number {
  return parsed.vehicles[car.index]?.utilizationPercent ?? 0;
}

function Results({ parsed, audit }: { parsed: FleetAuditQuery; audit: FleetAudit | null }) {
  const skipped = parsed.rows.filter(
    (row) => !row.blank && row.input === null && Object.keys(row.errors).length > 0,
  );
  return (
    <section id="results" aria-labelledby="results-heading" className="mt-10 scroll-mt-4">
      <h2 id="results-heading" className="text-2xl font-bold text-slate-900">
        Your fleet&apos;s month
      </h2>
      <div aria-live="polite" className="mt-4">
        {audit ? (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <Stat
                label="Fleet net profit per month"
                value={formatCents(audit.totals.netProfitCents)}
                tone={audit.totals.netProfitCents < 0 ? "bad" : "good"}
                testId="fleet-net"
              />
              <Stat
                label="Per year"
                value={formatCents(audit.totals.annualNetProfitCents)}
                tone={audit.totals.annualNetProfitCents < 0 ? "bad" : "good"}
              />
              <Stat
                label={`Your earnings after ${marketplace.name}'s share`}
                value={formatCents(audit.totals.hostEarningsCents)}
              />
              <Stat label="Monthly costs" value={formatCents(audit.totals.totalCostsCents)} />
            </div>
            <p className="mt-4 text-slate-700" data-testid="fleet-summary">
              {audit.totals.vehicleCount === 1 ? "1 car" : `${audit.totals.vehicleCount} cars`},
              average utilization {formatPercent(audit.totals.averageUtilizationPercent)}; trip
              revenue {formatCents(audit.totals.grossTripRevenueCents)}, of which {marketplace.name}{" "}
              keeps {formatCents(audit.totals.marketplaceShareCents)}.{" "}
              <strong>
                {audit.totals.losingCount === 0
                  ? "No car is losing money."
                  : `${audit.totals.losingCount} of ${audit.totals.vehicleCount} ${audit.totals.vehicleCount === 1 ? "car is" : "cars are"} losing money.`}
              </strong>
            </p>
          </>
        ) : (
          <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
            {parsed.damageRate.error
              ? "Fix the damage rate to see your numbers."
              : "Fill in at least one car (name, daily price and utilization) and fix the highlighted fields to see your numbers."}
          </p>
        )}
        {audit && skipped.length > 0 ? (
          <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
            Not included yet (fix the highlighted fields):{" "}
            {skipped.map((row) => `Car ${row.index + 1}`).join(", ")}.
          </p>
        ) : null}
      </div>

      {audit ? (
        <>
          <Losers parsed={parsed} audit={audit} />
          <PerCar parsed={parsed} audit={audit} />
          <div className="mt-8">
            <h3 className="text-lg font-semibold text-slate-900">The arithmetic, car by car</h3>
            <div className="mt-3 grid gap-3">
              {audit.vehicles.map((car) => (
                <details key={car.index} className="min-w-0 rounded-xl border border-slate-200 p-4">
                  <summary className="cursor-pointer font-medium wrap-anywhere text-slate-900">
                    How we got {car.name}&apos;s numbers
                  </summary>
                  <CalculationSteps steps={car.steps} />
                  <h4 className="mt-2 text-sm font-semibold text-slate-900">Monthly costs</h4>
                  <ul className="mt-1 divide-y divide-slate-100 text-sm">
                    {car.costs.map((line) => (
                      <li key={line.field} className="flex justify-between gap-4 py-1.5">
                        <span className="text-slate-700">{line.label}</span>
                        <span className="tabular-nums text-slate-900">
                          {formatCents(line.cents)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </details>
              ))}
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

function Losers({ parsed, audit }: { parsed: FleetAuditQuery; audit: FleetAudit }) {
  return (
    <div className="mt-8">
      <h3 className="text-lg font-semibold text-slate-900">Cars losing money</h3>
      {audit.losers.length === 0 ? (
        <p className="mt-2 text-slate-700">
          None. Every car covers its costs at its current price and utilization.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3" data-testid="losers">
          {audit.losers.map((car) => {
            const utilization = utilizationOf(parsed, car);
            return (
              <li
                key={car.index}
                className="min-w-0 rounded-xl border border-red-200 bg-red-50 p-4"
              >
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  <span className="min-w-0 wrap-anywhere">{car.name}</span> <LosingBadge />
                </p>
                <p className="mt-1 text-sm text-slate-800">
                  Loses <strong>{formatCents(-car.netProfitCents)}</strong> a month (
                  {formatCents(-car.annualNetProfitCents)} a year).{" "}
                  {car.breakEvenUtilizationPercent === null
                    ? "With a $0 daily price it can't earn anything: set a price."
                    : car.canBreakEven
                      ? `It needs ${formatPercent(car.breakEvenUtilizationPercent)} utilization to break even; it's booked ${formatPercent(utilization)}.`
                      : `Even fully booked it can't cover its costs (it would need ${formatPercent(car.breakEvenUtilizationPercent)}): raise the price, cut costs or sell it.`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function PerCar({ parsed, audit }: { parsed: FleetAuditQuery; audit: FleetAudit }) {
  return (
    <div className="mt-8">
      <h3 className="text-lg font-semibold text-slate-900">Car by car</h3>
      {/* Phones: one card per car. */}
      <ul className="mt-3 grid gap-3 md:hidden">
        {audit.vehicles.map((car) => (
          <li
            key={car.index}
            className={`min-w-0 rounded-xl border p-4 ${car.isLosingMoney ? "border-red-200" : "border-slate-200"}`}
          >
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              <span className="min-w-0 wrap-anywhere">{car.name}</span>{" "}
              {car.isLosingMoney ? <LosingBadge /> : <ProfitBadge />}
            </p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Net per month</dt>
              <dd
                className={`text-right font-semibold tabular-nums ${car.isLosingMoney ? "text-red-700" : "text-green-800"}`}
              >
                {formatCents(car.netProfitCents)}
              </dd>
              <dt className="text-slate-600">Break-even utilization</dt>
              <dd className="text-right tabular-nums text-slate-900">{breakEvenText(car)}</dd>
              <dt className="text-slate-600">Utilization</dt>
              <dd className="text-right tabular-nums text-slate-900">
                {formatPercent(utilizationOf(parsed, car))}
              </dd>
              <dt className="text-slate-600">Your earnings</dt>
              <dd className="text-right tabular-nums text-slate-900">
                {formatCents(car.hostEarningsCents)}
              </dd>
              <dt className="text-slate-600">Costs</dt>
              <dd className="text-right tabular-nums text-slate-900">
                {formatCents(car.totalCostsCents)}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      {/* Wider screens: a table. */}
      <div className="mt-3 hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Monthly results per car</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                Car
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Utilization
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Your earnings
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Costs
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Net per month
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Break-even utilization
              </th>
              <th scope="col" className="py-2 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {audit.vehicles.map((car) => (
              <tr
                key={car.index}
                className={`border-b border-slate-100 ${car.isLosingMoney ? "bg-red-50" : ""}`}
              >
                <th
                  scope="row"
                  className="max-w-64 py-2 pr-4 font-medium wrap-anywhere text-slate-900"
                >
                  {car.name}
                </th>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {formatPercent(utilizationOf(parsed, car))}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {formatCents(car.hostEarningsCents)}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {formatCents(car.totalCostsCents)}
                </td>
                <td
                  className={`py-2 pr-4 text-right font-semibold tabular-nums ${car.isLosingMoney ? "text-red-700" : "text-green-800"}`}
                >
                  {formatCents(car.netProfitCents)}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">{breakEvenText(car)}</td>
                <td className="py-2">{car.isLosingMoney ? <LosingBadge /> : <ProfitBadge />}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold text-slate-900">
              <th scope="row" className="py-2 pr-4">
                Fleet
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">
                {formatPercent(audit.totals.averageUtilizationPercent)}
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">
                {formatCents(audit.totals.hostEarningsCents)}
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">
                {formatCents(audit.totals.totalCostsCents)}
              </td>
              <td
                className={`py-2 pr-4 text-right tabular-nums ${audit.totals.netProfitCents < 0 ? "text-red-700" : "text-green-800"}`}
              >
                {formatCents(audit.totals.netProfitCents)}
              </td>
              <td className="py-2 pr-4" />
              <td className="py-2" />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}

function Stat({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: string;
  tone?: "good" | "bad";
  testId?: string;
}) {
  const color =
    tone === "bad" ? "text-red-700" : tone === "good" ? "text-green-800" : "text-slate-900";
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 p-3 sm:p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p
        className={`mt-1 text-lg font-bold break-words tabular-nums sm:text-2xl ${color}`}
        data-testid={testId}
      >
        {value}
      </p>
    </div>
  );
}

// ─── CSV import ─────────────────────────────────────────────────────────────────────────────────

function errorText(error: EarningsCsvError): string {
  if (error.row === null || /^(Row|Line) \d/.test(error.message)) return error.message;
  return `Line ${error.row}: ${error.message}`;
}

function CsvImport({ defaultPlan }: { defaultPlan: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formMethod === "POST";
  const errors = actionData?.csvErrors ?? [];
  const columns = EARNINGS_COLUMNS;

  return (
    <details
      open={errors.length > 0 || undefined}
      className="mt-8 rounded-2xl border border-slate-200 p-4 sm:p-6"
    >
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">
        Prefill from your {marketplace.name} earnings export (CSV)
      </summary>
      <div className="mt-3 grid gap-2 text-sm text-slate-700">
        <p>
          On {marketplace.name}, open your <strong>earnings</strong> page and download your earnings
          export: a CSV file with one line per trip. Upload it here, or open it and paste its
          contents. We add one car per vehicle in the file, with its average daily price and
          utilization over the file&apos;s dates; you add each car&apos;s costs. This replaces the
          cars below.
        </p>
        <p>
          Columns we read: <strong>{columns.vehicle.label}</strong>,{" "}
          <strong>{columns.tripStart.label}</strong>, <strong>{columns.tripEnd.label}</strong>, and{" "}
          <strong>{columns.tripPrice.label}</strong> or{" "}
          <strong>{columns.totalEarnings.label}</strong>. Optional:{" "}
          <strong>{columns.tripDays.label}</strong> and <strong>{columns.status.label}</strong>{" "}
          (cancelled trips are skipped). Other columns are ignored. Up to 2 MB and{" "}
          {formatNumber(MAX_EARNINGS_CSV_ROWS)} trips. We don&apos;t keep the file; the car names go
          into this page&apos;s address so you can bookmark the result.
        </p>
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 grid gap-4"
        aria-label="Import your earnings export"
      >
        {errors.length > 0 ? (
          <div
            id="csv-errors"
            role="alert"
            className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
          >
            <p className="font-semibold">We couldn&apos;t use that file. Nothing was changed.</p>
            <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="csv-errors">
              {errors.map((error, index) => (
                <li key={index}>{errorText(error)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          <div>
            <label htmlFor={CSV_FIELDS.file} className="label">
              Earnings CSV file
            </label>
            <input
              id={CSV_FIELDS.file}
              name={CSV_FIELDS.file}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={errors.length > 0 ? "csv-errors" : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            />
          </div>
          <div>
            <label htmlFor={CSV_FIELDS.plan} className="label">
              Host plan for these cars
            </label>
            <select
              id={CSV_FIELDS.plan}
              name={CSV_FIELDS.plan}
              defaultValue={defaultPlan}
              className="input"
            >
              {HOST_PLAN_IDS.map((id) => (
                <option key={id} value={id}>
                  {planLabel(id)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor={CSV_FIELDS.text} className="label">
            Or paste the CSV text
          </label>
          <textarea
            id={CSV_FIELDS.text}
            name={CSV_FIELDS.text}
            rows={5}
            defaultValue={actionData?.pasted ?? ""}
            spellCheck={false}
            placeholder={`${columns.vehicle.label},${columns.tripStart.label},${columns.tripEnd.label},${columns.tripPrice.label}\n2021 Tesla Model 3,2024-01-05 10:00,2024-01-08 10:00,$360.00`}
            aria-describedby={errors.length > 0 ? "csv-errors" : undefined}
            className="input font-mono text-sm"
          />
        </div>
        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={importing}>
            {importing ? "Importing…" : "Import and prefill"}
          </button>
        </div>
      </Form>
    </details>
  );
}
