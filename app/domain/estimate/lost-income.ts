import { LOST_INCOME_RULE } from "~/domain/marketplace-rules";
import type { LostIncomeDays } from "./estimate-types";

/** A "YYYY-MM-DD" calendar date as UTC milliseconds, or null when it is not a real date. */
export function parseIsoDateUtc(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? ms : null;
}

/**
 * Days of lost hosting income by the marketplace's rule, defined precisely:
 * - working days W = labor hours ÷ 4, rounded up (0 hours → 0 days; float noise removed, so
 *   12.000000000000002 h is 3 days);
 * - the repair runs on W consecutive weekdays (Mon–Fri) starting on `repairStartDate`, or on the
 *   following Monday if that is a Saturday or Sunday; default start: a Monday;
 * - weekend days = the Saturdays and Sundays strictly between the first and the last working
 *   day (a weekend before the work starts or after it ends is not counted);
 * - days = W + weekend days.
 * From a Monday this is W + 2 × ⌊(W − 1) ÷ 5⌋, the same as protection-plan.ts: 25 h → 7 + 2 = 9.
 * Public holidays are not considered.
 */
export function countLostIncomeDays(laborHours: number, repairStartDate?: string): LostIncomeDays {
  if (!Number.isFinite(laborHours) || laborHours < 0) {
    throw new RangeError("Labor hours must be a finite number of at least 0.");
  }
  const { laborHoursPerDay } = LOST_INCOME_RULE;
  const workingDays = Math.ceil(Number((laborHours / laborHoursPerDay).toPrecision(12)));
  let weekday = 1; // 0 = Sunday … 6 = Saturday
  if (repairStartDate !== undefined) {
    const ms = parseIsoDateUtc(repairStartDate);
    if (ms === null)
      throw new RangeError(`Not a calendar date (YYYY-MM-DD): "${repairStartDate}".`);
    weekday = new Date(ms).getUTCDay();
  }
  if (workingDays === 0) return { workingDays: 0, weekendDays: 0, days: 0 };
  if (weekday === 6) weekday = 1;
  if (weekday === 0) weekday = 1;
  let remaining = workingDays - 1;
  let weekendDays = 0;
  while (remaining > 0) {
    weekday = (weekday + 1) % 7;
    if (weekday === 6 || weekday === 0) weekendDays += 1;
    else remaining -= 1;
  }
  return { workingDays, weekendDays, days: workingDays + weekendDays };
}
