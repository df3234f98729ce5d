/**
 * Filling a guest message template: the trip stages, the variables a template can ask for, and
 * the {{variable}} substitution. No template text here, so the browser fills the templates the
 * loader sent without downloading them all as code.
 */
export const TRIP_STAGES = [
  { id: "booking", label: "Booking", beforeTripStart: true },
  { id: "pre-pickup", label: "Before pickup", beforeTripStart: true },
  { id: "on-trip", label: "During the trip", beforeTripStart: false },
  { id: "post-trip", label: "After the trip", beforeTripStart: false },
  { id: "charges", label: "Damage, tolls and fees", beforeTripStart: false },
] as const;

export type TripStageId = (typeof TRIP_STAGES)[number]["id"];

/** Everything a template can ask for, in the order a form shows the fields. */
export const TEMPLATE_VARIABLES = {
  guestName: { label: "Guest name", example: "Alex" },
  hostName: { label: "Your name", example: "Sam" },
  vehicle: { label: "Car", example: "2022 Tesla Model 3" },
  tripStart: { label: "Pickup time", example: "Fri, Jun 5 at 10:00 AM" },
  tripEnd: { label: "Return time", example: "Mon, Jun 8 at 10:00 AM" },
  location: { label: "Pickup and return place", example: "123 Main St, San Jose" },
  returnLevel: { label: "Fuel or charge to return with", example: "a full tank" },
  returnedLevel: { label: "Fuel or charge it came back with", example: "a quarter tank" },
  refuelCost: { label: "Refuel or recharge cost", example: "$42.10" },
  damageDescription: { label: "Damage found", example: "a 4-inch scrape on the rear bumper" },
  tollTotal: { label: "Toll total", example: "$18.40" },
  smokingFee: { label: "Smoking fee requested", example: "$150 (odor with evidence)" },
  cleaningIssue: { label: "Cleaning issue", example: "sand and pet hair throughout the cabin" },
  cleaningFee: { label: "Cleaning fee requested", example: "$75" },
} as const satisfies Record<string, { label: string; example: string }>;

export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

/** The variables every trip has; the form asks for these once, up front. */
export const COMMON_TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  "guestName",
  "hostName",
  "vehicle",
  "tripStart",
  "tripEnd",
  "location",
];

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

function isTemplateVariable(key: string): key is TemplateVariable {
  return Object.hasOwn(TEMPLATE_VARIABLES, key);
}

/** The variables a template uses, in order of first appearance. */
export function templateVariables(template: { body: string }): TemplateVariable[] {
  const found = [...template.body.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? "")
    .filter(isTemplateVariable);
  return [...new Set(found)];
}

/** The variables a template uses that have no value yet. */
export function missingVariables(
  template: { body: string },
  values: TemplateValues,
): TemplateVariable[] {
  return templateVariables(template).filter((key) => !values[key]?.trim());
}

/**
 * The message with every {{variable}} replaced by its value. Missing (or blank) values become a
 * visible placeholder such as "[Guest name]", so a half-filled message can't be mistaken for a
 * finished one. Values are inserted literally, in one pass: a value containing "{{…}}" is not
 * expanded again.
 */
export function fillTemplate(template: { body: string }, values: TemplateValues): string {
  return template.body.replace(PLACEHOLDER, (placeholder, key: string) => {
    if (!isTemplateVariable(key)) return placeholder;
    const value = values[key]?.trim();
    return value ? value : `[${TEMPLATE_VARIABLES[key].label}]`;
  });
}
