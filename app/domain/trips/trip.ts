/**
 * A trip: one reservation of one car by one guest, from the marketplace's Trip Earnings export,
 * the JSON API or typed by hand. Times are instants (epoch ms) plus the IANA zone the trip
 * happened in, so every deadline counted from them is shown in local time.
 */
import { z } from "zod";
import { canonicalTimeZone } from "~/domain/zoned-time";

export const TRIP_STATUSES = ["booked", "in_progress", "completed", "canceled"] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

export const TRIP_STATUS_LABELS: Readonly<Record<TripStatus, string>> = {
  booked: "Booked",
  in_progress: "In progress",
  completed: "Completed",
  canceled: "Canceled",
};

/** A trip as a caller states it (before it is matched to a vehicle and stored). */
export interface TripInput {
  reservationId: string;
  guestName: string | null;
  startAt: number;
  endAt: number;
  timeZone: string;
  pickupLocation: string | null;
  returnLocation: string | null;
  odometerStart: number | null;
  odometerEnd: number | null;
  /** Miles driven, as the export says it (or end − start odometer). */
  distanceMiles: number | null;
  earningsCents: number | null;
  status: TripStatus;
  /** The guest's protection plan (GuestPlanId), when known. */
  guestPlan?: string | null;
}

export const MAX_RESERVATION_ID_LENGTH = 40;
export const MAX_MILES = 2_000_000;

/** The status a marketplace export writes, in our words; null when the text is unknown. */
export function tripStatusFromText(text: string): TripStatus | null {
  const value = text.trim().toLowerCase();
  if (/cancel/.test(value)) return "canceled";
  if (/(complete|ended|finished|returned|closed)/.test(value)) return "completed";
  if (/(in progress|in-progress|active|started|ongoing|on trip)/.test(value)) return "in_progress";
  if (/(booked|upcoming|confirmed|reserved|approved)/.test(value)) return "booked";
  return null;
}

/** Without a status: finished once its end has passed, else booked (or under way). */
export function statusByTime(startAt: number, endAt: number, now: number): TripStatus {
  if (endAt <= now) return "completed";
  return startAt <= now ? "in_progress" : "booked";
}

export const reservationIdSchema = z
  .string({ error: "Enter the reservation ID." })
  .trim()
  .min(1, "Enter the reservation ID.")
  .max(
    MAX_RESERVATION_ID_LENGTH,
    `A reservation ID has at most ${MAX_RESERVATION_ID_LENGTH} characters.`,
  )
  .regex(/^[A-Za-z0-9-]+$/, "A reservation ID has only letters, digits and dashes.");

export const timeZoneSchema = z
  .string({ error: "Choose a time zone." })
  .transform((value, context) => {
    const zone = canonicalTimeZone(value);
    if (!zone) {
      context.addIssue({ code: "custom", message: `"${value}" is not a time zone we know.` });
      return z.NEVER;
    }
    return zone;
  });

/** Checks what every way in agrees on; the messages name the field. */
export function tripProblems(trip: TripInput): Partial<Record<keyof TripInput, string>> {
  const problems: Partial<Record<keyof TripInput, string>> = {};
  if (!(trip.endAt > trip.startAt)) problems.endAt = "The trip must end after it starts.";
  if (trip.endAt - trip.startAt > 400 * 24 * 3600 * 1000) {
    problems.endAt = "A trip can't last more than 400 days.";
  }
  for (const field of ["odometerStart", "odometerEnd", "distanceMiles"] as const) {
    const value = trip[field];
    if (value !== null && !(Number.isInteger(value) && value >= 0 && value <= MAX_MILES)) {
      problems[field] = "Enter whole miles, from 0 to 2,000,000.";
    }
  }
  if (
    trip.odometerStart !== null &&
    trip.odometerEnd !== null &&
    !problems.odometerStart &&
    !problems.odometerEnd &&
    trip.odometerEnd < trip.odometerStart
  ) {
    problems.odometerEnd = "The odometer at return is lower than at pickup.";
  }
  return problems;
}

/** How an estimate's trip was set: by the host, or matched from the photos' times. */
export const TRIP_MATCH_BASES = ["host", "capture-times", "upload-times"] as const;
export type TripMatchBasis = (typeof TRIP_MATCH_BASES)[number];

/** The trip choosers' values besides a trip id: match the photos' times, or not for a trip. */
export const FIND_TRIP = "auto";
export const NO_TRIP = "none";
