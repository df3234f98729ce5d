/** The Claims ROI Calculator's query string: the values as typed and, when valid, its input. */
import {
  CLAIMS_ROI_EXAMPLE,
  validateClaimsRoiInput,
  type ClaimsRoiField,
  type ClaimsRoiInput,
} from "~/domain/claims-roi";
import type { FieldErrors } from "~/domain/validation";
import { centsToInput, readMoney, readNumber, readText } from "./query-params";

/** The calculator's inputs: query parameter, label and kind, in form order. */
export const CLAIMS_ROI_FIELDS: Array<{
  key: ClaimsRoiField;
  param: string;
  label: string;
  kind: "number" | "money" | "percent";
}> = [
  { key: "fleetSize", param: "fleet", label: "Cars in your fleet", kind: "number" },
  {
    key: "monthlyDamageRatePercent",
    param: "damageRate",
    label: "Cars damaged per month",
    kind: "percent",
  },
  { key: "averageClaimCents", param: "avgClaim", label: "Average claim size", kind: "money" },
  {
    key: "currentRecoveryRatePercent",
    param: "recovered",
    label: "Share you recover today",
    kind: "percent",
  },
  {
    key: "fleetAssistRecoveryRatePercent",
    param: "recoveredWith",
    label: "Share recovered with FleetAssist",
    kind: "percent",
  },
  { key: "hoursPerClaim", param: "hours", label: "Hours you spend per claim", kind: "number" },
  {
    key: "hourlyValueCents",
    param: "hourly",
    label: "What an hour of your time is worth",
    kind: "money",
  },
  {
    key: "subscriptionMonthlyCents",
    param: "price",
    label: "Subscription per month",
    kind: "money",
  },
];

/** The form's values (as typed) and, when they are all valid, the calculator input. */
export function parseClaimsRoiQuery(params: URLSearchParams) {
  const values: Record<string, string> = {};
  const errors: FieldErrors<ClaimsRoiField> = {};
  const input: Partial<Record<ClaimsRoiField, number>> = {};
  for (const field of CLAIMS_ROI_FIELDS) {
    const example = CLAIMS_ROI_EXAMPLE[field.key];
    const typed = readText(params, field.param, 40);
    values[field.param] = params.has(field.param)
      ? typed
      : field.kind === "money"
        ? centsToInput(example)
        : String(example);
    const parsed =
      field.kind === "money"
        ? readMoney(params, field.param, field.label, example)
        : readNumber(params, field.param, field.label, example);
    if (parsed.error) errors[field.key] = parsed.error;
    else input[field.key] = parsed.value;
  }
  const rangeErrors = validateClaimsRoiInput(input);
  for (const [key, message] of Object.entries(rangeErrors))
    errors[key as ClaimsRoiField] ??= message;
  const valid = Object.keys(errors).length === 0;
  return { values, errors, input: valid ? (input as unknown as ClaimsRoiInput) : null };
}
