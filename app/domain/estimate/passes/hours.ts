import { LOST_INCOME_RULE } from "~/domain/marketplace-rules";
import { roundHours } from "~/domain/estimate/drafts";
import type { Estimate, EstimateLine, RateType } from "~/domain/estimate/estimate-types";
import { countLostIncomeDays } from "~/domain/estimate/lost-income";
import type { RateCard } from "~/domain/estimate/rate-card";

/**
 * Labor hours by rate (labor and paint lines), the business days in the shop (labor days + the
 * parts wait when a part is ordered) and the days of lost hosting income.
 */
export function hoursAndDays(
  lines: readonly EstimateLine[],
  rateCard: RateCard,
  repairStartDate: string | undefined,
): Pick<Estimate, "laborHours" | "hoursByRate" | "repairDays" | "lostIncome"> {
  const hoursByRate: Record<RateType, number> = { body: 0, refinish: 0, mechanical: 0 };
  for (const line of lines) {
    if (line.rateType && (line.category === "labor" || line.category === "paint")) {
      hoursByRate[line.rateType] = roundHours(hoursByRate[line.rateType] + (line.hours ?? 0));
    }
  }
  const laborHours = roundHours(hoursByRate.body + hoursByRate.refinish + hoursByRate.mechanical);
  const shopDays = Math.ceil(
    Number((laborHours / LOST_INCOME_RULE.laborHoursPerDay).toPrecision(12)),
  );
  const partsWait = lines.some((line) => line.operation === "Part")
    ? rateCard.tables.partsWaitDays.value
    : 0;
  const repairDays = lines.length === 0 ? 0 : Math.max(1, shopDays) + partsWait;
  const lostIncome = countLostIncomeDays(laborHours, repairStartDate);
  return { laborHours, hoursByRate, repairDays, lostIncome };
}
