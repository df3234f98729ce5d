/** The three plans side by side, each with what it includes and the form that chooses it. */
import { Form } from "react-router";
import { PlanFeatureList } from "./plan-features";
import { FEATURE_LABELS, type PlanId } from "~/domain/billing/plans";

interface Card {
  id: PlanId;
  name: string;
  tagline: string;
  price: string;
  trialDays: number | null;
  vehicleLimit: number | null;
  features: readonly (keyof typeof FEATURE_LABELS)[];
}

export function PlanCards({
  plans,
  currentPlanId,
  live,
  canChoose,
  busy,
}: {
  plans: Card[];
  /** The plan in force. */
  currentPlanId: PlanId;
  /** Whether a subscription is running (then a plan is changed, not checked out again). */
  live: boolean;
  canChoose: boolean;
  busy: boolean;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Plans">
      {plans.map((plan) => {
        const current = plan.id === currentPlanId;
        return (
          <li
            key={plan.id}
            id={`plan-${plan.id}`}
            className={`flex flex-col rounded-2xl border bg-white p-5 ${current ? "border-brand-500 ring-2 ring-brand-200" : "border-slate-200"}`}
          >
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="text-lg font-bold text-slate-900">{plan.name}</h3>
              {current ? (
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
                  Current plan
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-sm text-slate-700">{plan.tagline}</p>
            <p className="mt-3 font-semibold text-slate-900">{plan.price}</p>
            {plan.trialDays ? (
              <p className="text-sm text-slate-700">
                {plan.trialDays}-day free trial, no card needed
              </p>
            ) : null}
            <PlanFeatureList
              features={plan.features}
              vehicleLimit={plan.vehicleLimit}
              className="mt-3 flex-1 text-sm"
            />
            {canChoose && !current && plan.id === "free" && live ? (
              <p className="mt-4 text-sm text-slate-700">
                To move to Free, cancel your subscription: it runs to the end of the period.
              </p>
            ) : null}
            {canChoose && !current && plan.id !== "free" ? (
              live ? (
                <Form method="post" className="mt-4">
                  <input type="hidden" name="intent" value="change" />
                  <input type="hidden" name="plan" value={plan.id} />
                  <button type="submit" className="btn-outline w-full" disabled={busy}>
                    Switch to {plan.name}
                  </button>
                </Form>
              ) : (
                <Form method="post" action="/checkout" className="mt-4">
                  <input type="hidden" name="plan" value={plan.id} />
                  <button type="submit" className="btn-primary w-full" disabled={busy}>
                    {plan.trialDays
                      ? `Start the ${plan.trialDays}-day trial`
                      : `Upgrade to ${plan.name}`}
                  </button>
                </Form>
              )
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
