/**
 * Check Guest's Protection Plan: for a guest plan × host plan × repair estimate, what the guest
 * owes at most, what the host's plan pays, the host's deductible, whether lost hosting income is
 * payable, and the two routes side by side with the better one (for the host) marked.
 *
 * The model, from the rules in marketplace-rules.ts (money in integer cents):
 * - Guest's maximum: their plan's out-of-pocket cap, limited to the estimate. Interior or
 *   mechanical damage from misuse has no cap: the guest owes the full estimate.
 * - Marketplace-managed: the host pays their deductible, the plan pays the rest of the eligible
 *   cost (capped at the lesser of the car's actual cash value and $200,000), plus lost hosting
 *   income when eligible. Host plans don't reimburse misuse damage; for that the marketplace
 *   charges the guest the full cost instead.
 * - Resolve directly: the host receives what the guest owes at most. Lost hosting income is a
 *   plan benefit, so it is not part of this route.
 * - Better route: the one where the host receives more. On a tie, resolving directly, because
 *   it can still be escalated to the marketplace within the escalation window while a managed
 *   claim can never come back.
 */
import { marketplace } from "~/config/marketplace";
import type { CalculationStep } from "./calculation-steps";
import {
  CLAIM_ROUTES,
  claimDeadlineRule,
  describeDuration,
  GUEST_MISUSE_RULE,
  GUEST_PLANS,
  HOST_PLAN_COMMON,
  HOST_PLANS,
  isGuestPlanId,
  isHostPlanId,
  LOST_INCOME_RULE,
  RULES_AS_OF,
  type ClaimRouteId,
  type GuestPlanId,
  type GuestPlanRule,
  type HostPlanId,
  type HostPlanRule,
} from "./marketplace-rules";
import { formatCents, formatNumber, roundToCents, type Cents } from "./money";
import { assertValid, checkNumber, type FieldErrors, type NumberRule } from "./validation";

export interface ProtectionPlanInput {
  guestPlan: GuestPlanId;
  hostPlan: HostPlanId;
  /** Repair estimate for the damage from this trip, in cents. */
  repairEstimateCents: Cents;
  /** Lost hosting income the host is claiming, in cents (see `estimateLostHostingIncome`). */
  lostIncomeCents?: Cents;
  /** The damage is interior damage from misuse (gouges, tears, burns…). */
  interiorDamage?: boolean;
  /** The damage is mechanical damage from misuse (negligence, improper driving…). */
  mechanicalDamage?: boolean;
  /** The host takes the replacement-vehicle reimbursement, which rules out lost income. */
  replacementVehicleChosen?: boolean;
  /** The car's actual cash value, if known: the plan never pays more than this. */
  actualCashValueCents?: Cents;
}

export type ProtectionPlanField = keyof ProtectionPlanInput;

const AMOUNT_RULES = {
  repairEstimateCents: { label: "Repair estimate", kind: "cents", min: 0, max: 10_000_000_00 },
  lostIncomeCents: { label: "Lost income", kind: "cents", min: 0, max: 1_000_000_00 },
  actualCashValueCents: {
    label: "Actual cash value",
    kind: "cents",
    min: 0,
    max: 10_000_000_00,
  },
} as const satisfies Partial<Record<ProtectionPlanField, NumberRule>>;

/** Field errors for the input; empty when it is valid. */
export function validateProtectionPlanInput(
  input: Partial<Record<ProtectionPlanField, unknown>>,
): FieldErrors<ProtectionPlanField> {
  const errors: FieldErrors<ProtectionPlanField> = {};
  if (!isGuestPlanId(input.guestPlan)) errors.guestPlan = "Choose the guest's protection plan.";
  if (!isHostPlanId(input.hostPlan)) errors.hostPlan = "Choose your host protection plan.";
  const estimateError = checkNumber(input.repairEstimateCents, AMOUNT_RULES.repairEstimateCents);
  if (estimateError) errors.repairEstimateCents = estimateError;
  for (const field of ["lostIncomeCents", "actualCashValueCents"] as const) {
    if (input[field] === undefined) continue;
    const message = checkNumber(input[field], AMOUNT_RULES[field]);
    if (message) errors[field] = message;
  }
  for (const flag of ["interiorDamage", "mechanicalDamage", "replacementVehicleChosen"] as const) {
    if (input[flag] !== undefined && typeof input[flag] !== "boolean") {
      errors[flag] = "Must be yes or no.";
    }
  }
  return errors;
}

