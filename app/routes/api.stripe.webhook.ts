import type { Route } from "./+types/api.stripe.webhook";
import { billingEnabled } from "~/lib/billing/stripe.server";
import { receiveWebhook } from "~/lib/billing/webhook.server";
import { jsonError, methodNotAllowed, NOT_FOUND } from "~/lib/http/json";

/**
 * POST /api/stripe/webhook: Stripe's events, verified on the raw bytes of the body (any parsing
 * first would break the signature). Exempt from the POST rate limit (server/app.js): Stripe
 * retries in bursts; only failed deliveries are limited there, per client address (429). 200 for
 * an event applied or already applied; 400 for a bad signature or a body that isn't an event.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (!billingEnabled()) return jsonError(404, NOT_FOUND);
  const raw = new Uint8Array(await request.arrayBuffer());
  const result = await receiveWebhook(raw, request.headers.get("Stripe-Signature"));
  if (result.status !== 200) return jsonError(result.status, result.message);
  return Response.json({ received: true, message: result.message });
}

export const loader = () => methodNotAllowed("POST");
