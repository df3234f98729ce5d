/**
 * The gates: one call at the top of a loader or action keeps a feature to the plans that include
 * it. JSON routes answer 402 `{ error, message, requiresUpgrade: true }` (the API client maps it
 * to `requiresUpgrade`); pages throw a 402 their error boundary shows as what the plan includes
 * and how to upgrade (app/components/billing/upgrade-required.tsx). Self-hosted, nothing is gated.
 *
 * Downgrades hide nothing: reads stay open (read-only), the gates stand before new work.
 */
import { data } from "react-router";
import { canAddVehicle, hasFeature } from "~/domain/billing/entitlements";
import { cheapestPlanWith, FEATURE_LABELS, PLANS, type Feature } from "~/domain/billing/plans";
import { jsonError } from "~/lib/http/json";
import { accountEntitlements, vehicleCount } from "./subscriptions.server";

export const UPGRADE_PATH = "/subscription";

/** What a 402 carries: the sentence and which feature (the page shows that plan's offer). */
export interface UpgradeRequiredBody {
  error: string;
  message: string;
  requiresUpgrade: true;
  feature: Feature | "vehicles";
  upgradeUrl: string;
}

export function upgradeMessage(feature: Feature): string {
  const plan = cheapestPlanWith(feature);
  return `${FEATURE_LABELS[feature]} is part of the ${plan.name} plan. Upgrade to use it.`;
}

export function vehicleLimitMessage(limit: number): string {
  return `The ${PLANS.free.name} plan includes up to ${limit} vehicles. Upgrade to add more.`;
}

function body(feature: Feature | "vehicles", message: string): UpgradeRequiredBody {
  return { error: message, message, requiresUpgrade: true, feature, upgradeUrl: UPGRADE_PATH };
}

/** Whether the account's plan includes the feature now (always, self-hosted). */
export function featureAllowed(accountId: string, feature: Feature): boolean {
  return hasFeature(accountEntitlements(accountId), feature);
}

/** For JSON routes: throws the 402 when the account's plan lacks the feature. */
export function requireApiFeature(session: { accountId: string }, feature: Feature): void {
  if (featureAllowed(session.accountId, feature)) return;
  const message = upgradeMessage(feature);
  const { error: _e, message: _m, ...extra } = body(feature, message);
  throw jsonError(402, message, extra);
}

/**
 * For pages (loaders and form actions): throws a 402 the error boundary renders as the plan's
 * offer. One line in a loader gates a whole page: `requireFeature(session, "concierge")`.
 */
export function requireFeature(session: { accountId: string }, feature: Feature): void {
  if (featureAllowed(session.accountId, feature)) return;
  throw data(body(feature, upgradeMessage(feature)), { status: 402 });
}

/** The vehicle limit (Free: 3 by default): null when one more fits, else the message. */
export function vehicleLimitReached(accountId: string): string | null {
  const entitlements = accountEntitlements(accountId);
  if (canAddVehicle(entitlements, vehicleCount(accountId))) return null;
  return vehicleLimitMessage(entitlements.vehicleLimit ?? 0);
}

export function requireVehicleRoom(session: { accountId: string }, kind: "api" | "page"): void {
  const message = vehicleLimitReached(session.accountId);
  if (!message) return;
  const answer = body("vehicles", message);
  if (kind === "page") throw data(answer, { status: 402 });
  const { error: _e, message: _m, ...extra } = answer;
  throw jsonError(402, message, extra);
}
