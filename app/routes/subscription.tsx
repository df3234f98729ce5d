import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/subscription";
import { PlanCards } from "~/components/billing/plan-cards";
import { BillingAlert } from "~/components/billing/plan-features";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { PLANS } from "~/domain/billing/plans";
import { requireSession, type SessionPost } from "~/lib/auth/guards.server";
import {
  billingFailureReply,
  billingRefusal,
  planFormSchema,
  subscriptionIntentSchema,
  subscriptionView,
} from "~/lib/billing/subscription-page.server";
import { changePlan, portalUrl, setCancelAtPeriodEnd } from "~/lib/billing/subscriptions.server";
import { parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import type { IntentHandlers, IntentOf } from "~/lib/http/intent";
import { env } from "~/lib/runtime/env.server";
import { useFormat } from "~/lib/ui/preferences";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Subscription", "/subscription", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  return { origin: new URL(env().PUBLIC_URL).origin, view: subscriptionView(session) };
}

const TOASTS = {
  change: { title: "Plan change sent", description: "Stripe confirms it in a moment." },
  cancel: { title: "Cancellation scheduled", description: "Your plan runs to the period's end." },
  resume: { title: "Subscription resumed", description: "It renews as before." },
};

/** Change plan, cancel at the period's end, resume, or open Stripe's Customer Portal. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const refusal = billingRefusal(session, "Only the account owner can change the subscription.");
  if (refusal) return refusal;
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const posted = parseSubmission(form, subscriptionIntentSchema);
  if (posted.status !== "success") return formReply(posted, { status: 400 });
  try {
    return await subscriptionIntents[posted.value.intent]({ session, form });
  } catch (error) {
    return billingFailureReply(error);
  }
}

const subscriptionIntents = {
  change: async ({ session, form }) => {
    const posted = parseSubmission(form, planFormSchema);
    if (posted.status !== "success") return formReply(posted, { status: 400 });
    await changePlan(session.accountId, posted.value.plan);
    return redirectWithToast("/subscription", TOASTS.change);
  },
  cancel: async ({ session }) => {
    await setCancelAtPeriodEnd(session.accountId, true);
    return redirectWithToast("/subscription", TOASTS.cancel);
  },
  resume: async ({ session }) => {
    await setCancelAtPeriodEnd(session.accountId, false);
    return redirectWithToast("/subscription", TOASTS.resume);
  },
  portal: async ({ session }) => redirect(await portalUrl(session.accountId)),
} satisfies IntentHandlers<IntentOf<typeof subscriptionIntentSchema>, SessionPost>;

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { day } = useFormat();
  return (
    <div className="container-page max-w-5xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Subscription"
        intro="Your plan, what it includes and what it costs."
      />
      <BillingAlert reply={actionData} />
      {view.billing === "off" ? (
        <CardSection id="plan" title="Plan">
          <p className="text-slate-700">
            Billing is off on this installation —{" "}
            <span className="whitespace-nowrap">self-hosted: all features</span>.
          </p>
        </CardSection>
      ) : (
        <>
          <CardSection id="plan" title="Your plan">
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Fact label="Plan" value={PLANS[view.planId].name} />
              <Fact label="Status" value={view.statusLabel ?? "No subscription"} />
              {view.trialEnd ? (
                <Fact label="Trial ends" value={day(view.trialEnd)} />
              ) : view.renewsAt ? (
                <Fact
                  label={view.cancelAtPeriodEnd ? "Ends" : "Renews"}
                  value={day(view.renewsAt)}
                />
              ) : null}
              <Fact
                label="Active vehicles"
                value={`${view.activeVehicles} of ${view.vehicles}${view.vehicleLimit === null ? "" : ` (limit ${view.vehicleLimit})`}`}
              />
            </dl>
            <p className="mt-3 text-sm text-slate-700">
              An active vehicle is one with a trip in the billing period; paid plans bill only
              those.
            </p>
            {view.graceEndsAt ? (
              <p role="alert" className="mt-3 text-sm font-medium text-red-900">
                Your last payment didn&apos;t go through. Features keep working until{" "}
                {day(view.graceEndsAt)}; update your payment method in the portal.
              </p>
            ) : null}
            {view.status === "canceled" && view.subscribedPlanId ? (
              <p className="mt-3 text-sm text-slate-700">
                Your {PLANS[view.subscribedPlanId].name} subscription ended. Everything you created
                is still here, read-only; choose a plan to pick up where you left off.
              </p>
            ) : null}
            {view.isOwner ? (
              <div className="mt-4 flex flex-wrap gap-3">
                {view.hasCustomer ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="portal" />
                    <button type="submit" className="btn-outline" disabled={busy}>
                      Invoices and payment methods
                    </button>
                  </Form>
                ) : null}
                {view.live ? (
                  <Form method="post">
                    <input
                      type="hidden"
                      name="intent"
                      value={view.cancelAtPeriodEnd ? "resume" : "cancel"}
                    />
                    <button type="submit" className="btn-ghost" disabled={busy}>
                      {view.cancelAtPeriodEnd ? "Keep my subscription" : "Cancel subscription"}
                    </button>
                  </Form>
                ) : null}
              </div>
            ) : (
              <p className="mt-4 text-sm text-slate-700">
                Only the account owner can change the plan.
              </p>
            )}
          </CardSection>
          <section aria-labelledby="plans-heading" className="space-y-3">
            <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
              {view.live ? "Change plan" : "Plans"}
            </h2>
            <PlanCards
              plans={view.plans}
              currentPlanId={view.planId}
              live={view.live}
              canChoose={view.isOwner}
              busy={busy}
            />
          </section>
        </>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
