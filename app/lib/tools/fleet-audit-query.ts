/**
 * The Fleet Audit Calculator's form ↔ query string, and what its CSV import shares with the page
 * (fields, limits, messages; `fleet-audit-import.server.ts` reads the upload).
 *
 * One car per form row, with indexed params: `v0.name`, `v0.price`, `v0.util`, `v0.plan`, … The
 * same pure `parseFleetAuditQuery` runs on the server (JavaScript off, shared links) and in the
 * browser (live answers), so both always show the same numbers.
 *
 * Buttons work without JavaScript because they are plain GET submits of the whole form:
 * - "Add a car" sends `rows=<count + 1>`: one more (empty) row, everything typed kept.
 * - "Remove" sends `remove=<index>`: that row is dropped and the rows after it move up.
 * Rows left completely empty are skipped, so adding a row never shows errors by itself.
 *
 * Query strings are hostile: values are length-capped, indexes are bounded, nothing throws.
 */
import {
  FLEET_AUDIT_DEFAULT_OPTIONS,
  FLEET_VEHICLE_DEFAULTS,
  MAX_VEHICLE_NAME_LENGTH,
  prefillFleetVehicles,
  validateFleetAudit,
  validateFleetVehicle,
  type EarningsCsvSummary,
  type FleetAuditOptions,
  type FleetVehicleField,
  type FleetVehicleInput,
} from "~/domain/fleet-audit";
import { isHostPlanId, type HostPlanId } from "~/domain/marketplace-rules";
import { formatNumber } from "~/domain/money";
import { centsToInput, readMoney, readNumber, readText } from "./query-params";

/** Most cars one audit page holds (the form has 11 inputs per car). */
export const MAX_AUDIT_ROWS = 25;
export const DEFAULT_HOST_PLAN: HostPlanId = 75;
export const DAMAGE_RATE_PARAM = "damageRate";
export const ROWS_PARAM = "rows";
export const REMOVE_PARAM = "remove";
export const IMPORTED_PARAM = "imported";

export type RowParam =
  | "name"
  | "price"
  | "util"
  | "plan"
  | "fin"
  | "ins"
  | "dep"
  | "maint"
  | "clean"
  | "tolls"
  | "repair";

export interface RowFieldSpec {
  param: RowParam;
  key: FleetVehicleField;
  label: string;
  kind: "text" | "money" | "percent" | "plan";
  /** Part of the monthly costs group. */
  monthlyCost?: boolean;
}

export const ROW_FIELDS: readonly RowFieldSpec[] = [
  { param: "name", key: "name", label: "Car", kind: "text" },
  { param: "price", key: "dailyPriceCents", label: "Daily price", kind: "money" },
  { param: "util", key: "utilizationPercent", label: "Utilization", kind: "percent" },
  { param: "plan", key: "hostPlan", label: "Host protection plan", kind: "plan" },
  {
    param: "fin",
    key: "financingMonthlyCents",
    label: "Financing",
    kind: "money",
    monthlyCost: true,
  },
  {
    param: "ins",
    key: "insuranceMonthlyCents",
    label: "Insurance",
    kind: "money",
    monthlyCost: true,
  },
  {
    param: "dep",
    key: "depreciationMonthlyCents",
    label: "Depreciation",
    kind: "money",
    monthlyCost: true,
  },
  {
    param: "maint",
    key: "maintenanceMonthlyCents",
    label: "Maintenance",
    kind: "money",
    monthlyCost: true,
  },
  {
    param: "clean",
    key: "cleaningMonthlyCents",
    label: "Cleaning",
    kind: "money",
    monthlyCost: true,
  },
  {
    param: "tolls",
    key: "tollsMonthlyCents",
    label: "Unreimbursed tolls",
    kind: "money",
    monthlyCost: true,
  },
  { param: "repair", key: "averageRepairCostCents", label: "Average repair cost", kind: "money" },
];

