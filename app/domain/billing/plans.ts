/**
 * The plans, their prices and what each one includes: the one place an operator edits them.
 * Dated: every change gets a new `asOf` (and, for a price, a new Stripe price id in the settings:
 * STRIPE_PRICE_FLEET, STRIPE_PRICE_CONCIERGE). Framework-free, so pages, gates and tests share it.
 */

/** When these plans and prices were last set. */
export const PLANS_AS_OF = "2026-11-26";

/** What a plan can include. */
export const FEATURES = [
  "estimates",
  "freeTools",
  "claims",
  "inbox",
  "automations",
  "concierge",
] as const;
export type Feature = (typeof FEATURES)[number];

export const PLAN_IDS = ["free", "fleet", "concierge"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PaidPlanId = Exclude<PlanId, "free">;

export interface Plan {
  id: PlanId;
  name: string;
  /** One line under the name. */
  tagline: string;
  /** Per active vehicle (a vehicle with a trip in the billing period) a month, in cents. */
  centsPerActiveVehicle: number;
  /** Vehicles an account may have on this plan; null: no limit. */
  vehicleLimit: number | null;
  /** Days of free trial at checkout; null: no trial. */
  trialDays: number | null;
  /** A trial starts without a card (Stripe asks for one only when money is due). */
  trialWithoutCard: boolean;
  features: readonly Feature[];
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    tagline: "Damage estimates and the free tools",
    centsPerActiveVehicle: 0,
    vehicleLimit: 3,
    trialDays: null,
    trialWithoutCard: false,
    features: ["estimates", "freeTools"],
  },
  fleet: {
    id: "fleet",
    name: "Fleet",
    tagline: "Claims, the inbox assistant and automations",
    centsPerActiveVehicle: 1_500,
    vehicleLimit: null,
    trialDays: null,
    trialWithoutCard: false,
    features: ["estimates", "freeTools", "claims", "inbox", "automations"],
  },
  concierge: {
    id: "concierge",
    name: "Concierge",
    tagline: "Everything in Fleet, plus a human virtual assistant",
    centsPerActiveVehicle: 4_900,
    vehicleLimit: null,
    trialDays: 14,
    trialWithoutCard: true,
    features: ["estimates", "freeTools", "claims", "inbox", "automations", "concierge"],
  },
};

/** What each feature is called where a plan lists it. */
export const FEATURE_LABELS: Record<Feature, string> = {
  estimates: "AI damage estimates",
  freeTools: "The free tools",
  claims: "Claims: deadlines, evidence packets and recovery",
  inbox: "The guest inbox assistant",
  automations: "Booking messages and reminders, drafted for you",
  concierge: "A human virtual assistant (VA)",
};

/**
 * Beta pricing: shown on the landing pages until `endsOn`. The label carries the year, so a page
 * read later never seems to promise a date that has passed.
 */
export const BETA_PRICING = {
  endsOn: "2027-10-31",
  endsLabel: "Oct 31st, 2027",
} as const;

export function betaPricingActive(today: Date): boolean {
  return today.toISOString().slice(0, 10) <= BETA_PRICING.endsOn;
}

/**
 * How long a past-due subscription keeps its features after the first failed payment, while
 * Stripe retries the card and the host fixes it.
 */
export const PAST_DUE_GRACE_DAYS = 7;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return isPlanId(value) && value !== "free";
}

export function planIncludes(planId: PlanId, feature: Feature): boolean {
  return PLANS[planId].features.includes(feature);
}

/** The cheapest plan that includes the feature (the upgrade path a gate offers). */
export function cheapestPlanWith(feature: Feature): Plan {
  return PLAN_IDS.map((id) => PLANS[id]).find((plan) => plan.features.includes(feature))!;
}

/** "$15 per active vehicle a month", "Free". */
export function priceLabel(plan: Plan): string {
  if (plan.centsPerActiveVehicle === 0) return "Free";
  const dollars = plan.centsPerActiveVehicle / 100;
  const amount = Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
  return `${amount} per active vehicle a month`;
}
