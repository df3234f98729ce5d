/**
 * Fleet Audit Calculator: monthly economics per car and for the fleet.
 *
 * Per car, per month (money in integer cents, each line rounded once, half away from zero):
 *   booked days        = 365/12 days × utilization
 *   gross trip revenue = daily price × booked days
 *   host earnings      = gross × the host plan's share (60–90 %); the rest is the marketplace's
 *   expected damage    = monthly damage rate × the part of an average repair the host pays on a
 *                        managed claim (the lesser of the plan deductible and the repair cost)
 *   net profit         = host earnings − financing − insurance − depreciation − maintenance
 *                        − cleaning − unreimbursed tolls − expected damage
 *   break-even utilization = monthly costs ÷ (daily price × host share × 365/12)
 * All costs are entered per month and treated as fixed, so break-even is where host earnings
 * cover them.
 *
 * `parseEarningsCsv` (earnings-csv.ts, re-exported here) reads the marketplace's earnings export
 * and aggregates it per car; `prefillFleetVehicles` turns that into form rows.
 */
import { centsStep, sumOf, type CalculationStep } from "./calculation-steps";
import type { EarningsVehicleSummary } from "./earnings-csv";
import { AVERAGE_REPAIRABLE_CLAIM_CENTS, MONTHLY_DAMAGE_RATE_PERCENT } from "./industry-benchmarks";
import { HOST_PLANS, isHostPlanId, type HostPlanId } from "./marketplace-rules";
import { formatCents, formatNumber, formatPercent, roundToCents, type Cents } from "./money";
import { assertValid, checkNumber, type FieldErrors, type NumberRule } from "./validation";

export {
  EARNINGS_COLUMNS,
  MAX_EARNINGS_CSV_ROWS,
  parseEarningsCsv,
  parseTripDateTime,
  type EarningsCsvError,
  type EarningsCsvResult,
  type EarningsCsvSummary,
  type EarningsVehicleSummary,
} from "./earnings-csv";

/** Average days in a month (365 / 12 ≈ 30.42). */
export const DAYS_PER_MONTH = 365 / 12;
export const MAX_FLEET_VEHICLES = 1_000;

// ─── Inputs ─────────────────────────────────────────────────────────────────────────────────────

export interface FleetVehicleInput {
  /** How the host refers to the car: "2021 Tesla Model 3 (white)". */
  name: string;
  /** Average trip price per booked day, before the marketplace's share. */
  dailyPriceCents: Cents;
  /** Percent of days the car is booked. */
  utilizationPercent: number;
  hostPlan: HostPlanId;
  financingMonthlyCents: Cents;
  insuranceMonthlyCents: Cents;
  depreciationMonthlyCents: Cents;
  maintenanceMonthlyCents: Cents;
  cleaningMonthlyCents: Cents;
  /** Tolls the host pays and doesn't get back from guests. */
  tollsMonthlyCents: Cents;
  /** Average cost of one damage repair for this car (default: the US average repairable claim). */
  averageRepairCostCents: Cents;
}

export type FleetVehicleField = keyof FleetVehicleInput;

export interface FleetAuditOptions {
  /** Percent of cars damaged per month (default 10). */
  monthlyDamageRatePercent: number;
}

export const FLEET_AUDIT_DEFAULT_OPTIONS: FleetAuditOptions = {
  monthlyDamageRatePercent: MONTHLY_DAMAGE_RATE_PERCENT.value,
};

/** Sourced defaults for a new row; the host fills in the rest. */
export const FLEET_VEHICLE_DEFAULTS = {
  averageRepairCostCents: AVERAGE_REPAIRABLE_CLAIM_CENTS.value,
} as const satisfies Partial<FleetVehicleInput>;

const MONTHLY_COST_FIELDS = [
  ["financingMonthlyCents", "Financing"],
  ["insuranceMonthlyCents", "Insurance"],
  ["depreciationMonthlyCents", "Depreciation"],
  ["maintenanceMonthlyCents", "Maintenance"],
  ["cleaningMonthlyCents", "Cleaning"],
  ["tollsMonthlyCents", "Unreimbursed tolls"],
] as const satisfies ReadonlyArray<readonly [FleetVehicleField, string]>;