// `@__PURE__` (here and on EXAMPLE_ROW) lets the bundler leave these out of a browser bundle that
// doesn't read them, which it can't tell of a call by itself.
const ROW_PARAMS = /* @__PURE__ */ new Set<string>(ROW_FIELDS.map((field) => field.param));
/** Fields that always carry a value (a select, a sourced default), so they don't make a row "started". */
const DEFAULTED_PARAMS = new Set<RowParam>(["plan", "repair"]);

/** The query key of one row's field: rowParamKey(2, "price") → "v2.price". */
export function rowParamKey(index: number, param: RowParam): string {
  return `v${index}.${param}`;
}

/** Canonical row keys only ("v0.price", not "v00.price"), so one field has one spelling. */
const ROW_KEY = /^v(0|[1-9]\d{0,5})\.([a-z]{1,10})$/;

export type RowValues = Record<RowParam, string>;

/** The example a first visit shows (labeled as one on the page). */
export const EXAMPLE_ROW: RowValues = {
  name: "Example: 2020 Toyota Camry",
  price: "60",
  util: "50",
  plan: "75",
  fin: "350",
  ins: "120",
  dep: "150",
  maint: "50",
  clean: "60",
  tolls: "10",
  repair: /* @__PURE__ */ centsToInput(FLEET_VEHICLE_DEFAULTS.averageRepairCostCents),
};

function emptyRow(plan: string): RowValues {
  return {
    name: "",
    price: "",
    util: "",
    plan,
    fin: "",
    ins: "",
    dep: "",
    maint: "",
    clean: "",
    tolls: "",
    repair: centsToInput(FLEET_VEHICLE_DEFAULTS.averageRepairCostCents),
  };
}

export interface FleetRowState {
  /** Position in the form after any removal (the params it renders with). */
  index: number;
  values: RowValues;
  errors: Partial<Record<RowParam, string>>;
  /** Nothing typed: skipped, never an error. */
  blank: boolean;
  /** The calculator input when the row is filled in and valid. */
  input: FleetVehicleInput | null;
}

export interface FleetAuditQuery {
  rows: FleetRowState[];
  damageRate: { value: string; error?: string };
  /** Problems with the form as a whole (shown above it). */
  formErrors: string[];
  /** Things the host should know that are not errors. */
  notices: string[];
  /** A first visit: the example row is showing. */
  isExample: boolean;
  /** The earnings export's period when the rows came from a CSV import. */
  imported: { start: string; end: string } | null;
  /** Valid, non-blank rows, in form order, with their form indexes. */
  vehicles: FleetVehicleInput[];
  vehicleRowIndexes: number[];
  options: FleetAuditOptions | null;
  /** No errors anywhere (the loader answers 200, else 400). */
  valid: boolean;
  /** Another row fits. */
  canAddRow: boolean;
  /** The `rows` param asked for a new row: focus it. */
  addedRowIndex: number | null;
}

/** A whole number in [min, max] from the query, or null. */
function readWhole(params: URLSearchParams, key: string, min: number, max: number): number | null {
  const { value } = readNumber(params, key, key);
  if (value === undefined || !Number.isInteger(value) || value < min || value > max) return null;
  return value;
}

function readImported(params: URLSearchParams): FleetAuditQuery["imported"] {
  const match = /^(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})$/.exec(
    readText(params, IMPORTED_PARAM, 21),
  );
  return match ? { start: match[1] ?? "", end: match[2] ?? "" } : null;
}

function isFleetQuery(params: URLSearchParams): boolean {
  for (const key of params.keys()) {
    if (ROW_KEY.test(key)) return true;
    if ([DAMAGE_RATE_PARAM, ROWS_PARAM, REMOVE_PARAM, IMPORTED_PARAM].includes(key)) return true;
  }
  return false;
}

