/**
 * The marketplace's claim rules (US) as ONE dated, sourced table.
 *
 * Every rule and number the free tools use lives here with the support article it comes from, so
 * a policy change is a data edit: no logic elsewhere hard-codes a deadline, fee, deductible or
 * share. Pages show `RULES_AS_OF` ("rules as of …") and link each rule's `source.url`.
 *
 * Source of the values: the marketplace's public support articles named below. Text that
 * mentions the marketplace takes its name from `~/config/marketplace`.
 */
import { marketplace } from "~/config/marketplace";
import { SMOKING_FEES } from "./smoking-fees";
import { formatCents } from "./money";

/** The date these rules were last checked against their sources (ISO date). */
export const RULES_AS_OF = "2026-11-01";

/** The rules below are the marketplace's US rules. */
export const RULES_REGION = "US";

export interface RuleSource {
  /** The marketplace support-center article id, or null when no article id is recorded. */
  articleId: string | null;
  /** What the source covers, in our words (not the article's exact title). */
  topic: string;
  /** Link to show next to the rule, or null when there is no public article to link. */
  url: string | null;
  /** Anything a reader should know about the source itself. */
  note?: string;
}

const SUPPORT_ARTICLE_BASE_URL = "https://support.turo.com/hc/en-us/articles/";

function supportArticle(articleId: string, topic: string, note?: string): RuleSource {
  return {
    articleId,
    topic,
    url: `${SUPPORT_ARTICLE_BASE_URL}${articleId}`,
    ...(note && { note }),
  };
}

/** Every source the rules cite; pages can list `Object.values(RULE_SOURCES)` as "Sources". */
export const RULE_SOURCES = {
  reportingDamage: supportArticle("203990590", "Reporting damage and accidents"),
  tripPhotos: supportArticle("203992070", "How to report damage: trip photos and missing photos"),
  resolvingIndependently: supportArticle("207963877", "Resolving claims independently"),
  damageClaims: supportArticle("203990640", "Damage claims (US): the two routes, guest deposits"),
  reimbursements: supportArticle("360024276814", "Reimbursement requests and misuse policy"),
  smoking: supportArticle("360058711794", "No-smoking policy for hosts"),
  lostIncome: supportArticle("217552957", "Loss of hosting income"),
  priorDamage: supportArticle("360037472194", "Prior damage"),
  replacementVehicle: supportArticle("217078488", "Replacement vehicle reimbursement"),
  thirdPartyPayment: supportArticle(
    "207963887",
    "Payment from the guest or a third party's insurer absolves the marketplace",
  ),
  hostPlans: supportArticle("217043898", "Host protection plans (US)"),
  wearAndTear: supportArticle(
    "203990650",
    "Wear and tear; damage guests are fully responsible for",
  ),
  lateReturn: {
    articleId: null,
    topic: "Late return fee",
    url: null,
    note: `Taken from published copies of ${marketplace.name}'s guest fee policy; no support-article id is recorded for it.`,
  },
} as const satisfies Record<string, RuleSource>;

// ─── Trip photos and reimbursements ───────────────────────────────────────────────────────

export const TRIP_PHOTO_RULE = {
  /** Pre-trip photos must be taken at most this many hours before trip start. */
  preTripMaxHoursBeforeStart: 24,
  /** Post-trip photos must be taken at most this many hours after the (actual) trip end. */
  postTripMaxHoursAfterEnd: 24,
  source: RULE_SOURCES.tripPhotos,
} as const;

export const REIMBURSEMENT_RULE = {
  /** Toll reimbursement requests: within this many days of trip end. */
  tollRequestWindowDays: 90,
  /** Once a host sends a reimbursement request, the guest has this long to dispute it. */
  guestDisputeWindowHours: 72,
  /** What can be invoiced through the reimbursement tool. */
  eligibleItems: ["fuel", "distance", "tickets", "tolls", "cleaning", "smoking"] as const,
  source: RULE_SOURCES.reimbursements,
} as const;

// ─── Claim deadlines ────────────────────────────────────────────────────────────────────────────