type MonthlyCostField = (typeof MONTHLY_COST_FIELDS)[number][0];

const monthlyCostRule = (label: string): NumberRule => ({
  label,
  kind: "cents",
  min: 0,
  max: 1_000_000_00,
});

export const FLEET_VEHICLE_LIMITS = {
  dailyPriceCents: { label: "Daily price", kind: "cents", min: 0, max: 100_000_00 },
  utilizationPercent: { label: "Utilization", kind: "percent", min: 0, max: 100 },
  averageRepairCostCents: {
    label: "Average repair cost",
    kind: "cents",
    min: 0,
    max: 1_000_000_00,
  },
  .../* @__PURE__ */ (Object.fromEntries(
    MONTHLY_COST_FIELDS.map(([field, label]) => [field, monthlyCostRule(label)]),
  ) as Record<MonthlyCostField, NumberRule>),
} satisfies Partial<Record<FleetVehicleField, NumberRule>>;

export const MAX_VEHICLE_NAME_LENGTH = 100;

export function validateFleetVehicle(
  input: Partial<Record<FleetVehicleField, unknown>>,
): FieldErrors<FleetVehicleField> {
  const errors: FieldErrors<FleetVehicleField> = {};
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (name === "") errors.name = "Give the car a name.";
  else if (name.length > MAX_VEHICLE_NAME_LENGTH) {
    errors.name = `Keep the name under ${MAX_VEHICLE_NAME_LENGTH} characters.`;
  }
  if (!isHostPlanId(input.hostPlan)) errors.hostPlan = "Choose the host protection plan.";
  for (const [field, rule] of Object.entries(FLEET_VEHICLE_LIMITS) as Array<
    [keyof typeof FLEET_VEHICLE_LIMITS, NumberRule]
  >) {
    const message = checkNumber(input[field], rule);
    if (message) errors[field] = message;
  }
  return errors;
}

const DAMAGE_RATE_RULE: NumberRule = {
  label: "Monthly damage rate",
  kind: "percent",
  min: 0,
  max: 100,
};

/**
 * Errors for the whole form, flat, keyed by path: "vehicles", "vehicles[2].dailyPriceCents",
 * "monthlyDamageRatePercent". Empty when valid.
 */
export function validateFleetAudit(
  vehicles: ReadonlyArray<Partial<Record<FleetVehicleField, unknown>>>,
  options: Partial<Record<keyof FleetAuditOptions, unknown>> = FLEET_AUDIT_DEFAULT_OPTIONS,
): FieldErrors {
  const errors: FieldErrors = {};
  if (vehicles.length === 0) errors.vehicles = "Add at least one car.";
  if (vehicles.length > MAX_FLEET_VEHICLES) {
    errors.vehicles = `Audit at most ${formatNumber(MAX_FLEET_VEHICLES)} cars at a time.`;
  }
  vehicles.slice(0, MAX_FLEET_VEHICLES).forEach((vehicle, index) => {
    for (const [field, message] of Object.entries(validateFleetVehicle(vehicle))) {
      errors[`vehicles[${index}].${field}`] = message;
    }
  });
  const rateError = checkNumber(options.monthlyDamageRatePercent, DAMAGE_RATE_RULE);
  if (rateError) errors.monthlyDamageRatePercent = rateError;
  return errors;
}

// ─── Audit ──────────────────────────────────────────────────────────────────────────────────────

export interface VehicleCostLine {
  field: MonthlyCostField | "expectedDamage";
  label: string;
  cents: Cents;
}

export interface VehicleAudit {
  /** Position in the input list, to map results back to form rows. */
  index: number;
  name: string;
  hostPlan: HostPlanId;
  bookedDaysPerMonth: number;
  grossTripRevenueCents: Cents;
  hostEarningsCents: Cents;
  marketplaceShareCents: Cents;
  expectedDamageCents: Cents;
  costs: VehicleCostLine[];
  totalCostsCents: Cents;
  netProfitCents: Cents;
  annualNetProfitCents: Cents;
  /** Utilization at which host earnings cover the costs; null when the price is zero. */
  breakEvenUtilizationPercent: number | null;
  /** False when break-even would need more than 100 % utilization (or the price is zero). */
  canBreakEven: boolean;
  isLosingMoney: boolean;
  steps: CalculationStep[];
}