export interface RouteLine {
  label: string;
  /** Positive: money to the host; negative: money the host pays or doesn't get back. */
  amountCents: Cents;
}

export interface RouteOutcome {
  id: ClaimRouteId;
  name: string;
  /** Everything the host gets for this damage on this route. */
  hostReceivesCents: Cents;
  /** The part paid by the host's protection plan (0 when resolving directly). */
  hostPlanPaysCents: Cents;
  /** The most the guest pays on this route. */
  guestPaysAtMostCents: Cents;
  /** The part of the loss (estimate + lost income) the host is left with. */
  hostUnrecoveredCents: Cents;
  lines: RouteLine[];
  notes: string[];
  better: boolean;
}

export interface LostIncomeAssessment {
  eligible: boolean;
  /** Why (or why not), in one sentence. */
  reason: string;
  claimedCents: Cents;
  /** Paid on a managed claim. */
  payableCents: Cents;
  /** The "as of" caveat on this rule. */
  caveat: string;
}

export interface ProtectionPlanResult {
  rulesAsOf: string;
  guestPlan: GuestPlanRule;
  hostPlan: HostPlanRule;
  /** Interior or mechanical misuse: the guest plan's cap doesn't apply. */
  misuse: boolean;
  /** Repair estimate plus lost income claimed. */
  totalLossCents: Cents;
  /** The guest plan's cap, before limiting it to the estimate. */
  guestPlanCapCents: Cents;
  /** What the guest owes at most for this damage. */
  guestOwesAtMostCents: Cents;
  /** The host plan's deductible. */
  hostDeductibleCents: Cents;
  /** The deductible the host actually bears on a managed claim (never more than the cost). */
  hostDeductibleAppliedCents: Cents;
  /** What the host plan pays on a managed claim (repair part only). */
  hostPlanPaysCents: Cents;
  lostIncome: LostIncomeAssessment;
  /** Marketplace-managed first, then resolve directly. */
  routes: [RouteOutcome, RouteOutcome];
  better: ClaimRouteId;
  reason: string;
}

const money = (cents: Cents) => formatCents(cents, { trimWholeDollars: true });

function assessLostIncome(
  input: ProtectionPlanInput,
  hostPlan: HostPlanRule,
  misuse: boolean,
): LostIncomeAssessment {
  const claimedCents = input.lostIncomeCents ?? 0;
  const ineligible = (reason: string): LostIncomeAssessment => ({
    eligible: false,
    reason,
    claimedCents,
    payableCents: 0,
    caveat: LOST_INCOME_RULE.caveat,
  });
  if (!hostPlan.lostHostingIncome || !LOST_INCOME_RULE.eligibleHostPlans.includes(hostPlan.id)) {
    const plans = LOST_INCOME_RULE.eligibleHostPlans.map((id) => HOST_PLANS[id].name).join(", ");
    return ineligible(`Lost hosting income is only paid on the ${plans}.`);
  }
  if (input.replacementVehicleChosen) {
    return ineligible(
      "You chose the replacement-vehicle reimbursement; lost income is only paid if you decline it.",
    );
  }
  if (misuse) {
    return ineligible(
      "Host plans don't reimburse interior or mechanical misuse, lost income included.",
    );
  }
  return {
    eligible: true,
    reason: `The ${hostPlan.name} pays lost hosting income when you decline the replacement vehicle.`,
    claimedCents,
    payableCents: claimedCents,
    caveat: LOST_INCOME_RULE.caveat,
  };
}

