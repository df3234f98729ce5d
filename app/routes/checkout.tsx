import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import { BillingAlert, PlanFeatureList } from "~/components/billing/plan-features";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { PLANS, priceLabel } from "~/domain/billing/plans";
import { requireSession } from "~/lib/auth/guards.server";
import {
  billingFailureReply,
  billingRefusal,
  parsePlan,
  planFormSchema,
} from "~/lib/billing/subscription-page.server";
import { billingEnabled } from "~/lib/billing/stripe.server";
import { parseSubmission } from "~/lib/http/form";
import { startCheckout } from "~/lib/billing/subscriptions.server";
import { formReply, readForm } from "~/lib/http/form.server";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Checkout", "/checkout", data);

/** GET /checkout?plan=fleet: the plan chosen and the button to Stripe Checkout. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSession(request);
  if (!billingEnabled()) throw redirect("/subscription");
  const planId = parsePlan(new URL(request.url).searchParams.get("plan")) ?? "fleet";
  const plan = PLANS[planId];
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    plan: { id: planId, name: plan.name, price: priceLabel(plan), trialDays: plan.trialDays },
    features: plan.features,
    vehicleLimit: plan.vehicleLimit,
  };
}

/** POST /checkout (plan): off to Stripe Checkout, which comes back to /checkout/success. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const refusal = billingRefusal(session, "Only the account owner can choose the plan.");
  if (refusal) return refusal;
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const posted = parseSubmission(form, planFormSchema);
  if (posted.status !== "success") return formReply(posted, { status: 400 });
  try {
    return redirect(await startCheckout(session.accountId, posted.value.plan));
  } catch (error) {
    return billingFailureReply(error);
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { plan } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container-page max-w-2xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/subscription", label: "Subscription" }}
        title={`Checkout: ${plan.name}`}
        intro={`${plan.price}${plan.trialDays ? `, after a ${plan.trialDays}-day free trial (no card needed)` : ""}. You pay through Stripe; billing counts only vehicles with a trip in the period.`}
      />
      <BillingAlert reply={actionData} />
      <CardSection id="includes" title="What you get">
        <PlanFeatureList features={loaderData.features} vehicleLimit={loaderData.vehicleLimit} />
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <input type="hidden" name="plan" value={plan.id} />
          <button type="submit" className="btn-primary" disabled={busy}>
            {plan.trialDays ? "Start the free trial" : "Continue to payment"}
          </button>
          <Link to="/subscription" className="btn-outline">
            Compare plans
          </Link>
        </Form>
      </CardSection>
    </div>
  );
}
