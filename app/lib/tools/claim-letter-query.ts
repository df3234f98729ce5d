/**
 * Reading the "File with Guest's Insurance" GET form from the query string. Pure: the page (on
 * the server and live in the browser) and the PDF route parse the same query with this one
 * function, so the preview and the PDF always say the same thing.
 *
 * Query strings are hostile: every value is read with a cap one character above its limit (so an
 * over-long value becomes a clear field error rather than being silently cut), control characters
 * are removed, and nothing throws.
 */
import { marketplace } from "~/config/marketplace";
import {
  EVIDENCE_ITEM_IDS,
  validateInsuranceClaimInput,
  type ClaimCharge,
  type EvidenceItemId,
  type InsuranceClaimInput,
} from "~/domain/insurance-claim-letter";
import { isGuestPlanId, type GuestPlanId } from "~/domain/marketplace-rules";
import type { Cents } from "~/domain/money";
import { formatIsoDate } from "~/domain/zoned-time";
import { hasQuery, readMoney } from "./query-params";

/** How many charge rows the form offers at most. */
export const MAX_CHARGE_ROWS = 10;

export type ClaimFieldGroup = "host" | "guest" | "trip" | "incident" | "claim" | "letter";

export interface ClaimTextField {
  param: string;
  /** The domain's error path for this field. */
  path: string;
  label: string;
  max: number;
  group: ClaimFieldGroup;
  required?: boolean;
  type?: "text" | "email" | "tel" | "date" | "textarea";
  autoComplete?: string;
  hint?: string;
}

export const CLAIM_TEXT_FIELDS: readonly ClaimTextField[] = [
  {
    param: "hostName",
    path: "host.name",
    label: "Your name",
    max: 200,
    group: "host",
    required: true,
    autoComplete: "name",
  },
  {
    param: "business",
    path: "host.businessName",
    label: "Business name (optional)",
    max: 200,
    group: "host",
    autoComplete: "organization",
  },
  {
    param: "hostEmail",
    path: "host.email",
    label: "Your email",
    max: 200,
    group: "host",
    required: true,
    type: "email",
    autoComplete: "email",
  },
  {
    param: "hostPhone",
    path: "host.phone",
    label: "Your phone (optional)",
    max: 40,
    group: "host",
    type: "tel",
    autoComplete: "tel",
  },
  {
    param: "hostAddress",
    path: "host.address",
    label: "Your mailing address (optional)",
    max: 300,
    group: "host",
    autoComplete: "street-address",
  },
  {
    param: "guestName",
    path: "guest.name",
    label: "Guest's full name",
    max: 200,
    group: "guest",
    required: true,
    hint: "As on their insurance card: the policyholder or driver.",
  },
  {
    param: "guestEmail",
    path: "guest.email",
    label: "Guest's email (optional)",
    max: 200,
    group: "guest",
    type: "email",
  },
  {
    param: "guestPhone",
    path: "guest.phone",
    label: "Guest's phone (optional)",
    max: 40,
    group: "guest",
    type: "tel",
  },
  {
    param: "insurer",
    path: "insurer.name",
    label: "Guest's insurance company",
    max: 200,
    group: "guest",
    required: true,
  },
  {
    param: "policy",
    path: "insurer.policyNumber",
    label: "Policy number",
    max: 60,
    group: "guest",
    required: true,
  },
  {
    param: "claimNo",
    path: "insurer.claimNumber",
    label: "Claim number (if the insurer gave one)",
    max: 60,
    group: "guest",
  },
  {
    param: "insurerEmail",
    path: "insurer.email",
    label: "Insurer's claims email (optional)",
    max: 200,
    group: "guest",
    type: "email",
  },
  {
    param: "insurerAddress",
    path: "insurer.address",
    label: "Insurer's claims address (optional)",
    max: 300,
    group: "guest",
  },
  {
    param: "vehicle",
    path: "vehicle.description",
    label: "Car (year, make, model)",
    max: 200,
    group: "trip",
    required: true,
  },
  { param: "vin", path: "vehicle.vin", label: "VIN (optional)", max: 17, group: "trip" },
  {
    param: "plate",
    path: "vehicle.licensePlate",
    label: "License plate (optional)",
    max: 20,
    group: "trip",
  },
  {
    param: "reservation",
    path: "trip.reservationId",
    label: `${marketplace.name} reservation ID`,
    max: 60,
    group: "trip",
    required: true,
  },
  {
    param: "tripStart",
    path: "trip.startDate",
    label: "Trip start date",
    max: 20,
    group: "trip",
    required: true,
    type: "date",
  },
  {
    param: "tripEnd",
    path: "trip.endDate",
    label: "Trip end date",
    max: 20,
    group: "trip",
    required: true,
    type: "date",
  },
  {
    param: "incidentDate",
    path: "incident.date",
    label: "Date of the incident",
    max: 20,
    group: "incident",
    required: true,
    type: "date",
  },
  {
    param: "location",
    path: "incident.location",
    label: "Where it happened (optional)",
    max: 300,
    group: "incident",
  },
  {
    param: "description",
    path: "incident.description",
    label: "What happened",
    max: 4_000,
    group: "incident",
    required: true,
    type: "textarea",
    hint: "Facts only: what was damaged, how, and when you found out. Leave a blank line between paragraphs.",
  },
  {
    param: "police",
    path: "incident.policeReportNumber",
    label: "Police report number (optional)",
    max: 60,
    group: "incident",
  },
  { param: "shop", path: "repairShop", label: "Repair shop (optional)", max: 200, group: "claim" },
  {
    param: "letterDate",
    path: "letterDate",
    label: "Letter date",
    max: 20,
    group: "letter",
    required: true,
    type: "date",
  },
];