/** Compares the two claim routes for this damage. Throws `InvalidInputError` on invalid input. */
export function compareProtectionPlans(input: ProtectionPlanInput): ProtectionPlanResult {
  assertValid(validateProtectionPlanInput(input), "protection plan");
  const guestPlan = GUEST_PLANS[input.guestPlan];
  const hostPlan = HOST_PLANS[input.hostPlan];
  const estimate = input.repairEstimateCents;
  const misuse = Boolean(input.interiorDamage || input.mechanicalDamage);
  const lostIncome = assessLostIncome(input, hostPlan, misuse);
  const totalLossCents = estimate + lostIncome.claimedCents;
  const escalateWithin = describeDuration(claimDeadlineRule("escalate").duration);
  const estimateWithin = describeDuration(claimDeadlineRule("repair-estimate").duration);

  const guestOwesAtMostCents = misuse
    ? estimate
    : Math.min(guestPlan.maxOutOfPocketCents, estimate);

  // What the plan would reimburse: never more than the car's value or the plan-wide cap.
  const reimbursementCap = Math.min(
    input.actualCashValueCents ?? Number.POSITIVE_INFINITY,
    HOST_PLAN_COMMON.physicalDamageCapCents,
  );
  const eligibleCost = misuse ? 0 : Math.min(estimate, reimbursementCap);
  const hostDeductibleAppliedCents = Math.min(hostPlan.deductibleCents, eligibleCost);
  const hostPlanPaysCents = eligibleCost - hostDeductibleAppliedCents;

  const facts: ClaimFacts = {
    guestPlan,
    hostPlan,
    estimate,
    misuse,
    lostIncome,
    guestOwesAtMostCents,
    eligibleCost,
    hostDeductibleAppliedCents,
    hostPlanPaysCents,
  };
  const { managedReceives, managedLines, managedNotes } = managedRoute(facts);
  const { directLines, directNotes } = directRoute(facts, estimateWithin, escalateWithin);

  const routes: [RouteOutcome, RouteOutcome] = [
    {
      id: "marketplace-managed",
      name: CLAIM_ROUTES["marketplace-managed"].name,
      hostReceivesCents: managedReceives,
      hostPlanPaysCents,
      guestPaysAtMostCents: guestOwesAtMostCents,
      hostUnrecoveredCents: totalLossCents - managedReceives,
      lines: managedLines,
      notes: managedNotes,
      better: false,
    },
    {
      id: "resolve-directly",
      name: CLAIM_ROUTES["resolve-directly"].name,
      hostReceivesCents: guestOwesAtMostCents,
      hostPlanPaysCents: 0,
      guestPaysAtMostCents: guestOwesAtMostCents,
      hostUnrecoveredCents: totalLossCents - guestOwesAtMostCents,
      lines: directLines,
      notes: directNotes,
      better: false,
    },
  ];
  const [managed, direct] = routes;
  const better: ClaimRouteId =
    managed.hostReceivesCents > direct.hostReceivesCents
      ? "marketplace-managed"
      : "resolve-directly";
  for (const route of routes) route.better = route.id === better;

  return {
    rulesAsOf: RULES_AS_OF,
    guestPlan,
    hostPlan,
    misuse,
    totalLossCents,
    guestPlanCapCents: guestPlan.maxOutOfPocketCents,
    guestOwesAtMostCents,
    hostDeductibleCents: hostPlan.deductibleCents,
    hostDeductibleAppliedCents,
    hostPlanPaysCents,
    lostIncome,
    routes,
    better,
    reason: explainBetterRoute(managed, direct, escalateWithin),
  };
}

/** What both routes are worked out from. */
interface ClaimFacts {
  guestPlan: GuestPlanRule;
  hostPlan: HostPlanRule;
  estimate: Cents;
  misuse: boolean;
  lostIncome: LostIncomeAssessment;
  guestOwesAtMostCents: Cents;
  /** The part of the estimate the host plan reimburses (after its cap). */
  eligibleCost: Cents;
  hostDeductibleAppliedCents: Cents;
  hostPlanPaysCents: Cents;
}

