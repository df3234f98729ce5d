/**
 * What a page shows instead of a feature the plan lacks: the plan that includes it, what that plan
 * includes, its price, and the way to upgrade. Rendered for every 402 a page throws
 * (app/lib/billing/gates.server.ts) and beside read-only records after a downgrade.
 */
import { Link } from "react-router";
import { PlanFeatureList } from "./plan-features";
import {
  cheapestPlanWith,
  FEATURE_LABELS,
  FEATURES,
  PLANS,
  priceLabel,
  type Feature,
} from "~/domain/billing/plans";

function isFeature(value: unknown): value is Feature {
  return typeof value === "string" && (FEATURES as readonly string[]).includes(value);
}

/** The plan to offer for a 402's feature ("vehicles": the cheapest plan without a limit). */
function offeredPlan(feature: unknown) {
  return isFeature(feature) ? cheapestPlanWith(feature) : PLANS.fleet;
}

export function UpgradeRequired({ feature, message }: { feature: unknown; message?: string }) {
  const plan = offeredPlan(feature);
  return (
    <section
      aria-labelledby="upgrade-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-6 sm:p-8"
    >
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Upgrade</p>
      <h1 id="upgrade-heading" className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        {isFeature(feature) ? FEATURE_LABELS[feature] : "More vehicles"} comes with the {plan.name}{" "}
        plan
      </h1>
      {message ? <p className="mt-3 max-w-2xl text-slate-700">{message}</p> : null}
      <p className="mt-4 font-semibold text-slate-900">
        {plan.name}: {priceLabel(plan)}
        {plan.trialDays ? `, ${plan.trialDays}-day free trial` : ""}
      </p>
      <PlanFeatureList features={plan.features} vehicleLimit={plan.vehicleLimit} className="mt-3" />
      <p className="mt-4 text-sm text-slate-700">
        Nothing you created is lost: your records stay here, read-only until you upgrade.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={`/subscription#plan-${plan.id}`} className="btn-primary">
          See plans and upgrade
        </Link>
        <Link to="/dashboard" className="btn-outline">
          Back to the dashboard
        </Link>
      </div>
    </section>
  );
}

/** A one-line note above records the plan no longer lets the host change. */
export function ReadOnlyNotice({ feature }: { feature: Feature }) {
  const plan = cheapestPlanWith(feature);
  return (
    <p
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      Read-only: {FEATURE_LABELS[feature]} needs the {plan.name} plan.{" "}
      <Link to={`/subscription#plan-${plan.id}`} className="font-semibold underline">
        Upgrade
      </Link>{" "}
      to make changes. Everything you created is still here.
    </p>
  );
}
