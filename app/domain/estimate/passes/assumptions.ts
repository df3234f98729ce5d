/** What the estimate assumed about the body, the paint and the seats. */
import { formatNumber } from "~/domain/money";
import {
  aluminumBodyOf,
  aluminumBodyText,
  interiorMaterialText,
  panelLabel,
} from "~/domain/estimate/body-profile";
import { lower } from "~/domain/estimate/drafts";
import type { Context } from "~/domain/estimate/drafts";
import type { EstimateLine, Operation } from "~/domain/estimate/estimate-types";
import { RATE_SOURCES } from "~/domain/estimate/rate-card";
import { PANELS, PRICE_CLASS_LABELS, type Finding, type Vehicle } from "~/domain/estimate/taxonomy";

const PAINT_SYSTEM_TEXT: Readonly<Record<Vehicle["paintType"], string>> = {
  solid: "solid color (base coat and clear coat; matches without blending)",
  "metallic-pearl":
    "metallic or pearl two-stage (base coat and clear coat, blended into the next panels)",
  "tri-coat":
    "tri-coat three-stage (base coat, mid-coat and clear coat, blended into the next panels)",
};

/** What the estimate assumed about the body, the paint and the seats, when the work touches them. */
export function bodyAssumptions(
  findings: readonly Finding[],
  lines: readonly EstimateLine[],
  context: Context,
  interiorAssumed: boolean,
): string[] {
  const { vehicle, rateCard } = context;
  const tables = rateCard.tables;
  const texts: string[] = [];
  const sheetMetal = findings.some((finding) =>
    [finding.panel, ...(finding.spansPanels ?? [])].some(
      (panelId) => PANELS[panelId].kind === "sheet-metal",
    ),
  );
  if (sheetMetal) {
    const body = aluminumBodyOf(vehicle, tables);
    const { hoursMultiplier, specialistRateRatio } = tables.aluminumRepair.value;
    const practice = `priced as an aluminum-certified shop works (dedicated tools and a separate work area): the specialist rate (body rate × ${formatNumber(specialistRateRatio, 2)}), ${formatNumber(hoursMultiplier, 2)} × the repair time, and a new panel once repair would cost ${formatNumber(tables.replaceOrRepair.value.repairShareOfReplacement * 100)} % of one`;
    if (body) {
      texts.push(
        `Body: aluminum (${aluminumBodyText(body)}, per ${RATE_SOURCES[body.source].title.split(":")[0]}); every body panel is ${practice}.`,
      );
    } else if (context.aluminum.size > 0) {
      const names = [...context.aluminum].map((id) => lower(panelLabel(id, vehicle))).join(", ");
      texts.push(
        `Body: aluminum ${names} (as listed for this car), ${practice}; other panels steel.`,
      );
    } else {
      texts.push(
        "Body: steel panels (no aluminum panels listed for this car, and its model isn't a known aluminum body).",
      );
    }
  }
  const painted = lines.some((line) =>
    (["Refinish", "Blend", "Polish"] as Operation[]).includes(line.operation),
  );
  if (painted) {
    texts.push(`Paint system: ${PAINT_SYSTEM_TEXT[vehicle.paintType]}.`);
    if (vehicle.priceClass === "ev-hybrid" && lines.some((line) => line.operation === "Refinish")) {
      texts.push(
        "EV/hybrid refinish: the paint is cured at low temperature (air-dry or short-wave infrared) within the maker's battery temperature limit, not baked in a hot booth.",
      );
    }
  }
  if (findings.some((finding) => finding.panel === "interior")) {
    texts.push(
      `Interior: ${interiorMaterialText(context.interiorMaterial)} seats${interiorAssumed ? ` (assumed for a ${lower(PRICE_CLASS_LABELS[vehicle.priceClass])} car; tell us if they are ${context.interiorMaterial === "leather" ? "cloth" : "leather"})` : ""}.`,
    );
  }
  return texts;
}
