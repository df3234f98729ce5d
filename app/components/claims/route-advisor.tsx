import { Link } from "react-router";
import type { RouteAdvisorResult } from "~/lib/claims/route-advisor.server";
import { formatCents } from "~/domain/money";

/**
 * The two routes of a damage claim side by side, with the recommended one marked; or what to
 * record first (the guest's plan on the trip, the car's host plan).
 */
export function RouteAdvisor({
  result,
  tripId,
  vehicleId,
  draft,
}: {
  result: RouteAdvisorResult;
  tripId: string;
  vehicleId: string | null;
  /** A draft takes its amount in "Update the claim". */
  draft: boolean;
}) {
  if (result.status === "not-applicable") return null;
  if (result.status === "missing") {
    return (
      <MissingInputs missing={result.missing} tripId={tripId} vehicleId={vehicleId} draft={draft} />
    );
  }
  const { comparison, lostIncome, replacementVehicle, forfeitWarning, clock } = result.advice;
  return (
    <div className="space-y-4 text-sm">
      {clock ? (
        <p
          role="note"
          className={`rounded-lg border p-3 ${clock.closed ? "border-red-300 bg-red-50 text-red-950" : "border-amber-300 bg-amber-50 text-amber-950"}`}
        >
          {clock.text}
        </p>
      ) : null}
      <p className="text-slate-700">
        {comparison.hostPlan.name} (deductible{" "}
        {formatCents(comparison.hostDeductibleCents, { trimWholeDollars: true })}) · guest on{" "}
        {comparison.guestPlan.name}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {comparison.routes.map((route) => (
          <section
            key={route.id}
            aria-label={route.name}
            className={`rounded-xl border p-4 ${route.better ? "border-emerald-400 bg-emerald-50" : "border-slate-200"}`}
          >
            <h3 className="font-semibold text-slate-900">
              {route.name}
              {route.better ? (
                <span className="ml-2 text-xs font-semibold text-emerald-800">Recommended</span>
              ) : null}
            </h3>
            <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
              {formatCents(route.hostReceivesCents)}
            </p>
            {clock?.closed && route.id === "marketplace-managed" ? (
              <p className="mt-1 font-semibold text-red-800">
                Unlikely to pay: reported after the window
              </p>
            ) : null}
            <ul className="mt-2 space-y-1 text-slate-700">
              {route.lines.map((line) => (
                <li key={line.label} className="flex justify-between gap-3">
                  <span>{line.label}</span>
                  {/* `|| 0` turns a deductible of −0 into $0.00 */}
                  <span className="tabular-nums">{formatCents(line.amountCents || 0)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="text-slate-800">{comparison.reason}</p>
      {lostIncome && lostIncome.averageDailyEarningsCents === 0 ? (
        <p className="text-slate-700">
          Lost income: {lostIncome.paidDays} days in the shop, but no earnings are recorded for this
          car in the 60 days before the trip.{" "}
          <Link to="/dashboard/trips" className="font-medium text-brand-700 underline">
            Import your trips
          </Link>{" "}
          to count it. {comparison.lostIncome.caveat}
        </p>
      ) : lostIncome ? (
        <p className="text-slate-700">
          Lost income: {lostIncome.paidDays} days ({lostIncome.workingDays} in the shop +{" "}
          {lostIncome.weekendDays} weekend days) ×{" "}
          {formatCents(lostIncome.averageDailyEarningsCents)} a day (the car&apos;s average over the
          60 days before the trip) = {formatCents(lostIncome.amountCents)}.{" "}
          {comparison.lostIncome.caveat}
        </p>
      ) : null}
      <p className="text-slate-700">{replacementVehicle.text}</p>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {forfeitWarning}
      </p>
    </div>
  );
}

/** What the comparison still needs, each with a link to where it is recorded. */
function MissingInputs({
  missing,
  tripId,
  vehicleId,
  draft,
}: {
  missing: Extract<RouteAdvisorResult, { status: "missing" }>["missing"];
  tripId: string;
  vehicleId: string | null;
  draft: boolean;
}) {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>To compare the routes, record:</p>
      <ul className="list-disc space-y-1 pl-5">
        {missing.includes("guestPlan") ? (
          <li>
            the guest&apos;s protection plan on{" "}
            <Link to={`/dashboard/trip/${tripId}`} className="font-medium text-brand-700 underline">
              the trip
            </Link>
          </li>
        ) : null}
        {missing.includes("hostPlan") ? (
          <li>
            your host plan for this car on the trip date, under{" "}
            {vehicleId ? (
              <Link
                to={`/dashboard/vehicle/${vehicleId}/host-plans`}
                className="font-medium text-brand-700 underline"
              >
                the car&apos;s host plans
              </Link>
            ) : (
              "the car's host plans (match the trip to a car first)"
            )}
          </li>
        ) : null}
        {missing.includes("amount") ? (
          <li>
            the amount claimed: make an estimate, or enter it{" "}
            {draft ? (
              <a href="#claim-change" className="font-medium text-brand-700 underline">
                below
              </a>
            ) : (
              "below"
            )}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
