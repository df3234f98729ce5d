/**
 * Pricing a draft: hours × rate (with the operation's minimum charge on a finding's line), a part
 * price, or a sublet amount.
 */
import { roundToCents, type Cents } from "~/domain/money";
import { hoursText, money } from "~/domain/estimate/drafts";
import type { LineDraft, PricedLine } from "~/domain/estimate/drafts";
import type { RateType } from "~/domain/estimate/estimate-types";
import type { RateCard } from "~/domain/estimate/rate-card";

function rateFor(rateType: RateType, rateCard: RateCard): Cents {
  switch (rateType) {
    case "body":
      return rateCard.bodyLaborCentsPerHour;
    case "refinish":
      return rateCard.refinishLaborCentsPerHour;
    case "mechanical":
      return rateCard.mechanicalLaborCentsPerHour;
  }
}

export function priceDraft(draft: LineDraft, rateCard: RateCard): PricedLine {
  const { flatCents, ...rest } = draft;
  if (draft.hours !== undefined && draft.rateType) {
    const rateCents = draft.rateCents ?? rateFor(draft.rateType, rateCard);
    const byTime = roundToCents(draft.hours * rateCents);
    const formula = `${hoursText(draft.hours)} × ${money(rateCents)}/h`;
    const minimum =
      draft.findingId === null
        ? undefined
        : rateCard.tables.minimumChargeCents.value[
            draft.operation as keyof typeof rateCard.tables.minimumChargeCents.value
          ];
    if (minimum !== undefined && byTime < minimum) {
      return {
        ...rest,
        rateCents,
        amountCents: minimum,
        minimumChargeCents: minimum,
        formula: `minimum charge ${money(minimum)} (${formula} = ${money(byTime)})`,
      };
    }
    return { ...rest, rateCents, amountCents: byTime, formula };
  }
  if (draft.partCents !== undefined) {
    return { ...rest, amountCents: draft.partCents, formula: `part ${money(draft.partCents)}` };
  }
  const amountCents = flatCents ?? 0;
  return { ...rest, amountCents, formula: `sublet ${money(amountCents)}` };
}
