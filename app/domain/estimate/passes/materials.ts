import { roundToCents } from "~/domain/money";
import { hoursText, money, roundHours } from "~/domain/estimate/drafts";
import type { PricedLine } from "~/domain/estimate/drafts";
import type { Operation } from "~/domain/estimate/estimate-types";
import type { RateCard } from "~/domain/estimate/rate-card";

/** Paint materials on every refinish hour (refinish, blend, clear coat / tri-coat). */
export function paintMaterialsLines(
  priced: readonly PricedLine[],
  rateCard: RateCard,
): PricedLine[] {
  const paintHours = roundHours(
    priced
      .filter((line) =>
        (["Refinish", "Blend", "Clear coat", "Tri-coat"] as Operation[]).includes(line.operation),
      )
      .reduce((sum, line) => sum + (line.hours ?? 0), 0),
  );
  if (paintHours <= 0) return [];
  const rate = rateCard.paintMaterialsCentsPerRefinishHour;
  return [
    {
      findingId: null,
      panel: null,
      operation: "Paint materials",
      description: `Paint and materials: ${hoursText(paintHours)} of refinish × ${money(rate)} per refinish hour`,
      hours: paintHours,
      rateCents: rate,
      amountCents: roundToCents(paintHours * rate),
      category: "materials",
      formula: `${hoursText(paintHours)} × ${money(rate)} per refinish hour`,
    },
  ];
}
