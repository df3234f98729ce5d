/**
 * Interior work by seat material, as an upholsterer and a detailer price it: leather burns, tears
 * and stains cost more to repair than cloth ones (a severe tear replaces the cover or the leather
 * panel); pet hair removal and odor treatment are operations of their own. The marketplace's own
 * cleaning fees are a floor: a host may charge at least those, so the estimate never prices the
 * work below them.
 *
 * Pure: no framework, no I/O. Missing or broken interior parts stay with the engine.
 */
import { FEES } from "~/domain/marketplace-rules";
import { formatCents, formatNumber, roundToCents, type Cents } from "~/domain/money";
import type { RateCard } from "./rate-card";
import type { Finding, InteriorMaterial, Severity } from "./taxonomy";

export type InteriorOperation =
  "Clean" | "Repair" | "Replace" | "Odor treatment" | "Pet hair removal";

/** One sublet line of interior work. */
export interface InteriorWork {
  operation: InteriorOperation;
  description: string;
  cents: Cents;
  /** Set when the marketplace's fee raised the price: what the floor is. */
  floorNote?: string;
}

function money(cents: Cents): string {
  return formatCents(cents, { trimWholeDollars: true });
}

const ODOR_FLOORS: Readonly<Record<Severity, Cents>> = {
  minor: FEES.smoking.odorOnlyCents,
  moderate: FEES.smoking.odorWithEvidenceCents,
  severe: FEES.smoking.multipleIssuesCents,
};

function withFloor(work: InteriorWork, floor: Cents, what: string): InteriorWork {
  if (work.cents >= floor) return work;
  return {
    ...work,
    cents: floor,
    floorNote: `Priced at the marketplace's ${what} (${money(floor)}), which a host can charge for this anyway.`,
  };
}

/**
 * The interior work for a stain, burn, tear, odor or pet-hair finding on a car with this seat
 * material; null for anything else (a missing or broken part).
 */
export function interiorWork(
  finding: Finding,
  material: InteriorMaterial,
  text: string,
  rateCard: RateCard,
): InteriorWork | null {
  const tables = rateCard.tables;
  const prices = tables.interiorByMaterial.value[material];
  const leather = material === "leather";
  const severity = finding.severity;
  switch (finding.damageType) {
    case "interior-stain":
      return {
        operation: "Clean",
        description: leather
          ? severity === "severe"
            ? `Leather stain removal and re-dye (${text})`
            : `Leather clean and condition, stain removal (${text})`
          : `Interior shampoo and stain removal, cloth (${text})`,
        cents: prices.stain[severity],
      };
    case "interior-burn":
      return {
        operation: "Repair",
        description: leather
          ? `Leather burn repair: fill, grain and color (${text})`
          : `Cloth upholstery burn repair: reweave or patch (${text})`,
        cents: prices.burn[severity],
      };
    case "interior-tear":
      return severity === "severe"
        ? {
            operation: "Replace",
            description: leather
              ? `Replace the torn leather seat panel (${text})`
              : `Replace the torn cloth seat cover (${text})`,
            cents: prices.tear.severe,
          }
        : {
            operation: "Repair",
            description: leather
              ? `Leather tear repair: sub-patch, fill and color (${text})`
              : `Cloth upholstery tear repair (${text})`,
            cents: prices.tear[severity],
          };
    case "odor":
      return withFloor(
        {
          operation: "Odor treatment",
          description: `Odor treatment: deep clean and ozone (${text})`,
          cents: tables.interiorCents.value.odor[severity],
        },
        ODOR_FLOORS[severity],
        severity === "minor"
          ? "smoking fee for odor only"
          : severity === "moderate"
            ? "smoking fee for odor with evidence"
            : "fee for multiple cleaning issues",
      );
    case "pet-hair": {
      const hours = tables.petHairHours.value[severity];
      const rate = tables.detailLaborCentsPerHour.value;
      return withFloor(
        {
          operation: "Pet hair removal",
          description: `Pet hair removal from seats and carpet (${text}): ${formatNumber(hours, 1)} h × ${money(rate)}/h detail rate`,
          cents: roundToCents(hours * rate),
        },
        tables.cleaningFloors.value.petHair[severity],
        "pet-hair cleaning fee",
      );
    }
    default:
      return null;
  }
}

/** The damage types `interiorWork` counts as cleaning issues (the marketplace's "multiple" fee). */
export const CLEANING_DAMAGE_TYPES = ["interior-stain", "odor", "pet-hair"] as const;
