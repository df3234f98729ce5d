/**
 * The route advisor of a damage claim: the marketplace-managed claim and resolving directly with
 * the guest, side by side, from the host plan in force on the trip's start date, the guest's plan
 * and the estimate (its total and labor hours), with the lost income the 60-day earnings give,
 * the replacement vehicle, and the warning that money from the guest or another insurer ends the
 * marketplace's benefits. The comparison itself is the protection-plan module's.
 */
import { marketplace } from "~/config/marketplace";
import {
  HOST_PLANS,
  isHostPlanId,
  FEES,
  REPLACEMENT_VEHICLE_RULE,
  THIRD_PARTY_PAYMENT_RULE,
  type GuestPlanId,
  type HostPlanId,
} from "~/domain/marketplace-rules";
import { formatCents } from "~/domain/money";
import {
  compareProtectionPlans,
  estimateLostHostingIncome,
  type LostIncomeEstimate,
  type ProtectionPlanResult,
} from "~/domain/protection-plan";

export interface HostPlanPeriod {
  planId: number;
  /** "YYYY-MM-DD". */
  effectiveFrom: string;
}

/** The plan in force on `day` ("YYYY-MM-DD"): the latest one that started on or before it. */
export function hostPlanOn(history: readonly HostPlanPeriod[], day: string): HostPlanId | null {
  const current = [...history]
    .filter((period) => period.effectiveFrom <= day)
    .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];
  return current && isHostPlanId(current.planId) ? current.planId : null;
}

export interface RouteAdviceInput {
  guestPlan: GuestPlanId;
  hostPlan: HostPlanId;
  repairEstimateCents: number;
  /** Labor hours of the claimed estimate; null for an amount typed by hand. */
  laborHours: number | null;
  /** The car's earnings on trips that ended in the 60 days before this one. */
  earningsLast60DaysCents: number;
  /** How many cars the account has (the replacement-vehicle condition). */
  fleetSize: number;
  /**
   * The marketplace's damage-report window: when it closes ("Nov 20, 2026, 6:00 PM MST") and
   * whether it closed before the claim was filed. Null when unknown.
   */
  reportWindow?: { dueText: string; closed: boolean } | null;
}

/** What the report window means for the routes, in words. */
export interface RouteClock {
  closed: boolean;
  text: string;
}

export interface RouteAdvice {
  comparison: ProtectionPlanResult;
  /** Null when the plan pays no lost income or the estimate has no labor hours. */
  lostIncome: LostIncomeEstimate | null;
  replacementVehicle: { offered: boolean; text: string };
  forfeitWarning: string;
  clock: RouteClock | null;
}

const fee = (cents: number) => formatCents(cents, { trimWholeDollars: true });

/**
 * A late report makes the managed route a long shot: the marketplace can deny it (and charge the
 * invalid-claim fee), so the advice stops counting on its payout and recommends asking the guest.
 */
function withClock(
  comparison: ProtectionPlanResult,
  window: RouteAdviceInput["reportWindow"],
): { comparison: ProtectionPlanResult; clock: RouteClock | null } {
  if (!window) return { comparison, clock: null };
  if (!window.closed) {
    return {
      comparison,
      clock: {
        closed: false,
        text: `Report the damage in ${marketplace.name} by ${window.dueText}: after that the managed route can be denied.`,
      },
    };
  }
  const [managed, direct] = comparison.routes;
  const guestPays = formatCents(direct.guestPaysAtMostCents, { trimWholeDollars: true });
  return {
    comparison: {
      ...comparison,
      better: "resolve-directly",
      routes: [
        { ...managed, better: false },
        { ...direct, better: true },
      ],
      reason: `${marketplace.name}'s report window closed ${window.dueText}, so the managed route is unlikely to pay: ask the guest to pay directly (up to ${guestPays} on their plan). File with ${marketplace.name} only if the guest told you about the damage later than the trip's end (the 24 hours then count from their message).`,
    },
    clock: {
      closed: true,
      text: `${marketplace.name}'s 24-hour report window closed ${window.dueText}. A late report can be denied, with a ${fee(FEES.missingPhotos.feeCents)} fee: don't count on the managed route's ${formatCents(managed.hostReceivesCents)}.`,
    },
  };
}

export function adviseRoute(input: RouteAdviceInput): RouteAdvice {
  const plan = HOST_PLANS[input.hostPlan];
  const lostIncome =
    plan.lostHostingIncome && input.laborHours !== null && input.laborHours > 0
      ? estimateLostHostingIncome({
          laborHours: input.laborHours,
          earningsLast60DaysCents: input.earningsLast60DaysCents,
        })
      : null;
  const comparison = compareProtectionPlans({
    guestPlan: input.guestPlan,
    hostPlan: input.hostPlan,
    repairEstimateCents: input.repairEstimateCents,
    lostIncomeCents: lostIncome?.amountCents,
  });
  const benefit = plan.replacementVehicle;
  const condition =
    input.fleetSize > REPLACEMENT_VEHICLE_RULE.fleetSizeWithoutCondition
      ? ` With ${input.fleetSize} cars, only while all your other cars are booked or in repair.`
      : "";
  const replacementVehicle = benefit
    ? {
        offered: true,
        text: `The ${plan.name} reimburses a replacement vehicle at ${formatCents(benefit.dailyCents, { trimWholeDollars: true })} a day${benefit.maxDays ? `, up to ${benefit.maxDays} days` : ""}, one at a time${plan.lostHostingIncome ? "; taking it rules out lost income" : ""}.${condition}`,
      }
    : { offered: false, text: `The ${plan.name} has no replacement-vehicle reimbursement.` };
  const clocked = withClock(comparison, input.reportWindow);
  return {
    comparison: clocked.comparison,
    lostIncome,
    replacementVehicle,
    forfeitWarning: THIRD_PARTY_PAYMENT_RULE.summary,
    clock: clocked.clock,
  };
}
