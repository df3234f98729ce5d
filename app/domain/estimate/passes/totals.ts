/** Sums of line amounts: a set of lines, each category, and the lines numbered. */
import type { Cents } from "~/domain/money";
import type { PricedLine } from "~/domain/estimate/drafts";
import {
  LINE_CATEGORIES,
  type EstimateLine,
  type LineCategory,
} from "~/domain/estimate/estimate-types";

export function sumAmounts(lines: readonly Pick<PricedLine, "amountCents">[]): Cents {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

export function categoryAmount(lines: readonly PricedLine[], category: LineCategory): Cents {
  return sumAmounts(lines.filter((line) => line.category === category));
}

/** "line-1", "line-2"… in estimate order. */
export function numberLines(priced: readonly PricedLine[]): EstimateLine[] {
  return priced.map((line, index) => ({ id: `line-${index + 1}`, ...line }));
}

export function subtotalsOf(lines: readonly EstimateLine[]): Record<LineCategory, Cents> {
  return Object.fromEntries(
    LINE_CATEGORIES.map((category) => [category, categoryAmount(lines, category)]),
  ) as Record<LineCategory, Cents>;
}