export interface FleetAudit {
  vehicles: VehicleAudit[];
  totals: {
    vehicleCount: number;
    grossTripRevenueCents: Cents;
    hostEarningsCents: Cents;
    marketplaceShareCents: Cents;
    totalCostsCents: Cents;
    netProfitCents: Cents;
    annualNetProfitCents: Cents;
    averageUtilizationPercent: number;
    losingCount: number;
  };
  /** Cars with a negative monthly net profit, worst first. */
  losers: VehicleAudit[];
  monthlyDamageRatePercent: number;
}

const money = (cents: Cents) => formatCents(cents);
const days = (count: number) => `${formatNumber(count, 1)} days`;

/** The monthly economics of one car. Throws `InvalidInputError` on invalid input. */
export function auditVehicle(
  input: FleetVehicleInput,
  options: FleetAuditOptions = FLEET_AUDIT_DEFAULT_OPTIONS,
  index = 0,
): VehicleAudit {
  assertValid(validateFleetAudit([input], options), "fleet audit");

  const plan = HOST_PLANS[input.hostPlan];
  const bookedDaysPerMonth = (DAYS_PER_MONTH * input.utilizationPercent) / 100;
  const grossTripRevenueCents = roundToCents(input.dailyPriceCents * bookedDaysPerMonth);
  const hostEarningsCents = roundToCents((grossTripRevenueCents * plan.hostSharePercent) / 100);
  const marketplaceShareCents = grossTripRevenueCents - hostEarningsCents;

  const hostPaysPerRepair = Math.min(plan.deductibleCents, input.averageRepairCostCents);
  const expectedDamageCents = roundToCents(
    (hostPaysPerRepair * options.monthlyDamageRatePercent) / 100,
  );

  const costs: VehicleCostLine[] = [
    ...MONTHLY_COST_FIELDS.map(([field, label]) => ({ field, label, cents: input[field] })),
    {
      field: "expectedDamage",
      label: "Expected damage (your deductible share)",
      cents: expectedDamageCents,
    },
  ];
  const totalCostsCents = costs.reduce((sum, line) => sum + line.cents, 0);
  const netProfitCents = hostEarningsCents - totalCostsCents;

  const earningsAtFullUtilization =
    (input.dailyPriceCents * plan.hostSharePercent * DAYS_PER_MONTH) / 100;
  const breakEvenUtilizationPercent =
    earningsAtFullUtilization === 0
      ? null
      : Math.round((totalCostsCents / earningsAtFullUtilization) * 1000) / 10;
  const canBreakEven = breakEvenUtilizationPercent !== null && breakEvenUtilizationPercent <= 100;

  const steps: CalculationStep[] = [
    {
      id: "booked-days",
      label: "Booked days per month",
      formula: `${formatNumber(DAYS_PER_MONTH, 2)} days × ${formatPercent(input.utilizationPercent)} utilization`,
      value: bookedDaysPerMonth,
      unit: "days",
      display: days(bookedDaysPerMonth),
    },
    centsStep(
      "gross-revenue",
      "Trip revenue",
      `${money(input.dailyPriceCents)} per day × ${days(bookedDaysPerMonth)}`,
      grossTripRevenueCents,
    ),
    centsStep(
      "host-earnings",
      `Your share (${plan.name})`,
      `${money(grossTripRevenueCents)} × ${plan.hostSharePercent}%`,
      hostEarningsCents,
    ),
    centsStep(
      "expected-damage",
      "Expected damage cost",
      `${formatPercent(options.monthlyDamageRatePercent)} chance of damage per month × ${money(hostPaysPerRepair)} (the lesser of your ${money(plan.deductibleCents)} deductible and a ${money(input.averageRepairCostCents)} repair)`,
      expectedDamageCents,
    ),
    centsStep(
      "total-costs",
      "Monthly costs",
      costs.map((line) => money(line.cents)).join(" + "),
      totalCostsCents,
    ),
    centsStep(
      "net-profit",
      "Net profit per month",
      `${money(hostEarningsCents)} − ${money(totalCostsCents)}`,
      netProfitCents,
    ),
  ];
  if (breakEvenUtilizationPercent !== null) {
    steps.push({
      id: "break-even",
      label: "Break-even utilization",
      formula: `${money(totalCostsCents)} ÷ (${money(input.dailyPriceCents)} × ${plan.hostSharePercent}% × ${formatNumber(DAYS_PER_MONTH, 2)} days)`,
      value: breakEvenUtilizationPercent,
      unit: "percent",
      display: formatPercent(breakEvenUtilizationPercent),
    });
  }

  return {
    index,
    name: input.name.trim(),
    hostPlan: input.hostPlan,
    bookedDaysPerMonth,
    grossTripRevenueCents,
    hostEarningsCents,
    marketplaceShareCents,
    expectedDamageCents,
    costs,
    totalCostsCents,
    netProfitCents,
    annualNetProfitCents: netProfitCents * 12,
    breakEvenUtilizationPercent,
    canBreakEven,
    isLosingMoney: netProfitCents < 0,
    steps,
  };
}

