import { formatNumber, percentOfCents } from "~/domain/money";
import { money } from "~/domain/estimate/drafts";
import type { PricedLine } from "~/domain/estimate/drafts";
import type { RateCard } from "~/domain/estimate/rate-card";
import { categoryAmount } from "./totals";

/** Sales tax on parts and paint materials (labor and sublet invoices are not taxed here). */
export function taxLines(priced: readonly PricedLine[], rateCard: RateCard): PricedLine[] {
  const taxBase = categoryAmount(priced, "parts") + categoryAmount(priced, "materials");
  const taxCents = percentOfCents(taxBase, rateCard.salesTaxPercent);
  if (taxCents <= 0) return [];
  return [
    {
      findingId: null,
      panel: null,
      operation: "Tax",
      description: `Sales tax ${formatNumber(rateCard.salesTaxPercent, 3)} % on parts and paint materials (${money(taxBase)})`,
      amountCents: taxCents,
      category: "tax",
      formula: `${formatNumber(rateCard.salesTaxPercent, 3)} % × ${money(taxBase)}`,
    },
  ];
}