/**
 * How a deadline is measured from trip end.
 * - "elapsed-hours": that many real hours later (a DST change in between does not move it).
 * - "calendar-days": the same wall-clock time that many calendar days later in the host's time
 *   zone. The support article words the 20-day window as days "from the scheduled end date of the
 *   trip", i.e. dates, so we count dates; across a DST change this differs from N × 24 h by the
 *   size of the change (usually one hour).
 */
export type DeadlineDuration =
  { unit: "elapsed-hours"; amount: number } | { unit: "calendar-days"; amount: number };

export type ClaimDeadlineId =
  | "report-damage"
  | "post-trip-photos"
  | "repair-estimate"
  | "escalate"
  | "toll-reimbursement"
  | "fuel-reimbursement"
  | "smoking-cleaning"
  | "ticket-transfer";

/** How sure the source is: weak and unconfirmed values are shown to the host as such. */
export type RuleConfidence = "high" | "medium" | "weak" | "unconfirmed";

export interface ClaimDeadlineRule {
  id: ClaimDeadlineId;
  /** Imperative label: "Report damage". */
  label: string;
  /** One sentence a host can act on. */
  description: string;
  duration: DeadlineDuration;
  source: RuleSource;
  /** Where the rule is less clear-cut than the countdown makes it look. */
  caveat?: string;
  /** Absent: the marketplace's own support article states it (high). */
  confidence?: RuleConfidence;
}

/** "24 hours", "20 days". */
export function describeDuration(duration: DeadlineDuration): string {
  return duration.unit === "elapsed-hours" ? `${duration.amount} hours` : `${duration.amount} days`;
}

const REPORT_WITHIN: DeadlineDuration = { unit: "elapsed-hours", amount: 24 };
const POST_TRIP_PHOTOS_WITHIN: DeadlineDuration = {
  unit: "elapsed-hours",
  amount: TRIP_PHOTO_RULE.postTripMaxHoursAfterEnd,
};
const ESTIMATE_WITHIN: DeadlineDuration = { unit: "elapsed-hours", amount: 72 };
const ESCALATE_WITHIN: DeadlineDuration = { unit: "calendar-days", amount: 20 };
const TOLLS_WITHIN: DeadlineDuration = {
  unit: "calendar-days",
  amount: REIMBURSEMENT_RULE.tollRequestWindowDays,
};

/** The deadlines counted from trip end, in the order they fall due. */
export const CLAIM_DEADLINE_RULES: readonly ClaimDeadlineRule[] = [
  {
    id: "report-damage",
    label: "Report damage",
    description: `Report all damage in ${marketplace.name}'s claims center within ${describeDuration(REPORT_WITHIN)} of trip end.`,
    duration: REPORT_WITHIN,
    source: RULE_SOURCES.reportingDamage,
    caveat: `If the guest tells you about damage before the trip ends, the ${describeDuration(REPORT_WITHIN)} start when they tell you (whichever is earlier).`,
  },
  {
    id: "post-trip-photos",
    label: "Take post-trip photos",
    description: `Post-trip photos must be taken within ${describeDuration(POST_TRIP_PHOTOS_WITHIN)} of trip end; without them a claim is denied and a fee is charged.`,
    duration: POST_TRIP_PHOTOS_WITHIN,
    source: RULE_SOURCES.tripPhotos,
    caveat:
      "Counted from the scheduled end, or from the actual end if the car came back late: enter the actual return time if it was late.",
  },
  {
    id: "repair-estimate",
    label: "Get a repair estimate",
    description: `When resolving directly with the guest, get a repair estimate within ${describeDuration(ESTIMATE_WITHIN)} (or tell the guest when to expect it).`,
    duration: ESTIMATE_WITHIN,
    source: RULE_SOURCES.resolvingIndependently,
    caveat: `The article counts the ${describeDuration(ESTIMATE_WITHIN)} from the damage report; counting from trip end, as here, gives the earliest (safest) time.`,
  },
  {
    id: "escalate",
    label: `Escalate to ${marketplace.name}`,
    description: `If you and the guest can't agree, either of you can ask ${marketplace.name} to manage the claim within ${describeDuration(ESCALATE_WITHIN)}.`,
    duration: ESCALATE_WITHIN,
    source: RULE_SOURCES.resolvingIndependently,
    caveat: `One support article counts the ${describeDuration(ESCALATE_WITHIN)} from the scheduled trip end date, another from the date the claim was filed; counting from trip end gives the earlier of the two.`,
  },
  {
    id: "toll-reimbursement",
    label: "Request toll reimbursement",
    description: `Send reimbursement requests for tolls within ${describeDuration(TOLLS_WITHIN)} of trip end.`,
    duration: TOLLS_WITHIN,
    source: RULE_SOURCES.reimbursements,
  },
];

