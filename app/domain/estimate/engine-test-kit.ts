/** Shared by the engine's test files: round-number rates, a sedan, findings, and line lookups. */
import { expect } from "vitest";
import { estimateRepair, type Estimate, type EstimateOptions, type Operation } from "./engine";
import { resolveRateCard, type RateCard } from "./rate-card";
import type { DamageType, Finding, PanelId, Severity, Vehicle } from "./taxonomy";

/** Round numbers so the arithmetic in each test can be checked by hand. */
export const ROUND: RateCard = resolveRateCard("US", {
  bodyLaborCentsPerHour: 100_00,
  refinishLaborCentsPerHour: 100_00,
  mechanicalLaborCentsPerHour: 150_00,
  paintMaterialsCentsPerRefinishHour: 40_00,
  salesTaxPercent: 10,
});

export const SEDAN: Vehicle = {
  year: 2020,
  make: "Toyota",
  model: "Camry",
  bodyType: "sedan",
  priceClass: "mid",
  paintType: "metallic-pearl",
};

export function finding(
  panel: PanelId,
  damageType: DamageType,
  severity: Severity,
  extra: Partial<Finding> = {},
): Finding {
  return {
    id: `${panel}/${damageType}/${severity}`,
    panel,
    damageType,
    severity,
    confidence: 1,
    ...extra,
  };
}

export function run(
  findings: Finding[],
  vehicle: Partial<Vehicle> = {},
  options?: EstimateOptions,
  rateCard: RateCard = ROUND,
): Estimate {
  return estimateRepair({ vehicle: { ...SEDAN, ...vehicle }, findings, rateCard, options });
}

/** [operation, panel, hours, amount] per line: the estimate as a reader sees it. */
export function table(estimate: Estimate) {
  return estimate.lines.map((line) => [
    line.operation,
    line.panel,
    line.hours ?? null,
    line.amountCents,
  ]);
}

export function linesOf(estimate: Estimate, operation: Operation) {
  return estimate.lines.filter((line) => line.operation === operation);
}

export function only(estimate: Estimate, operation: Operation) {
  const lines = linesOf(estimate, operation);
  expect(lines, operation).toHaveLength(1);
  return lines[0]!;
}

export function hail(
  panel: PanelId,
  dentCount: NonNullable<Finding["hail"]>["dentCount"],
  dentSize: NonNullable<Finding["hail"]>["dentSize"],
  extra: Partial<Finding> = {},
): Finding {
  return finding(panel, "hail", "moderate", {
    id: `${panel}/hail/${dentCount}/${dentSize}`,
    hail: { dentCount, dentSize },
    ...extra,
  });
}

export function sumOf(estimate: Estimate, operations: Operation[]): number {
  return estimate.lines
    .filter((line) => operations.includes(line.operation))
    .reduce((sum, line) => sum + line.amountCents, 0);
}