const REQUIRED_MESSAGES: Partial<Record<RowParam, string>> = {
  name: "Give the car a name.",
  price: "Enter the average daily price guests pay.",
  util: "Enter the utilization: the share of days the car is booked.",
};

/** Reads one row's typed values into a calculator input, with a message per bad field. */
function readRow(index: number, values: RowValues): FleetRowState {
  const blank = ROW_FIELDS.every(
    (field) => DEFAULTED_PARAMS.has(field.param) || values[field.param].trim() === "",
  );
  if (blank) return { index, values, errors: {}, blank, input: null };

  const params = new URLSearchParams(values);
  const errors: Partial<Record<RowParam, string>> = {};
  const input: Partial<Record<FleetVehicleField, unknown>> = {};
  for (const field of ROW_FIELDS) {
    const typed = values[field.param].trim();
    const required = REQUIRED_MESSAGES[field.param];
    if (typed === "" && required) {
      errors[field.param] = required;
      continue;
    }
    if (field.kind === "text") {
      input[field.key] = typed;
    } else if (field.kind === "plan") {
      const plan = Number(typed);
      if (isHostPlanId(plan)) input[field.key] = plan;
      else errors[field.param] = "Choose the host protection plan.";
    } else {
      const fallback = field.param === "repair" ? FLEET_VEHICLE_DEFAULTS.averageRepairCostCents : 0;
      const parsed =
        field.kind === "money"
          ? readMoney(params, field.param, field.label, fallback)
          : readNumber(params, field.param, field.label, fallback);
      if (parsed.error) errors[field.param] = parsed.error;
      else input[field.key] = parsed.value;
    }
  }
  const domainErrors = validateFleetVehicle(input);
  for (const field of ROW_FIELDS) {
    const message = domainErrors[field.key];
    if (message) errors[field.param] ??= message;
  }
  const valid = Object.keys(errors).length === 0;
  return {
    index,
    values,
    errors,
    blank,
    input: valid ? { ...(input as unknown as FleetVehicleInput), name: String(input.name) } : null,
  };
}

function exampleQuery(): FleetAuditQuery {
  const row = readRow(0, { ...EXAMPLE_ROW });
  return {
    rows: [row],
    damageRate: { value: String(FLEET_AUDIT_DEFAULT_OPTIONS.monthlyDamageRatePercent) },
    formErrors: [],
    notices: [],
    isExample: true,
    imported: null,
    vehicles: row.input ? [row.input] : [],
    vehicleRowIndexes: [0],
    options: FLEET_AUDIT_DEFAULT_OPTIONS,
    valid: true,
    canAddRow: true,
    addedRowIndex: null,
  };
}