/** The marketplace-managed route: what the host receives, its lines and its notes. */
function managedRoute(facts: ClaimFacts) {
  const { guestPlan, hostPlan, estimate, misuse, lostIncome, guestOwesAtMostCents } = facts;
  const { eligibleCost, hostDeductibleAppliedCents, hostPlanPaysCents } = facts;
  const managedLines: RouteLine[] = [];
  const managedNotes: string[] = [];
  let managedReceives: Cents;
  if (misuse) {
    managedReceives = guestOwesAtMostCents;
    managedLines.push({ label: "Charged to the guest in full (misuse)", amountCents: estimate });
    managedNotes.push(GUEST_MISUSE_RULE.summary);
    managedNotes.push("What you receive depends on the guest paying.");
  } else {
    managedReceives = hostPlanPaysCents + lostIncome.payableCents;
    managedLines.push({ label: "Repair estimate", amountCents: estimate });
    if (eligibleCost < estimate) {
      managedLines.push({
        label: `Above the reimbursement cap (actual cash value or ${money(HOST_PLAN_COMMON.physicalDamageCapCents)})`,
        amountCents: eligibleCost - estimate,
      });
      managedNotes.push(
        `The plan pays at most the lesser of the car's actual cash value and ${money(HOST_PLAN_COMMON.physicalDamageCapCents)}.`,
      );
    }
    managedLines.push({
      label: `Your ${hostPlan.name} deductible`,
      amountCents: -hostDeductibleAppliedCents,
    });
    managedLines.push({ label: "Paid by your host plan", amountCents: hostPlanPaysCents });
    if (lostIncome.claimedCents > 0) {
      managedLines.push({
        label: lostIncome.eligible ? "Lost hosting income" : "Lost hosting income (not eligible)",
        amountCents: lostIncome.payableCents,
      });
    }
    managedNotes.push(
      guestPlan.personalInsuranceAskedFirst
        ? `${marketplace.name} asks the guest's personal insurance to pay first; the guest is charged at most ${money(guestOwesAtMostCents)}.`
        : `The guest chose ${guestPlan.name}, so their personal insurance isn't asked and they owe ${money(guestOwesAtMostCents)}.`,
    );
  }
  managedNotes.push("Once the claim is managed you can't switch back to resolving it directly.");

  return { managedReceives, managedLines, managedNotes };
}

/** The resolve-directly route: its lines and its notes (the host receives what the guest owes). */
function directRoute(facts: ClaimFacts, estimateWithin: string, escalateWithin: string) {
  const { guestPlan, misuse, lostIncome, guestOwesAtMostCents } = facts;
  const directLines: RouteLine[] = [
    {
      label: misuse
        ? "Paid by the guest in full (misuse)"
        : `Paid by the guest (${guestPlan.name}, at most ${money(guestPlan.maxOutOfPocketCents)})`,
      amountCents: guestOwesAtMostCents,
    },
  ];
  const directNotes: string[] = [
    misuse
      ? "Interior or mechanical damage from misuse is the guest's full responsibility under every plan."
      : `The guest's ${guestPlan.name} plan caps what they owe at ${money(guestPlan.maxOutOfPocketCents)}.`,
    `Send the guest a repair estimate within ${estimateWithin}; either of you can ask ${marketplace.name} to manage the claim within ${escalateWithin}.`,
  ];
  if (lostIncome.claimedCents > 0) {
    directNotes.push("Lost hosting income is only paid on a managed claim.");
  }
  if (guestPlan.id === "declined" && !misuse) {
    directNotes.push("The guest declined protection: they may pay through their own auto insurer.");
  }

  return { directLines, directNotes };
}

function explainBetterRoute(
  managed: RouteOutcome,
  direct: RouteOutcome,
  escalateWithin: string,
): string {
  const difference = Math.abs(managed.hostReceivesCents - direct.hostReceivesCents);
  if (managed.hostReceivesCents > direct.hostReceivesCents) {
    return `A ${marketplace.name}-managed claim gets you ${money(managed.hostReceivesCents)}, ${money(difference)} more than the ${money(direct.hostReceivesCents)} the guest can owe you directly.`;
  }
  if (direct.hostReceivesCents > managed.hostReceivesCents) {
    return `Resolving directly gets you ${money(direct.hostReceivesCents)}, ${money(difference)} more than the ${money(managed.hostReceivesCents)} a ${marketplace.name}-managed claim would pay after your deductible.`;
  }
  if (direct.hostReceivesCents === 0) {
    return `Neither route recovers anything for this damage. If you still want to try, start directly with the guest: you keep the option to escalate within ${escalateWithin}.`;
  }
  return `Both routes get you ${money(direct.hostReceivesCents)}. Resolving directly is quicker, and you can still ask ${marketplace.name} to manage the claim within ${escalateWithin}; a managed claim can't come back.`;
}

// ─── Loss of hosting income ─────────────────────────────────────────────────────────────────────