/** Audits every car and adds fleet totals. Throws `InvalidInputError` on invalid input. */
export function auditFleet(
  vehicles: readonly FleetVehicleInput[],
  options: FleetAuditOptions = FLEET_AUDIT_DEFAULT_OPTIONS,
): FleetAudit {
  assertValid(validateFleetAudit(vehicles, options), "fleet audit");

  const audits = vehicles.map((vehicle, index) => auditVehicle(vehicle, options, index));
  const sum = (pick: (audit: VehicleAudit) => number) => sumOf(audits, pick);
  const losers = audits
    .filter((audit) => audit.isLosingMoney)
    .sort((a, b) => a.netProfitCents - b.netProfitCents || a.index - b.index);

  return {
    vehicles: audits,
    totals: {
      vehicleCount: audits.length,
      grossTripRevenueCents: sum((audit) => audit.grossTripRevenueCents),
      hostEarningsCents: sum((audit) => audit.hostEarningsCents),
      marketplaceShareCents: sum((audit) => audit.marketplaceShareCents),
      totalCostsCents: sum((audit) => audit.totalCostsCents),
      netProfitCents: sum((audit) => audit.netProfitCents),
      annualNetProfitCents: sum((audit) => audit.annualNetProfitCents),
      averageUtilizationPercent:
        Math.round(
          (sumOf(vehicles, (vehicle) => vehicle.utilizationPercent) / vehicles.length) * 10,
        ) / 10,
      losingCount: losers.length,
    },
    losers,
    monthlyDamageRatePercent: options.monthlyDamageRatePercent,
  };
}

// ─── Prefill from the earnings CSV ──────────────────────────────────────────────────────────────

/** The costs and plan a prefilled row starts with (the CSV only knows price and utilization). */
export type FleetVehiclePrefillDefaults = Omit<
  FleetVehicleInput,
  "name" | "dailyPriceCents" | "utilizationPercent"
>;

/**
 * Form rows from an earnings import. The daily price is the trip price per booked day; when the
 * file only has earnings, it is earnings per day ÷ the host plan's share.
 */
export function prefillFleetVehicles(
  summaries: readonly EarningsVehicleSummary[],
  defaults: FleetVehiclePrefillDefaults,
): FleetVehicleInput[] {
  const share = HOST_PLANS[defaults.hostPlan].hostSharePercent / 100;
  return summaries.map((summary) => ({
    ...defaults,
    name: summary.vehicleName.slice(0, MAX_VEHICLE_NAME_LENGTH),
    dailyPriceCents: Math.max(
      0,
      summary.averageDailyPriceCents ??
        roundToCents((summary.averageDailyEarningsCents ?? 0) / share),
    ),
    utilizationPercent: summary.utilizationPercent,
  }));
}