/**
 * Windows of the other reimbursements, counted from trip end. Their sources are weaker than the
 * support articles above (a host-community blog, a fee page), so each says how sure it is.
 */
export const REIMBURSEMENT_DEADLINE_RULES: readonly ClaimDeadlineRule[] = [
  {
    id: "fuel-reimbursement",
    label: "Invoice fuel or EV charge",
    description:
      "Send the fuel or EV-charge reimbursement request within 72 hours of trip end, with gauge photos and the receipt.",
    duration: { unit: "elapsed-hours", amount: 72 },
    source: RULE_SOURCES.reimbursements,
    caveat:
      "The 72 hours come from a host guide (turopro.com), not the support article; treat them as unconfirmed and send it sooner.",
    confidence: "unconfirmed",
  },
  {
    id: "smoking-cleaning",
    label: "Report smoking or cleaning",
    description:
      "Report smoking or a car that needs more than a quick clean within 24 hours of trip end, with photos and physical evidence.",
    duration: { unit: "elapsed-hours", amount: 24 },
    source: RULE_SOURCES.smoking,
    caveat:
      "The 24 hours for smoking come from a host blog; cleaning is assumed to follow the same window.",
    confidence: "weak",
  },
  {
    id: "ticket-transfer",
    label: "Send the ticket",
    description:
      "Send a photo-enforced ticket through the reimbursement tool within 7 days of the notice, and don't pay it yourself.",
    duration: { unit: "calendar-days", amount: 7 },
    source: RULE_SOURCES.reimbursements,
    caveat:
      "Counted here from trip end; the marketplace counts from the day the notice arrives, which is usually later.",
    confidence: "medium",
  },
];

/** The rule with `id` (every id above exists, so this never returns undefined). */
export function claimDeadlineRule(id: ClaimDeadlineId): ClaimDeadlineRule {
  const rule = [...CLAIM_DEADLINE_RULES, ...REIMBURSEMENT_DEADLINE_RULES].find(
    (candidate) => candidate.id === id,
  );
  if (!rule) throw new Error(`Unknown claim deadline rule: ${id}`);
  return rule;
}

// ─── Fees ───────────────────────────────────────────────────────────────────────────────────────

export const FEES = {
  smoking: { ...SMOKING_FEES, source: RULE_SOURCES.smoking },
  lateReturn: {
    /** The car may come back this many minutes after the scheduled end without being late. */
    graceMinutes: 30,
    feeCents: 20_00,
    /** The fee applies when the car comes back at least this many hours late. */
    minimumHoursLate: 2,
    /** The guest also pays for the extra time used. */
    plusAdditionalUsage: true,
    source: RULE_SOURCES.lateReturn,
  },
  missingPhotos: {
    feeCents: 25_00,
    claimDenied: true,
    source: RULE_SOURCES.tripPhotos,
  },
  reimbursementMisuse: {
    /** Charged to the host per misused invoice. */
    feeCents: 50_00,
    source: RULE_SOURCES.reimbursements,
  },
} as const;

// ─── Guest protection plans ─────────────────────────────────────────────────────────────────────

export const GUEST_PLAN_IDS = ["premier", "standard", "minimum", "declined"] as const;
export type GuestPlanId = (typeof GUEST_PLAN_IDS)[number];

export interface GuestPlanRule {
  id: GuestPlanId;
  name: string;
  /** The most the guest can owe for eligible damage (their out-of-pocket maximum). */
  maxOutOfPocketCents: number;
  /** On a marketplace-managed claim, the guest's personal insurance is asked to pay first. */
  personalInsuranceAskedFirst: boolean;
  description: string;
  source: RuleSource;
}

