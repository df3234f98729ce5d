/**
 * Reading the "Check Guest's Protection Plan" GET form from the query string. Pure: the same code
 * runs on the server (JavaScript off, shared links) and in the browser (live answer as the host
 * types). Query strings are hostile: every value is capped and nothing throws; a bad value becomes
 * a field error and the page answers 400 with the message.
 */
import {
  HOST_PLAN_IDS,
  isGuestPlanId,
  type GuestPlanId,
  type HostPlanId,
} from "~/domain/marketplace-rules";
import type { Cents } from "~/domain/money";
import {
  estimateLostHostingIncome,
  validateLostIncomeInput,
  validateProtectionPlanInput,
  type LostIncomeEstimate,
  type ProtectionPlanInput,
} from "~/domain/protection-plan";
import { centsToInput, hasQuery, readFlag, readMoney, readNumber, readText } from "./query-params";

import { PP_PARAMS } from "./protection-plan-params";

export { PP_PARAMS } from "./protection-plan-params";

export type ProtectionPlanParam = (typeof PP_PARAMS)[keyof typeof PP_PARAMS];

/** What a first visit (no query) shows: a typical case the host can change. */
export const PROTECTION_PLAN_EXAMPLE = {
  guestPlan: "standard" as GuestPlanId,
  hostPlan: 75 as HostPlanId,
  repairEstimateCents: 1_200_00 as Cents,
};

export interface ProtectionPlanFormValues {
  guest: string;
  host: string;
  estimate: string;
  acv: string;
  lostIncome: string;
  hours: string;
  earnings60: string;
  interior: boolean;
  mechanical: boolean;
  replacement: boolean;
}

export interface ProtectionPlanQuery {
  /** The form's values as typed (for the inputs' default values). */
  values: ProtectionPlanFormValues;
  /** Query-string name → message. */
  errors: Partial<Record<ProtectionPlanParam, string>>;
  /** The calculator input when everything is valid, else null. */
  input: ProtectionPlanInput | null;
  /** Where the lost income came from. */
  lostIncomeSource: "none" | "entered" | "calculated";
  /** The lost-income calculation, when labor hours and 60-day earnings were both given. */
  lostIncomeEstimate: LostIncomeEstimate | null;
}

