import { ColumnHeaders } from "~/components/column-headers";
import { CalculationSteps } from "~/components/tool-fields";
import { marketplace } from "~/config/marketplace";
import type { FleetAudit } from "~/domain/fleet-audit";
import { formatCents, formatPercent } from "~/domain/money";
import type { FleetAuditQuery } from "~/lib/tools/fleet-audit-query";
import { breakEvenText, LosingBadge, ProfitBadge, utilizationOf } from "./common";
import { Stat } from "~/components/stat";

const PER_CAR_COLUMNS = [
  "Car",
  ...["Utilization", "Your earnings", "Costs", "Net per month", "Break-even utilization"].map(
    (label) => ({ label, numeric: true }),
  ),
  "Status",
];

export function Results({ parsed, audit }: { parsed: FleetAuditQuery; audit: FleetAudit | null }) {
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
            <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
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
            </dl>
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
            <ColumnHeaders
              className="border-b border-slate-200 text-slate-600"
              padding="py-2 pr-4"
              columns={PER_CAR_COLUMNS}
            />
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
