/**
 * File with Guest's Insurance: a professional property-damage claim letter to the guest's auto
 * insurer, and the evidence checklist to send with it.
 *
 * The letter states facts (who rented what, when, what happened, what it costs) and asks the
 * insurer to open a claim. It makes no legal judgments about coverage or fault. Money is integer
 * cents; dates are ISO "YYYY-MM-DD" strings (the letter date is an input, so output is pure).
 */
import { marketplace } from "~/config/marketplace";
import {
  claimDeadlineRule,
  describeDuration,
  GUEST_PLANS,
  isGuestPlanId,
  TRIP_PHOTO_RULE,
  type GuestPlanId,
} from "./marketplace-rules";
import { formatCents, type Cents } from "./money";
import { checkNumber, assertValid, type FieldErrors, type NumberRule } from "./validation";
import { formatLongDate, parseIsoDate } from "./zoned-time";

export interface ClaimCharge {
  /** "Towing", "Loss of use (5 days)", "Diminished value appraisal"… */
  description: string;
  amountCents: Cents;
}

export const EVIDENCE_ITEM_IDS = [
  "pre-trip-photos",
  "post-trip-photos",
  "repair-estimate",
  "trip-receipt",
  "registration",
  "charge-receipts",
  "police-report",
  "damage-report",
  "guest-messages",
  "guest-insurance-details",
] as const;
export type EvidenceItemId = (typeof EVIDENCE_ITEM_IDS)[number];

export interface InsuranceClaimInput {
  host: { name: string; businessName?: string; email: string; phone?: string; address?: string };
  guest: { name: string; email?: string; phone?: string };
  insurer: {
    name: string;
    policyNumber: string;
    /** If the insurer already gave one. */
    claimNumber?: string;
    email?: string;
    address?: string;
  };
  vehicle: { description: string; vin?: string; licensePlate?: string };
  trip: { reservationId: string; startDate: string; endDate: string };
  incident: { date: string; location?: string; description: string; policeReportNumber?: string };
  repairEstimateCents: Cents;
  repairShop?: string;
  additionalCharges: ClaimCharge[];
  /** The protection plan the guest chose on the marketplace, if known. */
  guestPlan?: GuestPlanId;
  /** The date to print on the letter. */
  letterDate: string;
  /** Which evidence the host already has. */
  evidence?: Partial<Record<EvidenceItemId, boolean>>;
}

export const MAX_ADDITIONAL_CHARGES = 20;
export const MAX_DESCRIPTION_LENGTH = 4_000;
const MAX_SHORT_TEXT = 200;
const AMOUNT_RULE = (label: string): NumberRule => ({
  label,
  kind: "cents",
  min: 0,
  max: 10_000_000_00,
});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const clean = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

type Loose<T> = { [K in keyof T]?: unknown };

const group = <T>(value: unknown) => (value && typeof value === "object" ? value : {}) as Loose<T>;

/** The checks of one form's fields, each adding its message to `errors` under the field's path. */
function fieldChecks(errors: FieldErrors) {
  return {
    requireText(path: string, value: unknown, message: string, max = MAX_SHORT_TEXT) {
      const text = clean(value);
      if (text === "") errors[path] = message;
      else if (text.length > max)
        errors[path] = `Keep this under ${max.toLocaleString("en-US")} characters.`;
    },
    optionalText(path: string, value: unknown, max = MAX_SHORT_TEXT) {
      if (value !== undefined && typeof value !== "string") errors[path] = "Must be text.";
      else if (clean(value).length > max) errors[path] = `Keep this under ${max} characters.`;
    },
    requireDate(path: string, value: unknown, label: string) {
      const date = parseIsoDate(clean(value));
      if (!date) errors[path] = `Enter the ${label} as a real date (YYYY-MM-DD).`;
      return date ? clean(value) : null;
    },
  };
}

type LooseClaimInput = { [K in keyof InsuranceClaimInput]?: unknown };

/**
 * Field errors keyed by path ("host.email", "additionalCharges[1].amountCents"); empty when
 * the input is valid. Accepts loosely typed form data.
 */
