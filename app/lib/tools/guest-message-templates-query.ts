/**
 * Reading the Guest Message Templates form from the query string. Pure, so the server (JS off,
 * shared links) and the browser (live, as the host types) fill the templates with the same code.
 */
import {
  COMMON_TEMPLATE_VARIABLES,
  TEMPLATE_VARIABLES,
  TRIP_STAGES,
  type TemplateValues,
  type TemplateVariable,
  type TripStageId,
} from "~/domain/guest-message-fill";
import { SMOKING_FEES } from "~/domain/smoking-fees";
import { formatCents, parseMoneyToCents } from "~/domain/money";
import { MAX_YEAR, MIN_YEAR, parseIsoDate, parseTime } from "~/domain/zoned-time";

export type TemplateFieldKind = "text" | "datetime" | "money" | "smoking";

export interface TemplateField {
  variable: TemplateVariable;
  /** Query-string key and input id. */
  param: string;
  label: string;
  kind: TemplateFieldKind;
  /** Longest value accepted (characters as typed). */
  maxLength: number;
  /** Asked once for every trip (guest, car, times, place) rather than for one message. */
  common: boolean;
  example: string;
}

function field(
  variable: TemplateVariable,
  param: string,
  kind: TemplateFieldKind,
  maxLength: number,
): TemplateField {
  return {
    variable,
    param,
    label: TEMPLATE_VARIABLES[variable].label,
    kind,
    maxLength,
    common: COMMON_TEMPLATE_VARIABLES.includes(variable),
    example: TEMPLATE_VARIABLES[variable].example,
  };
}

const MONEY_MAX_LENGTH = 20;
const DATETIME_MAX_LENGTH = 30;
/** Largest amount a money field accepts: $100,000. */
export const MAX_MONEY_CENTS = 100_000_00;

/** Every variable a template can use, in the order the form asks for them. */
export const TEMPLATE_FIELDS: readonly TemplateField[] = [
  field("guestName", "guest", "text", 60),
  field("vehicle", "car", "text", 80),
  field("tripStart", "start", "datetime", DATETIME_MAX_LENGTH),
  field("tripEnd", "end", "datetime", DATETIME_MAX_LENGTH),
  field("location", "place", "text", 160),
  field("hostName", "host", "text", 60),
  field("returnLevel", "level", "text", 60),
  field("returnedLevel", "returned", "text", 60),
  field("refuelCost", "refuel", "money", MONEY_MAX_LENGTH),
  field("damageDescription", "damage", "text", 200),
  field("tollTotal", "tolls", "money", MONEY_MAX_LENGTH),
  field("smokingFee", "smoking", "smoking", 20),
  field("cleaningIssue", "cleaning", "text", 200),
  field("cleaningFee", "cleaningFee", "money", MONEY_MAX_LENGTH),
];

/** The smoking fee is one of the policy's three amounts, read from the rules table. */
export const SMOKING_FEE_CHOICES = [
  { value: "odor", cents: SMOKING_FEES.odorOnlyCents, label: "odor only" },
  { value: "evidence", cents: SMOKING_FEES.odorWithEvidenceCents, label: "odor with evidence" },
  { value: "multiple", cents: SMOKING_FEES.multipleIssuesCents, label: "multiple issues" },
] as const;

/** "$150 (odor with evidence)". */
export function smokingFeeText(choice: (typeof SMOKING_FEE_CHOICES)[number]): string {
  return `${formatCents(choice.cents, { trimWholeDollars: true })} (${choice.label})`;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/**
 * A date-time input's value ("2026-06-05T10:00", seconds allowed) as a guest reads it:
 * "Fri, Jun 5 at 10:00 AM". The time is the host's wall clock, so no time zone is involved.
 * Returns null when the text is not a real date and time.
 */
export function formatTripTime(text: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{1,2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(
    text.trim(),
  );
  if (!match) return null;
  const date = parseIsoDate(match[1] ?? "");
  const time = parseTime(match[2] ?? "");
  if (!date || !time || date.year < MIN_YEAR || date.year > MAX_YEAR) return null;
  const weekday = WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()];
  const month = MONTHS[date.month - 1];
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  const suffix = time.hour < 12 ? "AM" : "PM";
  const minutes = String(time.minute).padStart(2, "0");
  return `${weekday}, ${month} ${date.day} at ${hour12}:${minutes} ${suffix}`;
}

/** Control characters and runs of white space become one space; the ends are trimmed. */
function normalizeText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
}

export interface TemplateQuery {
  /** What each input shows (as typed, capped), by param. */
  values: Record<string, string>;
  /** What goes into the templates; invalid or empty values are left out (placeholders show). */
  templateValues: TemplateValues;
  /** Problems, by param ("stage" included). */
  errors: Record<string, string>;
  /** The stage to show, or null for every stage. */
  stage: TripStageId | null;
  valid: boolean;
}

export function isTripStage(value: string): value is TripStageId {
  return TRIP_STAGES.some((stage) => stage.id === value);
}

/** The form's values and the filled-in variables; never throws, whatever the query string. */
export function parseTemplateQuery(params: URLSearchParams): TemplateQuery {
  const values: Record<string, string> = {};
  const templateValues: TemplateValues = {};
  const errors: Record<string, string> = {};

  for (const spec of TEMPLATE_FIELDS) {
    const raw = params.get(spec.param) ?? "";
    values[spec.param] = raw.slice(0, spec.maxLength);
    if (raw.length > spec.maxLength) {
      errors[spec.param] =
        `${spec.label} is too long: keep it to ${spec.maxLength} characters or fewer.`;
      continue;
    }
    const text = normalizeText(raw);
    if (text === "") continue;
    switch (spec.kind) {
      case "text":
        templateValues[spec.variable] = text;
        break;
      case "datetime": {
        const formatted = formatTripTime(text);
        if (formatted) templateValues[spec.variable] = formatted;
        else errors[spec.param] = `${spec.label} must be a date and time, like 2026-06-05T10:00.`;
        break;
      }
      case "money": {
        const cents = parseMoneyToCents(text);
        if (cents === null)
          errors[spec.param] = `${spec.label} must be a dollar amount, like 18.40.`;
        else if (cents < 0) errors[spec.param] = `${spec.label} can't be negative.`;
        else if (cents > MAX_MONEY_CENTS)
          errors[spec.param] =
            `${spec.label} must be at most ${formatCents(MAX_MONEY_CENTS, { trimWholeDollars: true })}.`;
        else templateValues[spec.variable] = formatCents(cents, { trimWholeDollars: true });
        break;
      }
      case "smoking": {
        const choice = SMOKING_FEE_CHOICES.find((option) => option.value === text);
        if (choice) templateValues[spec.variable] = smokingFeeText(choice);
        else errors[spec.param] = `Choose one of the policy's smoking fees.`;
        break;
      }
    }
  }

  const rawStage = (params.get("stage") ?? "").trim();
  let stage: TripStageId | null = null;
  if (isTripStage(rawStage)) stage = rawStage;
  else if (rawStage !== "") errors.stage = "There is no such trip stage, so every stage is shown.";

  return { values, templateValues, errors, stage, valid: Object.keys(errors).length === 0 };
}

/** The query string for a stage link, keeping the variables already typed. */
export function stageSearch(params: URLSearchParams, stage: TripStageId | null): string {
  const next = new URLSearchParams();
  for (const spec of TEMPLATE_FIELDS) {
    const value = params.get(spec.param);
    if (value) next.set(spec.param, value.slice(0, spec.maxLength));
  }
  if (stage) next.set("stage", stage);
  const query = next.toString();
  return query ? `?${query}` : "";
}