export const ESTIMATE_PARAM = "estimate";
export const GUEST_PLAN_PARAM = "guestPlan";
export const EVIDENCE_PARAM = "ev";
export const ROWS_PARAM = "rows";
/** Present when the visitor pressed "Create letter" (not while typing with JavaScript). */
export const SUBMIT_PARAM = "go";

export const chargeParams = (row: number) => ({
  label: `c${row}.label`,
  amount: `c${row}.amount`,
});

export interface ChargeRow {
  label: string;
  amount: string;
}

export interface ClaimLetterQuery {
  /** Param → the value as typed (cleaned), for the inputs. */
  values: Record<string, string>;
  rows: ChargeRow[];
  guestPlan: GuestPlanId | "";
  evidence: Partial<Record<EvidenceItemId, boolean>>;
  /** Param → message. */
  errors: Record<string, string>;
  /** The letter input when everything is valid, else null. */
  input: InsuranceClaimInput | null;
  /** The input as far as it goes, valid or not (the evidence checklist works from it). */
  draft: InsuranceClaimInput;
  /** The form was submitted with its button, so every missing field is flagged. */
  submitted: boolean;
  /** Anything at all in the query (a first visit has nothing). */
  touched: boolean;
}

// C0/C1 control characters other than tab and newline, plus bidi overrides and isolates.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

function readClean(params: URLSearchParams, key: string, max: number, multiline = false): string {
  const raw = (params.get(key) ?? "").slice(0, max + 1).replace(/\r\n?/g, "\n");
  const text = raw.replace(CONTROL, "").replace(/\t/g, " ");
  return (multiline ? text : text.replace(/\n+/g, " ")).trim();
}

/** Today's date as the US host sees it (Pacific time, the latest US mainland zone). */
export function todayIso(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Los_Angeles",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return formatIsoDate({ year: part("year"), month: part("month"), day: part("day") });
}

/**
 * The charge rows as typed, the charges they make, and how many rows the form shows. A row counts
 * when either cell is filled; empty rows are ignored. Errors and the validator's paths are added to
 * `errors` and `pathToParam`.
 */
function readChargeRows(
  params: URLSearchParams,
  errors: Record<string, string>,
  pathToParam: Record<string, string>,
) {
  const rows: ChargeRow[] = [];
  const charges: ClaimCharge[] = [];
  let lastFilled = -1;
  for (let row = 0; row < MAX_CHARGE_ROWS; row += 1) {
    const names = chargeParams(row);
    const label = readClean(params, names.label, 200);
    const amountText = readClean(params, names.amount, 40);
    rows.push({ label, amount: amountText });
    if (label === "" && amountText === "") continue;
    lastFilled = row;
    const charge = charges.length;
    pathToParam[`additionalCharges[${charge}].description`] = names.label;
    pathToParam[`additionalCharges[${charge}].amountCents`] = names.amount;
    const prefix = `Charge ${row + 1}: `;
    if (label.length > 200)
      errors[names.label] = `${prefix}keep the description under 200 characters.`;
    const amount = readMoney(params, names.amount, "The amount");
    let amountCents: Cents = Number.NaN;
    if (amount.error) errors[names.amount] = `${prefix}${lowerFirst(amount.error)}`;
    else if (amount.value === undefined) errors[names.amount] = `${prefix}enter the amount.`;
    else amountCents = amount.value;
    charges.push({ description: label, amountCents });
  }
  const requestedRows = params
    .getAll(ROWS_PARAM)
    .slice(0, 20)
    .map((value) => Number.parseInt(value, 10))
    .filter((value) => Number.isFinite(value));
  const rowCount = Math.min(MAX_CHARGE_ROWS, Math.max(1, lastFilled + 1, ...requestedRows));
  return { rows, charges, rowCount };
}