export function validateInsuranceClaimInput(input: LooseClaimInput): FieldErrors {
  const errors: FieldErrors = {};
  checkParties(input, errors);
  const incidentDate = checkTripAndIncident(input, errors);
  checkAmounts(input, errors);

  if (input.guestPlan !== undefined && !isGuestPlanId(input.guestPlan)) {
    errors.guestPlan = "Choose the guest's protection plan, or leave it blank.";
  }
  const letterDate = fieldChecks(errors).requireDate("letterDate", input.letterDate, "letter date");
  if (letterDate && incidentDate && letterDate < incidentDate) {
    errors.letterDate = "The letter date is before the incident.";
  }
  return errors;
}

/** The host, the guest, the insurer and the car. */
function checkParties(input: LooseClaimInput, errors: FieldErrors) {
  const { requireText, optionalText } = fieldChecks(errors);
  const host = group<InsuranceClaimInput["host"]>(input.host);
  const guest = group<InsuranceClaimInput["guest"]>(input.guest);
  const insurer = group<InsuranceClaimInput["insurer"]>(input.insurer);
  const vehicle = group<InsuranceClaimInput["vehicle"]>(input.vehicle);

  requireText("host.name", host.name, "Enter your name.");
  optionalText("host.businessName", host.businessName);
  if (!EMAIL.test(clean(host.email))) errors["host.email"] = "Enter your email address.";
  optionalText("host.phone", host.phone, 40);
  optionalText("host.address", host.address, 300);

  requireText(
    "guest.name",
    guest.name,
    "Enter the guest's name (the insurer's policyholder or driver).",
  );
  optionalText("guest.phone", guest.phone, 40);
  if (clean(guest.email) !== "" && !EMAIL.test(clean(guest.email))) {
    errors["guest.email"] = "Check the guest's email address.";
  }

  requireText("insurer.name", insurer.name, "Enter the insurance company's name.");
  requireText("insurer.policyNumber", insurer.policyNumber, "Enter the guest's policy number.", 60);
  optionalText("insurer.claimNumber", insurer.claimNumber, 60);
  optionalText("insurer.address", insurer.address, 300);
  if (clean(insurer.email) !== "" && !EMAIL.test(clean(insurer.email))) {
    errors["insurer.email"] = "Check the insurer's email address.";
  }

  requireText("vehicle.description", vehicle.description, "Describe the car (year, make, model).");
  optionalText("vehicle.vin", vehicle.vin, 17);
  optionalText("vehicle.licensePlate", vehicle.licensePlate, 20);
}

/** The trip and the incident within it; returns the incident's date when it is a real one. */
function checkTripAndIncident(input: LooseClaimInput, errors: FieldErrors): string | null {
  const { requireText, optionalText, requireDate } = fieldChecks(errors);
  const trip = group<InsuranceClaimInput["trip"]>(input.trip);
  const incident = group<InsuranceClaimInput["incident"]>(input.incident);

  requireText("trip.reservationId", trip.reservationId, "Enter the reservation ID.", 60);
  const tripStart = requireDate("trip.startDate", trip.startDate, "trip start date");
  const tripEnd = requireDate("trip.endDate", trip.endDate, "trip end date");
  const tripDatesValid = tripStart !== null && tripEnd !== null && tripEnd >= tripStart;
  if (tripStart && tripEnd && !tripDatesValid) {
    errors["trip.endDate"] = "The trip end date is before the start date.";
  }

  // ISO dates compare correctly as strings.
  const incidentDate = requireDate("incident.date", incident.date, "incident date");
  if (incidentDate && tripDatesValid && (incidentDate < tripStart || incidentDate > tripEnd)) {
    errors["incident.date"] = "The incident date must fall within the trip dates.";
  }
  requireText(
    "incident.description",
    incident.description,
    "Describe what happened.",
    MAX_DESCRIPTION_LENGTH,
  );
  optionalText("incident.location", incident.location, 300);
  optionalText("incident.policeReportNumber", incident.policeReportNumber, 60);
  return incidentDate;
}

