/**
 * Money convention for every domain module: amounts are integer US cents (type `Cents`).
 *
 * Inputs arrive in cents (pages convert what the user typed with `dollarsToCents` or
 * `parseMoneyToCents`). Wherever a rate or percentage produces a fraction of a cent, the result is
 * rounded once, half away from zero, with `roundToCents`; later steps reuse the rounded value, so
 * the arithmetic a page shows always adds up to the cent.
 */
export type Cents = number;

/** Rounds half away from zero (2.5 → 3, −2.5 → −3) and never returns −0. */
export function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

/**
 * A fractional number of cents rounded to whole cents. `toPrecision(15)` first removes binary
 * floating-point noise (100.49999999999999 is really 100.5), so halves round as people expect.
 */
export function roundToCents(fractionalCents: number): Cents {
  return roundHalfAwayFromZero(Number(fractionalCents.toPrecision(15)));
}

/** 12.34 → 1234. */
export function dollarsToCents(dollars: number): Cents {
  return roundToCents(dollars * 100);
}

/** `percent` % of an amount, rounded to cents (percentOfCents(1000, 12.5) → 125). */
export function percentOfCents(amount: Cents, percent: number): Cents {
  return roundToCents((amount * percent) / 100);
}

/**
 * Reads a money amount as people and spreadsheets write it: "$1,234.56", "1234.5", "-12",
 * "(12.00)" (accounting negative), "USD 40", "40 $". Returns null when the text is not an amount
 * (empty text included).
 */
export function parseMoneyToCents(text: string): Cents | null {
  const compact = text.replace(/\s+/g, "");
  const accounting = /^\((.*)\)$/.exec(compact);
  const body = accounting ? (accounting[1] ?? "") : compact;
  // One optional minus, before or after the currency sign; the sign may also trail the number.
  // Thousands separators only in their proper places ("1,234.5", not "1,2,3").
  const match =
    /^(-?)(?:usd|us\$|\$)?(-?)((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:usd|\$)?$/i.exec(body);
  if (!match) return null;
  const minusSigns = (match[1] ? 1 : 0) + (match[2] ? 1 : 0) + (accounting ? 1 : 0);
  if (minusSigns > 1) return null;
  const cents = dollarsToCents(Number((match[3] ?? "").replace(/,/g, "")));
  return minusSigns === 1 && cents !== 0 ? -cents : cents;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/**
 * "$1,234.56". With `trimWholeDollars`, whole amounts drop the cents ("$500" rather than
 * "$500.00"), which reads better in rule text.
 */
export function formatCents(cents: Cents, options: { trimWholeDollars?: boolean } = {}): string {
  if (options.trimWholeDollars && cents % 100 === 0) return usdWhole.format(cents / 100);
  return usd.format(cents / 100);
}

/** 10 → "10%", 12.345 → "12.3%" (at most `maxFractionDigits` decimals). */
export function formatPercent(percent: number, maxFractionDigits = 1): string {
  return `${formatNumber(percent, maxFractionDigits)}%`;
}

/** 1234.5 → "1,234.5" (at most `maxFractionDigits` decimals, no trailing zeros). */
export function formatNumber(value: number, maxFractionDigits = 2): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: maxFractionDigits }).format(value);
}

const wholeDollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * A money range as estimates show it: "$729–986", "$1,250–1,900" (en dash, whole dollars,
 * thousands separators, one dollar sign). Widens to whole dollars (low rounded down, high up)
 * and collapses to one amount when both are the same dollar: "$500".
 */
export function formatRange(lowCents: Cents, highCents: Cents): string {
  if (!Number.isFinite(lowCents) || !Number.isFinite(highCents) || lowCents < 0) {
    throw new RangeError("A range needs two finite, non-negative amounts.");
  }
  if (lowCents > highCents) throw new RangeError("The low end of a range can't exceed the high.");
  const low = Math.floor(lowCents / 100);
  const high = Math.ceil(highCents / 100);
  if (low === high) return `$${wholeDollars.format(low)}`;
  return `$${wholeDollars.format(low)}–${wholeDollars.format(high)}`;
}
