/**
 * The booking automation's messages, drafted ahead of each trip from the guest message templates
 * and the host's knowledge base:
 *
 * - booking confirmation, as soon as a new booking is known (due within 2 hours);
 * - pickup instructions the day before (24 hours before the start, due 2 hours before it), with
 *   the host's answers on parking, fuel or charging, tolls, tires, mileage, cleaning and smoking;
 * - check-in at the start, the only message that may carry the key steps: access details go
 *   out once the trip has started, never before.
 */
import type { DraftPurpose } from "./draft";
import { KNOWLEDGE_TOPICS, type KnowledgeEntry, type KnowledgeTopic } from "./knowledge";

const HOUR = 3_600_000;

export type BookingMessage = Exclude<DraftPurpose, "reply">;

export const BOOKING_MESSAGE_LABELS: Readonly<Record<BookingMessage, string>> = {
  "booking-confirmation": "Booking confirmation",
  "pre-pickup": "Pickup instructions",
  "check-in": "Check-in and keys",
};

/** Only bookings made this recently get a confirmation (an imported history gets none). */
export const CONFIRM_BOOKINGS_MADE_WITHIN_MS = 48 * HOUR;

export interface BookingMessageSlot {
  purpose: BookingMessage;
  readyAt: number;
  deadlineAt: number;
}

/** When each booking message of a trip becomes ready and is due; none once the trip has started. */
export function bookingMessageSlots(
  trip: { startAt: number; bookedAt: number },
  now: number,
): BookingMessageSlot[] {
  if (trip.startAt <= now) return [];
  const slots: BookingMessageSlot[] = [];
  if (now - trip.bookedAt <= CONFIRM_BOOKINGS_MADE_WITHIN_MS) {
    slots.push({
      purpose: "booking-confirmation",
      readyAt: trip.bookedAt,
      deadlineAt: Math.min(trip.bookedAt + 2 * HOUR, trip.startAt),
    });
  }
  slots.push(
    {
      purpose: "pre-pickup",
      readyAt: Math.max(trip.startAt - 24 * HOUR, trip.bookedAt),
      deadlineAt: Math.max(trip.startAt - 2 * HOUR, trip.bookedAt),
    },
    { purpose: "check-in", readyAt: trip.startAt, deadlineAt: trip.startAt + 30 * 60_000 },
  );
  return slots;
}

/** The knowledge a pickup-instructions message carries: every topic but the key steps. */
export const PRE_PICKUP_TOPICS: readonly KnowledgeTopic[] = KNOWLEDGE_TOPICS.filter(
  (topic) => topic !== "key-steps",
);

/**
 * The host's entries for a booking message: where the car is in the confirmation, every answer
 * but the keys in the pickup instructions, the key steps only at check-in.
 */
export function bookingMessageKnowledge(
  purpose: BookingMessage,
  entries: readonly KnowledgeEntry[],
): KnowledgeEntry[] {
  const topics: readonly KnowledgeTopic[] =
    purpose === "pre-pickup"
      ? PRE_PICKUP_TOPICS
      : purpose === "check-in"
        ? ["key-steps"]
        : ["pickup-spot"];
  return topics.flatMap((topic) => entries.filter((entry) => entry.topic === topic));
}