/** The repair estimate and the other charges: valid amounts, and not all zero. */
function checkAmounts(input: LooseClaimInput, errors: FieldErrors) {
  const { requireText, optionalText } = fieldChecks(errors);
  const estimateError = checkNumber(input.repairEstimateCents, AMOUNT_RULE("Repair estimate"));
  if (estimateError) errors.repairEstimateCents = estimateError;
  optionalText("repairShop", input.repairShop);

  const charges = Array.isArray(input.additionalCharges)
    ? (input.additionalCharges as unknown[])
    : [];
  if (input.additionalCharges !== undefined && !Array.isArray(input.additionalCharges)) {
    errors.additionalCharges = "Charges must be a list.";
  } else if (charges.length > MAX_ADDITIONAL_CHARGES) {
    errors.additionalCharges = `List at most ${MAX_ADDITIONAL_CHARGES} other charges.`;
  }
  charges.slice(0, MAX_ADDITIONAL_CHARGES).forEach((raw, index) => {
    const charge = group<ClaimCharge>(raw);
    requireText(
      `additionalCharges[${index}].description`,
      charge.description,
      "Describe the charge.",
    );
    const amountError = checkNumber(charge.amountCents, AMOUNT_RULE("The amount"));
    if (amountError) errors[`additionalCharges[${index}].amountCents`] = amountError;
  });
  if (!estimateError && !errors.additionalCharges) {
    const total =
      (input.repairEstimateCents as number) +
      charges.reduce<number>((sum, raw) => {
        const amount = group<ClaimCharge>(raw).amountCents;
        return sum + (typeof amount === "number" && Number.isFinite(amount) ? amount : 0);
      }, 0);
    if (total <= 0)
      errors.repairEstimateCents = "Enter the repair estimate or at least one charge.";
  }
}

// ─── Evidence checklist ─────────────────────────────────────────────────────────────────────────

export interface EvidenceItem {
  id: EvidenceItemId;
  label: string;
  /** Why it matters / what it must show. */
  detail: string;
  importance: "required" | "recommended";
  provided: boolean;
}

/** What to send with the letter, given this claim; `provided` comes from `input.evidence`. */
export function evidenceChecklist(input: InsuranceClaimInput): EvidenceItem[] {
  const reportWithin = describeDuration(claimDeadlineRule("report-damage").duration);
  const hasCharges = input.additionalCharges.length > 0;
  const policeReport = clean(input.incident.policeReportNumber);
  const items: Array<Omit<EvidenceItem, "provided"> | null> = [
    {
      id: "pre-trip-photos",
      label: "Pre-trip photos",
      detail: `Taken no more than ${TRIP_PHOTO_RULE.preTripMaxHoursBeforeStart} hours before the trip started, showing the car without this damage.`,
      importance: "required",
    },
    {
      id: "post-trip-photos",
      label: "Post-trip photos",
      detail: `Taken within ${TRIP_PHOTO_RULE.postTripMaxHoursAfterEnd} hours of the trip's end, showing the damage close up and from a distance.`,
      importance: "required",
    },
    {
      id: "repair-estimate",
      label: "Itemized repair estimate",
      detail: "From a repair shop, listing parts, labor hours and rates.",
      importance: "required",
    },
    {
      id: "trip-receipt",
      label: `${marketplace.name} trip receipt`,
      detail: `Shows reservation ${clean(input.trip.reservationId)}, the guest's name and the trip dates.`,
      importance: "required",
    },
    {
      id: "registration",
      label: "Vehicle registration or title",
      detail: "Shows that you own the car.",
      importance: "required",
    },
    hasCharges
      ? {
          id: "charge-receipts",
          label: "Receipts for the other charges",
          detail: `One for each charge in the letter: ${input.additionalCharges.map((charge) => clean(charge.description)).join(", ")}.`,
          importance: "required",
        }
      : null,
    {
      id: "police-report",
      label: "Police report",
      detail: policeReport
        ? `Report number ${policeReport}, as quoted in the letter.`
        : "If the police were involved (a collision with another party, theft or vandalism).",
      importance: policeReport ? "required" : "recommended",
    },
    {
      id: "damage-report",
      label: `${marketplace.name} damage report`,
      detail: `The confirmation that you reported the damage within ${reportWithin} of the trip's end.`,
      importance: "recommended",
    },
    {
      id: "guest-messages",
      label: "Messages with the guest",
      detail: `From ${marketplace.name} messaging: what the guest said about the incident.`,
      importance: "recommended",
    },
    {
      id: "guest-insurance-details",
      label: "Guest's insurance details",
      detail: "A copy of the insurance card or policy details the guest gave you.",
      importance: "recommended",
    },
  ];
  return items
    .filter((item) => item !== null)
    .map((item) => ({ ...item, provided: input.evidence?.[item.id] === true }));
}

