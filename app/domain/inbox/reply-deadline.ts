/**
 * When a guest's message must be answered, by the marketplace's request-expiry rules, which
 * depend on the lead time (from the message to the trip's start):
 *
 * - more than 10 hours: 8 hours after the message;
 * - 4 to 10 hours: 2 hours before the trip starts;
 * - 1 to 4 hours: half the lead time after the message;
 * - under an hour, or once the trip has started: 30 minutes (only instantly booked trips start
 *   this soon, and a guest on a trip who writes usually needs help now).
 *
 * A message that names no trip gets the longest window, 8 hours.
 */
const HOUR_MS = 3_600_000;

export const SHORTEST_REPLY_WINDOW_MS = 30 * 60_000;
export const LONGEST_REPLY_WINDOW_MS = 8 * HOUR_MS;

export function replyDeadline(input: { messageAt: Date; tripStartAt?: Date | null }): Date {
  const at = input.messageAt.getTime();
  if (!input.tripStartAt) return new Date(at + LONGEST_REPLY_WINDOW_MS);
  const lead = input.tripStartAt.getTime() - at;
  if (lead > 10 * HOUR_MS) return new Date(at + LONGEST_REPLY_WINDOW_MS);
  if (lead >= 4 * HOUR_MS) return new Date(input.tripStartAt.getTime() - 2 * HOUR_MS);
  if (lead >= HOUR_MS) return new Date(at + lead / 2);
  return new Date(at + SHORTEST_REPLY_WINDOW_MS);
}