export interface LostIncomeInput {
  /** Labor hours on the repair estimate. */
  laborHours: number;
  /** The car's earnings over the last 60 days, in cents. */
  earningsLast60DaysCents: Cents;
}

export interface LostIncomeEstimate {
  /** Labor hours ÷ 4, rounded up. */
  workingDays: number;
  /** Weekend days inside the repair, assuming it starts on a Monday. */
  weekendDays: number;
  paidDays: number;
  averageDailyEarningsCents: Cents;
  amountCents: Cents;
  steps: CalculationStep[];
}

export const LOST_INCOME_LIMITS = {
  laborHours: { label: "Labor hours", kind: "hours", min: 0, max: 2_000 },
  earningsLast60DaysCents: {
    label: "Earnings over the last 60 days",
    kind: "cents",
    min: 0,
    max: 10_000_000_00,
  },
} as const satisfies Record<keyof LostIncomeInput, NumberRule>;

export function validateLostIncomeInput(
  input: Partial<Record<keyof LostIncomeInput, unknown>>,
): FieldErrors<keyof LostIncomeInput> {
  const errors: FieldErrors<keyof LostIncomeInput> = {};
  for (const field of ["laborHours", "earningsLast60DaysCents"] as const) {
    const message = checkNumber(input[field], LOST_INCOME_LIMITS[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * Loss of hosting income by the marketplace's formula: one day per 4 labor hours (rounded up),
 * plus the weekends the car sits in the shop (repairs assumed to start on a Monday, so a weekend
 * falls after every 5 working days that are followed by more work: 7 working days → 9 paid
 * days), times the average daily earnings over the last 60 days.
 */
export function estimateLostHostingIncome(input: LostIncomeInput): LostIncomeEstimate {
  assertValid(validateLostIncomeInput(input), "lost income");
  const { laborHoursPerDay, workingDaysPerWeek, weekendDaysPerWorkingWeek, averagingWindowDays } =
    LOST_INCOME_RULE;
  // toPrecision removes float noise so 8.000000000000002 hours doesn't become 3 days.
  const workingDays = Math.ceil(Number((input.laborHours / laborHoursPerDay).toPrecision(12)));
  const weekends = workingDays === 0 ? 0 : Math.floor((workingDays - 1) / workingDaysPerWeek);
  const weekendDays = weekends * weekendDaysPerWorkingWeek;
  const paidDays = workingDays + weekendDays;
  const averageDailyEarningsCents = roundToCents(
    input.earningsLast60DaysCents / averagingWindowDays,
  );
  const amountCents = averageDailyEarningsCents * paidDays;
  const days = (count: number) => `${formatNumber(count)} ${count === 1 ? "day" : "days"}`;

  return {
    workingDays,
    weekendDays,
    paidDays,
    averageDailyEarningsCents,
    amountCents,
    steps: [
      {
        id: "working-days",
        label: "Repair days",
        formula: `${formatNumber(input.laborHours)} labor hours ÷ ${laborHoursPerDay}, rounded up`,
        value: workingDays,
        unit: "days",
        display: days(workingDays),
      },
      {
        id: "weekend-days",
        label: "Weekend days in the shop",
        formula: `${weekends} ${weekends === 1 ? "weekend" : "weekends"} × ${weekendDaysPerWorkingWeek} days (repair starts on a Monday)`,
        value: weekendDays,
        unit: "days",
        display: days(weekendDays),
      },
      {
        id: "paid-days",
        label: "Days paid",
        formula: `${days(workingDays)} + ${days(weekendDays)}`,
        value: paidDays,
        unit: "days",
        display: days(paidDays),
      },
      {
        id: "average-daily-earnings",
        label: "Average daily earnings",
        formula: `${formatCents(input.earningsLast60DaysCents)} ÷ ${averagingWindowDays} days`,
        value: averageDailyEarningsCents,
        unit: "cents",
        display: formatCents(averageDailyEarningsCents),
      },
      {
        id: "lost-income",
        label: "Lost hosting income",
        formula: `${formatCents(averageDailyEarningsCents)} × ${days(paidDays)}`,
        value: amountCents,
        unit: "cents",
        display: formatCents(amountCents),
      },
    ],
  };
}