// ─── Letter ─────────────────────────────────────────────────────────────────────────────────────

export interface LetterSection {
  heading: string;
  paragraphs: string[];
}

export interface LetterChargeLine {
  description: string;
  amountCents: Cents;
  /** "$1,234.56" */
  amount: string;
}

export interface ClaimLetter {
  /** "November 1, 2026" */
  date: string;
  senderLines: string[];
  recipientLines: string[];
  subject: string;
  /** The reference block an adjuster scans first. */
  references: Array<{ label: string; value: string }>;
  salutation: string;
  sections: LetterSection[];
  charges: { lines: LetterChargeLine[]; totalCents: Cents; total: string };
  /** Evidence the host marked as provided. */
  enclosures: string[];
  closing: string;
  signatureLines: string[];
}

const longDate = (iso: string) => {
  const date = parseIsoDate(iso);
  return date ? formatLongDate(date) : iso;
};

const present = (...values: Array<string | undefined>): string[] =>
  values.map(clean).filter((value) => value !== "");

/** Builds the letter. Throws `InvalidInputError` on invalid input. */
export function buildClaimLetter(input: InsuranceClaimInput): ClaimLetter {
  assertValid(validateInsuranceClaimInput(input), "insurance claim");
  const { host, guest, insurer, vehicle, trip, incident } = input;
  const guestName = clean(guest.name);
  const vehicleName = clean(vehicle.description);
  const policyNumber = clean(insurer.policyNumber);
  const claimNumber = clean(insurer.claimNumber);
  const policeReport = clean(incident.policeReportNumber);
  const tripDates = `${longDate(trip.startDate)} to ${longDate(trip.endDate)}`;

  const chargeLines: LetterChargeLine[] = [
    ...(input.repairEstimateCents > 0
      ? [
          {
            description: clean(input.repairShop)
              ? `Repair estimate (${clean(input.repairShop)})`
              : "Repair estimate",
            amountCents: input.repairEstimateCents,
          },
        ]
      : []),
    ...input.additionalCharges.map((charge) => ({
      description: clean(charge.description),
      amountCents: charge.amountCents,
    })),
  ].map((line) => ({ ...line, amount: formatCents(line.amountCents) }));
  const totalCents = chargeLines.reduce((sum, line) => sum + line.amountCents, 0);

  const opening = [
    `I am writing to submit a property damage claim under the auto policy of your insured, ${guestName} (policy ${policyNumber}). ${guestName} rented my ${vehicleName} through ${marketplace.name}, a peer-to-peer car-sharing marketplace, from ${tripDates} (reservation ${clean(trip.reservationId)}), and the car was damaged during that rental.`,
  ];
  if (input.guestPlan === "declined") {
    opening.push(
      `When booking, ${guestName} declined the protection plans offered by ${marketplace.name}, so I am directing this claim to their personal auto policy.`,
    );
  } else if (input.guestPlan) {
    opening.push(
      `When booking, ${guestName} chose the ${GUEST_PLANS[input.guestPlan].name} protection plan on ${marketplace.name}.`,
    );
  }

  const incidentParagraphs = [
    `Date of loss: ${longDate(incident.date)}${clean(incident.location) ? `, at ${clean(incident.location)}` : ""}.`,
    ...clean(incident.description)
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
      .filter((paragraph) => paragraph !== ""),
  ];
  if (policeReport) incidentParagraphs.push(`Police report number: ${policeReport}.`);

  const damagesParagraphs = [
    `The amounts claimed are itemized below and total ${formatCents(totalCents)}.${
      clean(input.repairShop)
        ? ` The repair estimate was prepared by ${clean(input.repairShop)}.`
        : ""
    }`,
  ];

  const request = [
    claimNumber
      ? `Please process this claim under claim number ${claimNumber}, confirm receipt, and let me know which adjuster is handling it and what else you need from me.`
      : "Please open a claim, confirm receipt with the claim number, and let me know which adjuster is handling it and what else you need from me.",
    "The car is available for inspection, and I can send the original photos with their capture times on request.",
  ];

  const enclosures = evidenceChecklist(input)
    .filter((item) => item.provided)
    .map((item) => item.label);

  return {
    date: longDate(input.letterDate),
    senderLines: present(host.name, host.businessName, host.address, host.phone, host.email),
    recipientLines: present(
      `${clean(insurer.name)}, Claims Department`,
      insurer.address,
      insurer.email,
    ),
    subject: `Property damage claim: ${vehicleName}, your insured ${guestName}, policy ${policyNumber}`,
    references: [
      { label: "Your insured", value: guestName },
      { label: "Policy number", value: policyNumber },
      ...(claimNumber ? [{ label: "Claim number", value: claimNumber }] : []),
      { label: "Date of loss", value: longDate(incident.date) },
      {
        label: "Vehicle",
        value: [
          vehicleName,
          clean(vehicle.vin) && `VIN ${clean(vehicle.vin)}`,
          clean(vehicle.licensePlate) && `plate ${clean(vehicle.licensePlate)}`,
        ]
          .filter(Boolean)
          .join(", "),
      },
      { label: `${marketplace.name} reservation`, value: clean(trip.reservationId) },
      { label: "Amount claimed", value: formatCents(totalCents) },
    ],
    salutation: `Dear ${clean(insurer.name)} Claims Team,`,
    sections: [
      { heading: "Claim", paragraphs: opening },
      { heading: "What happened", paragraphs: incidentParagraphs },
      { heading: "Damages", paragraphs: damagesParagraphs },
      { heading: "Request", paragraphs: request },
    ],
    charges: { lines: chargeLines, totalCents, total: formatCents(totalCents) },
    enclosures,
    closing: "Sincerely,",
    signatureLines: present(host.name, host.businessName, host.phone, host.email),
  };
}

/** The letter as plain text, for copying into an email or a PDF. */
export function claimLetterToText(letter: ClaimLetter): string {
  const width = Math.max(...letter.charges.lines.map((line) => line.description.length), 5);
  const chargeRow = (description: string, amount: string) =>
    `  ${description.padEnd(width)}  ${amount.padStart(14)}`;
  const blocks = [
    letter.senderLines.join("\n"),
    letter.date,
    letter.recipientLines.join("\n"),
    `Re: ${letter.subject}`,
    letter.references.map(({ label, value }) => `${label}: ${value}`).join("\n"),
    letter.salutation,
    ...letter.sections.flatMap((section) =>
      section.heading === "Damages"
        ? [
            ...section.paragraphs,
            [
              ...letter.charges.lines.map((line) => chargeRow(line.description, line.amount)),
              chargeRow("Total", letter.charges.total),
            ].join("\n"),
          ]
        : section.paragraphs,
    ),
    ...(letter.enclosures.length > 0
      ? [`Enclosures:\n${letter.enclosures.map((item) => `- ${item}`).join("\n")}`]
      : []),
    `${letter.closing}\n\n${letter.signatureLines.join("\n")}`,
  ];
  return `${blocks.join("\n\n")}\n`;
}
