/**
 * Shared input-validation helpers. Every calculator exports a `validate…` function that returns
 * field errors (an empty object means valid) so a page can show a message next to each field, and
 * a `calculate…` function that throws `InvalidInputError` if it is handed input that would not
 * pass validation: a calculation never silently produces a number from nonsense.
 */
import { formatCents, formatNumber } from "./money";

/** Field name → human-readable message. Nested fields use dotted paths ("charges.0.amount"). */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export class InvalidInputError extends Error {
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(fieldErrors: FieldErrors, context: string) {
    const entries = Object.entries(fieldErrors).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    super(
      `Invalid ${context} input. ${entries.map(([field, message]) => `${field}: ${message}`).join("; ")}`,
    );
    this.name = "InvalidInputError";
    this.fieldErrors = Object.fromEntries(entries);
  }
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** Throws `InvalidInputError` when `errors` is not empty. */
export function assertValid(errors: FieldErrors, context: string): void {
  if (hasErrors(errors)) throw new InvalidInputError(errors, context);
}

/** What a number means, which decides how its limits read in a message. */
export type NumberKind = "count" | "cents" | "percent" | "hours" | "plain";

export interface NumberRule {
  /** Sentence-case label used at the start of the message: "Fleet size". */
  label: string;
  kind: NumberKind;
  min: number;
  max: number;
  /** Whole numbers only (always true for "count" and "cents"). */
  integer?: boolean;
}

function formatLimit(value: number, kind: NumberKind): string {
  switch (kind) {
    case "cents":
      return formatCents(value, { trimWholeDollars: true });
    case "percent":
      return `${formatNumber(value)}%`;
    default:
      return formatNumber(value);
  }
}

/** The error message for `value`, or undefined when it satisfies `rule`. */
export function checkNumber(value: unknown, rule: NumberRule): string | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return `${rule.label} must be a number.`;
  }
  const wholeOnly = rule.integer ?? (rule.kind === "count" || rule.kind === "cents");
  const unit = rule.kind === "hours" ? " hours" : "";
  const range = `between ${formatLimit(rule.min, rule.kind)} and ${formatLimit(rule.max, rule.kind)}${unit}`;
  if (wholeOnly && !Number.isInteger(value)) {
    return rule.kind === "cents"
      ? `${rule.label} must be a whole number of cents.`
      : `${rule.label} must be a whole number ${range}.`;
  }
  if (value < rule.min || value > rule.max) {
    return wholeOnly && rule.kind === "count"
      ? `${rule.label} must be a whole number ${range}.`
      : `${rule.label} must be ${range}.`;
  }
  return undefined;
}

/**
 * Checks every field of `input` that has a rule and collects the messages. Fields without a rule
 * are left to the caller.
 */
export function checkNumbers<Field extends string>(
  input: Partial<Record<Field, unknown>>,
  rules: Record<Field, NumberRule>,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const field of Object.keys(rules) as Field[]) {
    const message = checkNumber(input[field], rules[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