/** The form's rows (as typed) and, for every filled-in valid row, the calculator input. */
export function parseFleetAuditQuery(params: URLSearchParams): FleetAuditQuery {
  if (!isFleetQuery(params)) return exampleQuery();

  const formErrors: string[] = [];
  const notices: string[] = [];

  // How many rows: the highest row index used, or more when "Add a car" asked for it.
  let highestIndex = -1;
  let droppedRows = false;
  for (const [key, value] of params) {
    const match = ROW_KEY.exec(key);
    if (!match || !ROW_PARAMS.has(match[2] ?? "")) continue;
    const index = Number(match[1]);
    if (index >= MAX_AUDIT_ROWS) {
      const param = match[2] as RowParam;
      if (!DEFAULTED_PARAMS.has(param) && value.trim() !== "") droppedRows = true;
      continue;
    }
    highestIndex = Math.max(highestIndex, index);
  }
  const requested = readWhole(params, ROWS_PARAM, 1, Number.POSITIVE_INFINITY);
  if (droppedRows) {
    formErrors.push(
      `This page audits up to ${MAX_AUDIT_ROWS} cars at a time, so the cars after the ${MAX_AUDIT_ROWS}th were left out. Audit the rest on a second page.`,
    );
  }
  if (requested !== null && requested > MAX_AUDIT_ROWS) {
    notices.push(
      `That's the most one audit holds: ${MAX_AUDIT_ROWS} cars. Audit more cars on a second page.`,
    );
  }
  const rowCount = Math.min(MAX_AUDIT_ROWS, Math.max(1, highestIndex + 1, requested ?? 0));

  const firstPlan = readText(params, rowParamKey(0, "plan"), 10);
  const newRowPlan = isHostPlanId(Number(firstPlan)) ? firstPlan : String(DEFAULT_HOST_PLAN);
  let rawRows: RowValues[] = [];
  for (let index = 0; index < rowCount; index++) {
    const row = emptyRow(newRowPlan);
    for (const field of ROW_FIELDS) {
      const key = rowParamKey(index, field.param);
      if (!params.has(key)) continue;
      // Names may be over the limit so the error can say so; nothing else is long.
      row[field.param] = readText(
        params,
        key,
        field.kind === "text" ? MAX_VEHICLE_NAME_LENGTH * 2 : 40,
      );
    }
    rawRows.push(row);
  }

  const remove = readWhole(params, REMOVE_PARAM, 0, rowCount - 1);
  if (remove !== null && rawRows.length > 1) {
    rawRows = rawRows.filter((_, index) => index !== remove);
  }

  const rows = rawRows.map((values, index) => readRow(index, values));
  const filled = rows.filter((row) => !row.blank);
  if (filled.length === 0) {
    formErrors.push("Enter at least one car: its name, average daily price and utilization.");
  }

  const rateText = readText(params, DAMAGE_RATE_PARAM, 40);
  const rate = readNumber(
    params,
    DAMAGE_RATE_PARAM,
    "Monthly damage rate",
    FLEET_AUDIT_DEFAULT_OPTIONS.monthlyDamageRatePercent,
  );
  const rateError =
    rate.error ??
    validateFleetAudit([], { monthlyDamageRatePercent: rate.value }).monthlyDamageRatePercent;
  const options =
    rateError || rate.value === undefined ? null : { monthlyDamageRatePercent: rate.value };

  const validRows = rows.filter((row) => row.input !== null);
  const rowErrors = rows.some((row) => Object.keys(row.errors).length > 0);
  const addedRowIndex =
    requested !== null && requested <= MAX_AUDIT_ROWS && requested === rows.length
      ? requested - 1
      : null;

  return {
    rows,
    damageRate: {
      value: params.has(DAMAGE_RATE_PARAM)
        ? rateText
        : String(FLEET_AUDIT_DEFAULT_OPTIONS.monthlyDamageRatePercent),
      ...(rateError ? { error: rateError } : {}),
    },
    formErrors,
    notices,
    isExample: false,
    imported: readImported(params),
    vehicles: validRows.map((row) => row.input as FleetVehicleInput),
    vehicleRowIndexes: validRows.map((row) => row.index),
    options,
    valid: formErrors.length === 0 && !rowErrors && !rateError,
    canAddRow: rows.length < MAX_AUDIT_ROWS,
    addedRowIndex,
  };
}

/** The query string for rows of calculator input (zero monthly costs are left blank). */
export function serializeFleetAuditQuery(
  vehicles: readonly FleetVehicleInput[],
  extra: { damageRatePercent?: number; imported?: { start: string; end: string } } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  vehicles.slice(0, MAX_AUDIT_ROWS).forEach((vehicle, index) => {
    for (const field of ROW_FIELDS) {
      const value = vehicle[field.key];
      let text: string;
      if (field.kind === "text" || field.kind === "plan") text = String(value);
      else if (field.kind === "percent") text = String(value);
      else if (field.monthlyCost && value === 0) continue;
      else text = centsToInput(value as number);
      params.set(rowParamKey(index, field.param), text);
    }
  });
  if (
    extra.damageRatePercent !== undefined &&
    extra.damageRatePercent !== FLEET_AUDIT_DEFAULT_OPTIONS.monthlyDamageRatePercent
  ) {
    params.set(DAMAGE_RATE_PARAM, String(extra.damageRatePercent));
  }
  if (extra.imported) {
    params.set(IMPORTED_PARAM, `${extra.imported.start}_${extra.imported.end}`);
  }
  return params;
}