/** The form's values and, when they are all valid, the calculator input. */
export function parseProtectionPlanQuery(params: URLSearchParams): ProtectionPlanQuery {
  const firstVisit = !hasQuery(params);
  const errors: Partial<Record<ProtectionPlanParam, string>> = {};
  const typed = (key: ProtectionPlanParam) => readText(params, key, 40);

  // Plans: missing → the example's; anything else that isn't a plan → an error.
  const guestRaw = typed(PP_PARAMS.guest);
  let guestPlan: GuestPlanId | undefined = PROTECTION_PLAN_EXAMPLE.guestPlan;
  if (guestRaw !== "") {
    guestPlan = isGuestPlanId(guestRaw) ? guestRaw : undefined;
    if (!guestPlan) errors.guest = "Choose the guest's protection plan.";
  }
  const hostRaw = typed(PP_PARAMS.host);
  let hostPlan: HostPlanId | undefined = PROTECTION_PLAN_EXAMPLE.hostPlan;
  if (hostRaw !== "") {
    hostPlan = HOST_PLAN_IDS.find((id) => String(id) === hostRaw);
    if (!hostPlan) errors.host = "Choose your host protection plan.";
  }

  const values: ProtectionPlanFormValues = {
    guest: guestPlan ?? "",
    host: hostPlan === undefined ? "" : String(hostPlan),
    estimate: firstVisit
      ? centsToInput(PROTECTION_PLAN_EXAMPLE.repairEstimateCents)
      : typed(PP_PARAMS.estimate),
    acv: typed(PP_PARAMS.acv),
    lostIncome: typed(PP_PARAMS.lostIncome),
    hours: typed(PP_PARAMS.hours),
    earnings60: typed(PP_PARAMS.earnings),
    interior: readFlag(params, PP_PARAMS.interior),
    mechanical: readFlag(params, PP_PARAMS.mechanical),
    replacement: readFlag(params, PP_PARAMS.replacement),
  };

  const estimate = readMoney(
    params,
    PP_PARAMS.estimate,
    "Repair estimate",
    firstVisit ? PROTECTION_PLAN_EXAMPLE.repairEstimateCents : undefined,
  );
  if (estimate.error) errors.estimate = estimate.error;
  else if (estimate.value === undefined) errors.estimate = "Enter the repair estimate.";

  const acv = readMoney(params, PP_PARAMS.acv, "Actual cash value");
  if (acv.error) errors.acv = acv.error;

  const entered = readMoney(params, PP_PARAMS.lostIncome, "Lost income");
  if (entered.error) errors.lostIncome = entered.error;

  // Lost income from the marketplace's formula: labor hours and 60-day earnings go together.
  const hours = readNumber(params, PP_PARAMS.hours, "Labor hours");
  const earnings = readMoney(params, PP_PARAMS.earnings, "Earnings over the last 60 days");
  if (hours.error) errors.hours = hours.error;
  if (earnings.error) errors.earnings60 = earnings.error;
  let lostIncomeEstimate: LostIncomeEstimate | null = null;
  if (!hours.error && !earnings.error) {
    if (hours.value !== undefined && earnings.value === undefined) {
      errors.earnings60 = "Enter the car's earnings over the last 60 days too.";
    } else if (hours.value === undefined && earnings.value !== undefined) {
      errors.hours = "Enter the labor hours on the estimate too.";
    } else if (hours.value !== undefined && earnings.value !== undefined) {
      const lostIncomeInput = { laborHours: hours.value, earningsLast60DaysCents: earnings.value };
      const lostErrors = validateLostIncomeInput(lostIncomeInput);
      if (lostErrors.laborHours) errors.hours = lostErrors.laborHours;
      if (lostErrors.earningsLast60DaysCents)
        errors.earnings60 = lostErrors.earningsLast60DaysCents;
      if (!lostErrors.laborHours && !lostErrors.earningsLast60DaysCents) {
        lostIncomeEstimate = estimateLostHostingIncome(lostIncomeInput);
      }
    }
  }
  const lostIncomeSource = lostIncomeEstimate
    ? "calculated"
    : entered.value !== undefined
      ? "entered"
      : "none";
  const lostIncomeCents = lostIncomeEstimate ? lostIncomeEstimate.amountCents : entered.value;

  const candidate: Partial<ProtectionPlanInput> = {
    guestPlan,
    hostPlan,
    repairEstimateCents: estimate.value,
    interiorDamage: values.interior,
    mechanicalDamage: values.mechanical,
    replacementVehicleChosen: values.replacement,
    ...(lostIncomeCents !== undefined && { lostIncomeCents }),
    ...(acv.value !== undefined && { actualCashValueCents: acv.value }),
  };
  const domainErrors = validateProtectionPlanInput(candidate);
  const toParam: Record<string, ProtectionPlanParam> = {
    guestPlan: PP_PARAMS.guest,
    hostPlan: PP_PARAMS.host,
    repairEstimateCents: PP_PARAMS.estimate,
    actualCashValueCents: PP_PARAMS.acv,
    lostIncomeCents: lostIncomeSource === "calculated" ? PP_PARAMS.hours : PP_PARAMS.lostIncome,
  };
  for (const [field, message] of Object.entries(domainErrors)) {
    const param = toParam[field];
    if (param && message) errors[param] ??= message;
  }

  const valid = Object.keys(errors).length === 0;
  return {
    values,
    errors,
    input: valid ? (candidate as ProtectionPlanInput) : null,
    lostIncomeSource,
    lostIncomeEstimate,
  };
}
