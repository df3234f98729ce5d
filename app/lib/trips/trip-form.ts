/**
 * The one validation of a trip typed by hand (the trip form: local date and time in the trip's
 * zone) or posted to the API (ISO 8601 times, with an offset or local in `timeZone`). Both end
 * as a TripInput and a vehicle id; the domain's `tripProblems` adds the rules across fields.
 */
import { z } from "zod";
import { tripInstant } from "~/domain/trips/trip-csv";
import { GUEST_PLAN_IDS } from "~/domain/marketplace-rules";
import {
  MAX_MILES,
  reservationIdSchema,
  statusByTime,
  timeZoneSchema,
  TRIP_STATUSES,
  tripProblems,
  type TripInput,
} from "~/domain/trips/trip";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Keep the ${label} under ${max} characters.`)
    .optional()
    .nullable()
    .transform((value) => value || null);

const miles = z
  .union([z.number(), z.string().trim()])
  .optional()
  .nullable()
  .transform((value, context) => {
    if (value === undefined || value === null || value === "") return null;
    const number = typeof value === "number" ? value : Number(value.replace(/,/g, ""));
    if (!Number.isInteger(number) || number < 0 || number > MAX_MILES) {
      context.addIssue({ code: "custom", message: "Enter whole miles, from 0 to 2,000,000." });
      return z.NEVER;
    }
    return number;
  });

const cents = z
  .union([z.number(), z.string().trim()])
  .optional()
  .nullable()
  .transform((value, context) => {
    if (value === undefined || value === null || value === "") return null;
    const number = typeof value === "number" ? value : Number(value);
    if (!Number.isInteger(number) || number < 0 || number > 100_000_000) {
      context.addIssue({ code: "custom", message: "Enter the earnings in whole cents." });
      return z.NEVER;
    }
    return number;
  });

const common = {
  reservationId: reservationIdSchema,
  vehicleId: z.string({ error: "Choose the car." }).trim().min(1, "Choose the car.").max(100),
  guestName: optionalText(120, "guest's name"),
  timeZone: timeZoneSchema,
  pickupLocation: optionalText(200, "pickup location"),
  returnLocation: optionalText(200, "return location"),
  odometerStart: miles,
  odometerEnd: miles,
  distanceMiles: miles,
  status: z
    .enum(TRIP_STATUSES, { error: "Choose booked, in progress, completed or canceled." })
    .optional(),
  guestPlan: z.preprocess(
    (value) => (value === "" ? null : value),
    z
      .enum(GUEST_PLAN_IDS, { error: "Choose the guest's protection plan from the list." })
      .nullable()
      .optional(),
  ),
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const isoTime = (label: string) =>
  z
    .string({ error: `Enter the ${label} as ISO 8601, e.g. 2026-11-20T10:00:00-07:00.` })
    .trim()
    .regex(ISO_TIME, `Enter the ${label} as ISO 8601, e.g. 2026-11-20T10:00:00-07:00.`);

/** POST /api/trips: JSON. */
export const tripApiSchema = z.object({
  ...common,
  startAt: isoTime("trip start"),
  endAt: isoTime("trip end"),
  earningsCents: cents,
});

/** The trip form: the local date and time of pickup and return, in the chosen zone. */
export const tripFormSchema = z.object({
  ...common,
  // "Work it out from the dates" posts an empty status.
  status: z.preprocess((value) => (value === "" ? undefined : value), common.status),
  startDate: z
    .string({ error: "Enter the pickup date." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the pickup date."),
  startTime: z
    .string({ error: "Enter the pickup time." })
    .regex(/^\d{2}:\d{2}$/, "Enter the pickup time."),
  endDate: z
    .string({ error: "Enter the return date." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the return date."),
  endTime: z
    .string({ error: "Enter the return time." })
    .regex(/^\d{2}:\d{2}$/, "Enter the return time."),
  earnings: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const number = Number(value.replace(/[$,\s]/g, ""));
      if (!Number.isFinite(number) || number < 0 || number > 1_000_000) {
        context.addIssue({
          code: "custom",
          message: "Enter the earnings in dollars, e.g. 212.50.",
        });
        return z.NEVER;
      }
      return Math.round(number * 100);
    }),
});

export type TripCheck =
  | { ok: true; trip: TripInput; vehicleId: string }
  | { ok: false; fieldErrors: Record<string, string> };

function finish(
  value: z.output<typeof tripApiSchema> | z.output<typeof tripFormSchema>,
  startAt: number | null,
  endAt: number | null,
  earningsCents: number | null,
  now: number,
  timeFields: { start: string; end: string },
): TripCheck {
  const fieldErrors: Record<string, string> = {};
  if (startAt === null)
    fieldErrors[timeFields.start] = "That pickup time isn't a real date and time.";
  if (endAt === null) fieldErrors[timeFields.end] = "That return time isn't a real date and time.";
  if (startAt === null || endAt === null) return { ok: false, fieldErrors };
  const trip: TripInput = {
    reservationId: value.reservationId,
    guestName: value.guestName,
    startAt,
    endAt,
    timeZone: value.timeZone,
    pickupLocation: value.pickupLocation,
    returnLocation: value.returnLocation,
    odometerStart: value.odometerStart,
    odometerEnd: value.odometerEnd,
    distanceMiles:
      value.distanceMiles ??
      (value.odometerStart !== null &&
      value.odometerEnd !== null &&
      value.odometerEnd >= value.odometerStart
        ? value.odometerEnd - value.odometerStart
        : null),
    earningsCents,
    status: value.status ?? statusByTime(startAt, endAt, now),
    guestPlan: value.guestPlan ?? null,
  };
  for (const [field, message] of Object.entries(tripProblems(trip))) {
    fieldErrors[field === "endAt" ? timeFields.end : field] = message;
  }
  return Object.keys(fieldErrors).length > 0
    ? { ok: false, fieldErrors }
    : { ok: true, trip, vehicleId: value.vehicleId };
}

export function checkApiTrip(value: z.output<typeof tripApiSchema>, now: number): TripCheck {
  return finish(
    value,
    tripInstant(value.startAt, value.timeZone),
    tripInstant(value.endAt, value.timeZone),
    value.earningsCents,
    now,
    { start: "startAt", end: "endAt" },
  );
}

export function checkFormTrip(value: z.output<typeof tripFormSchema>, now: number): TripCheck {
  return finish(
    value,
    tripInstant(`${value.startDate} ${value.startTime}`, value.timeZone),
    tripInstant(`${value.endDate} ${value.endTime}`, value.timeZone),
    value.earnings,
    now,
    { start: "startDate", end: "endDate" },
  );
}
