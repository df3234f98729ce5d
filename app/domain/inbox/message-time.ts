/**
 * When a guest's message happened: when its email arrived, unless the sender's `Date:` header is
 * within a day of that (then the header, which is closer to when the guest wrote). A header off
 * by more than a day is a wrong clock or a made-up date (1899, the year 275760) and must never
 * move a reply deadline.
 */
import { DAY_MS } from "~/domain/zoned-time";

export function messageTime(input: {
  receivedAt: Date;
  dateHeader: Date | null | undefined;
}): Date {
  const header = input.dateHeader?.getTime();
  if (header === undefined || !Number.isFinite(header)) return input.receivedAt;
  return Math.abs(header - input.receivedAt.getTime()) <= DAY_MS
    ? new Date(header)
    : input.receivedAt;
}
