/**
 * The route advisor of a damage claim: the marketplace-managed claim and resolving directly with
 * the guest, side by side, from the host plan in force on the trip's start date, the guest's plan
 * and the estimate (its total and labor hours), with the lost income the 60-day earnings give,
 * the replacement vehicle, and the warning that money from the guest or another insurer ends the
 * marketplace's benefits. The comparison itself is the protection-plan module's.
 */
import {
  HOST_PLANS,
  isHostPlanId,
  REPLACEMENT_VEHICLE_RULE,
  THIRD_PARTY_PAYMENT_RULE,
  type GuestPlanId,
  type HostPlanId,
} from "../marketplace-rules";
import { formatCents } from "../money";
import {
  compareProtectionPlans,
  estimateLostHostingIncome,
  type LostIncomeEstimate,
  type ProtectionPlanResult,
} from "../protection-plan";

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
}

export interface RouteAdvice {
  comparison: ProtectionPlanResult;
  /** Null when the plan pays no lost income or the estimate has no labor hours. */
  lostIncome: LostIncomeEstimate | null;
  replacementVehicle: { offered: boolean; text: string };
  forfeitWarning: string;
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
  return {
    comparison,
    lostIncome,
    replacementVehicle,
    forfeitWarning: THIRD_PARTY_PAYMENT_RULE.summary,
  };
}
