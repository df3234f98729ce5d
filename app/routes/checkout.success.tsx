import { data, Link, useRevalidator } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/checkout.success";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { requireSession } from "~/lib/auth/guards.server";
import { checkoutOutcome } from "~/lib/billing/subscription-page.server";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { useFormat } from "~/lib/ui/preferences";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Checkout complete", "/checkout/success", data);

/** Seconds between checks while Stripe's webhook hasn't landed yet. */
const REFRESH_SECONDS = 2;

/**
 * Stripe sends the host back here; the plan applies once Stripe's webhook has told us, usually
 * within seconds. Until then the page says "processing" and checks again by itself: a `Refresh`
 * header reloads it without JavaScript, a revalidation refreshes it with.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const checkoutSessionId = new URL(request.url).searchParams.get("session_id")?.slice(0, 255);
  const outcome = checkoutSessionId
    ? checkoutOutcome(session.accountId, checkoutSessionId)
    : { state: "processing" as const };
  return data(
    { origin: new URL(env().PUBLIC_URL).origin, outcome },
    outcome.state === "processing" ? { headers: { Refresh: String(REFRESH_SECONDS) } } : undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  const { day } = useFormat();
  const revalidator = useRevalidator();
  const processing = outcome.state === "processing";
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void revalidator.revalidate(), REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [processing, revalidator]);
  return (
    <div className="container-page max-w-2xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader title={processing ? "Processing your subscription" : "You're subscribed"} />
      <CardSection id="outcome" title={processing ? "Processing" : "All set"}>
        {outcome.state === "processing" ? (
          <p role="status" className="text-slate-700">
            Processing: we&apos;re waiting for Stripe to confirm your subscription. This page
            updates by itself in a few seconds.
          </p>
        ) : (
          <>
            <p role="status" className="text-slate-700">
              You&apos;re on the {outcome.planName} plan
              {outcome.trialEnd ? `; your free trial runs until ${day(outcome.trialEnd)}` : ""}.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="/dashboard" className="btn-primary">
                Go to the dashboard
              </Link>
              <Link to="/subscription" className="btn-outline">
                See your subscription
              </Link>
            </div>
          </>
        )}
      </CardSection>
    </div>
  );
}