// ─── CSV import ─────────────────────────────────────────────────────────────────────────────────

/** Largest earnings export the import accepts (a year of trips for a large fleet is well under). */
export const MAX_CSV_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Pasted text echoed back into the box after an error (longer pastes are not echoed). */
export const MAX_ECHOED_PASTE_CHARACTERS = 100_000;

export const CSV_FIELDS = { file: "csvFile", text: "csvText", plan: "importPlan" } as const;

export const CSV_MESSAGES = {
  unreadable: "We couldn't read that file. Save it as CSV and try again.",
  tooLarge:
    "That file is over 2 MB. Export a shorter date range (a few months is plenty) and try again.",
  missing: "Choose your earnings CSV file, or paste its contents into the box.",
} as const;

/** Longest query string an import redirects to (Node refuses request heads over 16 KB). */
export const MAX_IMPORT_QUERY_LENGTH = 8_000;

function shortenName(name: string, max: number): string {
  const characters = [...name];
  return characters.length <= max
    ? name
    : `${characters
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

/** Where an import sends the host: the audit with one row per car, and what to tell them. */
export function importRedirect(
  summary: EarningsCsvSummary,
  hostPlan: HostPlanId,
  damageRatePercent?: number,
): { search: string; title: string; description: string } {
  const vehicles = prefillFleetVehicles(summary.vehicles.slice(0, MAX_AUDIT_ROWS), {
    hostPlan,
    financingMonthlyCents: 0,
    insuranceMonthlyCents: 0,
    depreciationMonthlyCents: 0,
    maintenanceMonthlyCents: 0,
    cleaningMonthlyCents: 0,
    tollsMonthlyCents: 0,
    averageRepairCostCents: FLEET_VEHICLE_DEFAULTS.averageRepairCostCents,
  });
  const serialize = () =>
    serializeFleetAuditQuery(vehicles, {
      damageRatePercent,
      imported: { start: summary.period.start, end: summary.period.end },
    }).toString();
  // The rows travel in the page address; keep it short enough for every browser and server.
  let search = serialize();
  let shortened = false;
  for (const maxName of [60, 40, 24]) {
    if (search.length <= MAX_IMPORT_QUERY_LENGTH) break;
    for (const vehicle of vehicles) vehicle.name = shortenName(vehicle.name, maxName);
    shortened = true;
    search = serialize();
  }
  while (search.length > MAX_IMPORT_QUERY_LENGTH && vehicles.length > 1) {
    vehicles.pop();
    search = serialize();
  }
  const cars = vehicles.length === 1 ? "1 car" : `${vehicles.length} cars`;
  const trips = summary.tripsRead === 1 ? "1 trip" : `${formatNumber(summary.tripsRead)} trips`;
  const notes = [
    `Read ${trips} from ${summary.period.start} to ${summary.period.end}. Now add each car's monthly costs.`,
    summary.vehicles.length > MAX_AUDIT_ROWS
      ? `Your file has ${summary.vehicles.length} cars; the first ${MAX_AUDIT_ROWS} by name are filled in.`
      : null,
    vehicles.length < Math.min(summary.vehicles.length, MAX_AUDIT_ROWS)
      ? `Only the first ${vehicles.length} cars fit in the page address; audit the rest separately.`
      : null,
    shortened ? "Long car names were shortened." : null,
    ...summary.warnings,
  ].filter((note): note is string => note !== null);
  let description = notes.join(" ");
  if (description.length > 500) description = `${description.slice(0, 497)}…`;
  return { search, title: `Imported ${cars} from your earnings export`, description };
}