function guestPlan(
  id: GuestPlanId,
  name: string,
  maxOutOfPocketCents: number,
  situation = "",
): GuestPlanRule {
  const owes =
    maxOutOfPocketCents === 0
      ? "The guest owes nothing for eligible damage."
      : `The guest owes up to ${formatCents(maxOutOfPocketCents, { trimWholeDollars: true })} for eligible damage.`;
  return {
    id,
    name,
    maxOutOfPocketCents,
    // The damage-claims article: "Unless the primary guest chose the Premier Plan, we'll ask for
    // their personal insurance information."
    personalInsuranceAskedFirst: id !== "premier",
    description: situation ? `${situation} ${owes}` : owes,
    source: RULE_SOURCES.damageClaims,
  };
}

export const GUEST_PLANS: Readonly<Record<GuestPlanId, GuestPlanRule>> = {
  premier: guestPlan("premier", "Premier", 0),
  standard: guestPlan("standard", "Standard", 500_00),
  minimum: guestPlan("minimum", "Minimum", 3_000_00),
  declined: guestPlan(
    "declined",
    "Declined (own insurance)",
    3_000_00,
    "The guest declined a protection plan and relies on their own insurance.",
  ),
};

/**
 * Interior damage and mechanical damage caused by misuse are outside every guest plan's cap: the
 * guest owes the full cost, and host plans do not reimburse it.
 */
export const GUEST_MISUSE_RULE = {
  summary:
    "Interior damage and mechanical damage from misuse are the guest's full responsibility under every plan; host protection plans don't reimburse them.",
  source: RULE_SOURCES.wearAndTear,
} as const;

// ─── Host protection plans ──────────────────────────────────────────────────────────────────────

export const HOST_PLAN_IDS = [60, 75, 80, 85, 90] as const;
export type HostPlanId = (typeof HOST_PLAN_IDS)[number];

export interface ReplacementVehicleBenefit {
  dailyCents: number;
  /** Null when the source gives no maximum. */
  maxDays: number | null;
}

export interface HostPlanRule {
  id: HostPlanId;
  name: string;
  /** The share of the trip price the host keeps, in percent (the plan's number). */
  hostSharePercent: number;
  /** The host pays this much of each physical-damage claim before the plan pays. */
  deductibleCents: number;
  replacementVehicle: ReplacementVehicleBenefit | null;
  /** Exterior wear and tear (dings, dents, scratches ≤ 3 inches) is reimbursed. */
  exteriorWearAndTear: boolean;
  /** Loss of hosting income can be paid (see LOST_INCOME_RULE for the conditions). */
  lostHostingIncome: boolean;
  source: RuleSource;
}

export const HOST_PLANS: Readonly<Record<HostPlanId, HostPlanRule>> = {
  60: {
    id: 60,
    name: "60 plan",
    hostSharePercent: 60,
    deductibleCents: 0,
    replacementVehicle: { dailyCents: 50_00, maxDays: 10 },
    exteriorWearAndTear: true,
    lostHostingIncome: true,
    source: RULE_SOURCES.hostPlans,
  },
  75: {
    id: 75,
    name: "75 plan",
    hostSharePercent: 75,
    deductibleCents: 250_00,
    replacementVehicle: { dailyCents: 30_00, maxDays: null },
    exteriorWearAndTear: false,
    lostHostingIncome: false,
    source: RULE_SOURCES.hostPlans,
  },
  80: {
    id: 80,
    name: "80 plan",
    hostSharePercent: 80,
    deductibleCents: 750_00,
    replacementVehicle: null,
    exteriorWearAndTear: false,
    lostHostingIncome: false,
    source: RULE_SOURCES.hostPlans,
  },
  85: {
    id: 85,
    name: "85 plan",
    hostSharePercent: 85,
    deductibleCents: 1_625_00,
    replacementVehicle: null,
    exteriorWearAndTear: false,
    lostHostingIncome: false,
    source: RULE_SOURCES.hostPlans,
  },
  90: {
    id: 90,
    name: "90 plan",
    hostSharePercent: 90,
    deductibleCents: 2_500_00,
    replacementVehicle: null,
    exteriorWearAndTear: false,
    lostHostingIncome: false,
    source: RULE_SOURCES.hostPlans,
  },
};