/**
 * The form's values, the charge rows, the errors and, when everything is valid, the letter input.
 * `today` (ISO) is the letter date when none was given.
 */
export function parseClaimLetterQuery(params: URLSearchParams, today: string): ClaimLetterQuery {
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  const pathToParam: Record<string, string> = {};

  for (const field of CLAIM_TEXT_FIELDS) {
    const text = readClean(params, field.param, field.max, field.type === "textarea");
    values[field.param] = text;
    pathToParam[field.path] = field.param;
    if (field.type !== "date" && text.length > field.max) {
      errors[field.param] =
        `${field.label.replace(/ \(.*\)$/, "")}: keep it under ${field.max.toLocaleString("en-US")} characters.`;
    }
  }
  if (!values.letterDate) values.letterDate = today;

  values[ESTIMATE_PARAM] = readClean(params, ESTIMATE_PARAM, 40);
  const estimate = readMoney(params, ESTIMATE_PARAM, "Repair estimate", 0);
  if (estimate.error) errors[ESTIMATE_PARAM] = estimate.error;
  pathToParam.repairEstimateCents = ESTIMATE_PARAM;

  const guestPlanRaw = readClean(params, GUEST_PLAN_PARAM, 40);
  const guestPlan: GuestPlanId | "" = isGuestPlanId(guestPlanRaw) ? guestPlanRaw : "";
  if (guestPlanRaw !== "" && guestPlan === "") {
    errors[GUEST_PLAN_PARAM] = "Choose the guest's protection plan, or leave it blank.";
  }

  const evidence: Partial<Record<EvidenceItemId, boolean>> = {};
  for (const id of params.getAll(EVIDENCE_PARAM)) {
    if ((EVIDENCE_ITEM_IDS as readonly string[]).includes(id))
      evidence[id as EvidenceItemId] = true;
  }

  const { rows, charges, rowCount } = readChargeRows(params, errors, pathToParam);

  const draft: InsuranceClaimInput = {
    host: {
      name: values.hostName ?? "",
      businessName: values.business,
      email: values.hostEmail ?? "",
      phone: values.hostPhone,
      address: values.hostAddress,
    },
    guest: { name: values.guestName ?? "", email: values.guestEmail, phone: values.guestPhone },
    insurer: {
      name: values.insurer ?? "",
      policyNumber: values.policy ?? "",
      claimNumber: values.claimNo,
      email: values.insurerEmail,
      address: values.insurerAddress,
    },
    vehicle: {
      description: values.vehicle ?? "",
      vin: values.vin,
      licensePlate: values.plate,
    },
    trip: {
      reservationId: values.reservation ?? "",
      startDate: values.tripStart ?? "",
      endDate: values.tripEnd ?? "",
    },
    incident: {
      date: values.incidentDate ?? "",
      location: values.location,
      description: values.description ?? "",
      policeReportNumber: values.police,
    },
    repairEstimateCents: estimate.value ?? Number.NaN,
    repairShop: values.shop,
    additionalCharges: charges,
    ...(guestPlan !== "" && { guestPlan }),
    letterDate: values.letterDate,
    evidence,
  };

  for (const [path, message] of Object.entries(validateInsuranceClaimInput(draft))) {
    if (!message) continue;
    const param = pathToParam[path] ?? path;
    const isCharge = param.startsWith("c") && param.includes(".");
    const row = isCharge ? Number(param.slice(1, param.indexOf("."))) : 0;
    errors[param] ??= isCharge ? `Charge ${row + 1}: ${lowerFirst(message)}` : message;
  }

  const valid = Object.keys(errors).length === 0;
  return {
    values,
    rows: rows.slice(0, rowCount),
    guestPlan,
    evidence,
    errors,
    input: valid ? draft : null,
    draft,
    submitted: params.has(SUBMIT_PARAM),
    touched: hasQuery(params),
  };
}
