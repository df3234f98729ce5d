/**
 * A guest who tells the host about damage starts the marketplace's reporting clock: all damage is
 * reported within 24 hours of the trip's end, or of the guest's notice if that comes first.
 */
import { claimDeadlineRule } from "~/domain/marketplace-rules";

const { duration } = claimDeadlineRule("report-damage");
const REPORT_WITHIN_MS =
  (duration.unit === "elapsed-hours" ? duration.amount : duration.amount * 24) * 3_600_000;

export function reportDamageBy(input: { noticeAt: Date; tripEndAt?: Date | null }): Date {
  const from = input.tripEndAt
    ? Math.min(input.noticeAt.getTime(), input.tripEndAt.getTime())
    : input.noticeAt.getTime();
  return new Date(from + REPORT_WITHIN_MS);
}
