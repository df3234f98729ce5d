/**
 * Reading a free tool's GET form from the query string. Query strings are user-controlled and
 * shareable, so every reader caps lengths and never throws: a bad value becomes a field error
 * (or the default), and the page answers with a clear message instead of a 500.
 */
import { parseMoneyToCents, type Cents } from "~/domain/money";

const MAX_VALUE_LENGTH = 2000;

export function readText(params: URLSearchParams, key: string, max = 500): string {
  return (params.get(key) ?? "").slice(0, Math.min(max, MAX_VALUE_LENGTH)).trim();
}

export type Parsed<T> = { value: T; error?: undefined } | { value: undefined; error: string };

/** A plain number ("12", "12.5", "1,200"); empty gives `fallback` (or undefined). */
export function readNumber(
  params: URLSearchParams,
  key: string,
  label: string,
  fallback?: number,
): Parsed<number | undefined> {
  const raw = readText(params, key, 40).replace(/,/g, "");
  if (raw === "") return { value: fallback };
  const value = Number(raw.replace(/%$/, ""));
  if (!Number.isFinite(value)) return { value: undefined, error: `${label} must be a number.` };
  return { value };
}

/** A dollar amount as people type it ("$1,250", "1250.50"), in cents. */
export function readMoney(
  params: URLSearchParams,
  key: string,
  label: string,
  fallback?: Cents,
): Parsed<Cents | undefined> {
  const raw = readText(params, key, 40);
  if (raw === "") return { value: fallback };
  const cents = parseMoneyToCents(raw);
  if (cents === null)
    return { value: undefined, error: `${label} must be a dollar amount, like 1250.` };
  return { value: cents };
}

/** One of a fixed set of values; anything else gives `fallback`. */
export function readChoice<T extends string | number>(
  params: URLSearchParams,
  key: string,
  choices: readonly T[],
  fallback: T,
): T {
  const raw = readText(params, key, 40);
  return choices.find((choice) => String(choice) === raw) ?? fallback;
}

/** A checkbox: present with "on"/"true"/"1" means checked. */
export function readFlag(params: URLSearchParams, key: string): boolean {
  return ["on", "true", "1", "yes"].includes(readText(params, key, 10).toLowerCase());
}

/** Whether the visitor submitted the form (any field present), as opposed to a first visit. */
export function hasQuery(params: URLSearchParams): boolean {
  for (const _ of params.keys()) return true;
  return false;
}

/** Money for an input's value attribute: 125000 → "1250", 12345 → "123.45". */
export function centsToInput(cents: Cents | undefined): string {
  if (cents === undefined) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
