/** The estimate's input, checked field by field before anything is priced. */
import { InvalidInputError, type FieldErrors } from "~/domain/validation";
import type { EstimateInput } from "~/domain/estimate/estimate-types";
import { lower } from "~/domain/estimate/drafts";
import { FindingSchema, VehicleSchema } from "~/domain/estimate/finding-schema";
import { parseIsoDateUtc } from "~/domain/estimate/lost-income";
import { RATE_FIELDS, RATE_OVERRIDE_LIMITS } from "~/domain/estimate/rate-card";
import { panelExistsOn, PANELS, type Finding, type Vehicle } from "~/domain/estimate/taxonomy";

function zodErrors(prefix: string, issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * The vehicle and findings as parsed; throws `InvalidInputError` (field paths like
 * "findings.2.panel") when anything does not validate.
 */
export function validateInput(input: EstimateInput): {
  vehicle: Vehicle;
  findings: Finding[];
} {
  let errors: FieldErrors = {};
  const vehicleResult = VehicleSchema.safeParse(input.vehicle);
  if (!vehicleResult.success)
    errors = { ...errors, ...zodErrors("vehicle", vehicleResult.error.issues) };

  const findings: Finding[] = [];
  if (!Array.isArray(input.findings)) {
    errors.findings = "Findings must be a list.";
  } else {
    const seen = new Set<string>();
    input.findings.forEach((raw, index) => {
      const result = FindingSchema.safeParse(raw);
      if (!result.success) {
        errors = { ...errors, ...zodErrors(`findings.${index}`, result.error.issues) };
        return;
      }
      const finding = result.data;
      if (seen.has(finding.id)) {
        errors[`findings.${index}.id`] = `Finding id "${finding.id}" is used twice.`;
      }
      seen.add(finding.id);
      if (vehicleResult.success && !panelExistsOn(finding.panel, vehicleResult.data.bodyType)) {
        errors[`findings.${index}.panel`] =
          `A ${vehicleResult.data.bodyType} has no ${lower(PANELS[finding.panel].label)}.`;
      }
      for (const [spanIndex, spanned] of (finding.spansPanels ?? []).entries()) {
        if (vehicleResult.success && !panelExistsOn(spanned, vehicleResult.data.bodyType)) {
          errors[`findings.${index}.spansPanels.${spanIndex}`] =
            `A ${vehicleResult.data.bodyType} has no ${lower(PANELS[spanned].label)}.`;
        }
      }
      findings.push(finding);
    });
  }

  for (const field of RATE_FIELDS) {
    const value = input.rateCard?.[field];
    const rule = RATE_OVERRIDE_LIMITS[field];
    if (
      typeof value !== "number" ||
      !Number.isFinite(value) ||
      value < rule.min ||
      value > rule.max
    ) {
      errors[`rateCard.${field}`] = `${rule.label} is missing or out of range.`;
    }
  }

  const start = input.options?.repairStartDate;
  if (start !== undefined && parseIsoDateUtc(start) === null) {
    errors["options.repairStartDate"] = "Enter the repair start as a calendar date (YYYY-MM-DD).";
  }

  if (Object.keys(errors).length > 0 || !vehicleResult.success) {
    throw new InvalidInputError(errors, "estimate");
  }
  return { vehicle: vehicleResult.data, findings };
}