export function isHostPlanId(value: unknown): value is HostPlanId {
  return HOST_PLAN_IDS.includes(value as HostPlanId);
}

export function isGuestPlanId(value: unknown): value is GuestPlanId {
  return GUEST_PLAN_IDS.includes(value as GuestPlanId);
}

/** What every host plan includes. */
export const HOST_PLAN_COMMON = {
  thirdPartyLiabilityCents: 750_000_00,
  /** Physical-damage reimbursement is capped at the lesser of the car's actual cash value and this. */
  physicalDamageCapCents: 200_000_00,
  source: RULE_SOURCES.hostPlans,
} as const;

// ─── Loss of hosting income ─────────────────────────────────────────────────────────────────────

export const LOST_INCOME_RULE = {
  /** One day of lost income per this many labor hours on the estimate, rounded up. */
  laborHoursPerDay: 4,
  /**
   * Weekend days the car spends in the shop are paid too. The marketplace assumes the repair
   * starts on a Monday, so every 5 working days that are followed by more work add a weekend.
   */
  weekendDaysPerWorkingWeek: 2,
  workingDaysPerWeek: 5,
  /** Pay per day = the car's average daily earnings over this many past days. */
  averagingWindowDays: 60,
  eligibleHostPlans: [60] as readonly HostPlanId[],
  /** Only when the host does not take the replacement-vehicle reimbursement instead. */
  requiresDecliningReplacementVehicle: true,
  caveat:
    "A 2025 blog post reports that the 60 plan no longer includes loss of hosting income; this is the rule as published in the support article. Confirm it applies before relying on it.",
  source: RULE_SOURCES.lostIncome,
} as const;

/** The replacement-vehicle reimbursement of the plans that have one (see HOST_PLANS). */
export const REPLACEMENT_VEHICLE_RULE = {
  /** One replacement at a time. */
  oneAtATime: true,
  /** Hosts with more cars than this get it only when all their other cars are booked or in repair. */
  fleetSizeWithoutCondition: 2,
  summary:
    "One replacement at a time; a host with more than 2 cars gets it only when all their other cars are booked or in repair.",
  source: RULE_SOURCES.replacementVehicle,
} as const;

/**
 * Taking any money for the damage from the guest or from a third party's insurer, even part of
 * it, absolves the marketplace: no plan reimbursement, replacement vehicle or lost income after.
 */
export const THIRD_PARTY_PAYMENT_RULE = {
  summary: `Taking money for this damage from the guest or another driver's insurer, even part of it, ends ${marketplace.name}'s obligations: no plan payment, replacement vehicle or lost income afterwards. If you did, tell ${marketplace.name} (claims@turo.com).`,
  source: RULE_SOURCES.thirdPartyPayment,
} as const;

// ─── Prior damage and the two claim routes ──────────────────────────────────────────────────────

export const PRIOR_DAMAGE_RULE = {
  summary: `Where the car already had damage, ${marketplace.name} pays the difference between the new estimate and the prior one.`,
  source: RULE_SOURCES.priorDamage,
} as const;

export type ClaimRouteId = "marketplace-managed" | "resolve-directly";

export interface ClaimRouteRule {
  id: ClaimRouteId;
  name: string;
  summary: string;
  source: RuleSource;
}

export const CLAIM_ROUTES: Readonly<Record<ClaimRouteId, ClaimRouteRule>> = {
  "marketplace-managed": {
    id: "marketplace-managed",
    name: `${marketplace.name}-managed claim`,
    summary: `${marketplace.name} handles the claim: you pay your plan's deductible and the plan pays the rest; unless the guest chose Premier, their personal insurance is asked first. Once a claim is managed you can't switch back to resolving it directly.`,
    source: RULE_SOURCES.damageClaims,
  },
  "resolve-directly": {
    id: "resolve-directly",
    name: "Resolve directly with the guest",
    summary: `You and the guest settle it between you: the guest pays up to their plan's maximum (the full cost for interior or mechanical misuse). Either of you can still ask ${marketplace.name} to manage it within ${describeDuration(ESCALATE_WITHIN)} of trip end.`,
    source: RULE_SOURCES.resolvingIndependently,
  },
};
