/**
 * The claims board's money figures: what was recovered this month and this year (by the day the
 * claim was marked paid, in the host's time zone), the recovery rate (paid ÷ claimed over the
 * claims paid this year) and the average days from filing to payment.
 */
import { wallClockAt } from "~/domain/zoned-time";

const DAY_MS = 86_400_000;

export interface ClaimMoney {
  claimedCents: number;
  paidCents: number | null;
  createdAt: number;
  /** When it was first filed; a claim marked paid without being filed counts from creation. */
  filedAt: number | null;
  /** When it was first marked paid. */
  paidAt: number | null;
}

export interface ClaimStats {
  recoveredThisMonthCents: number;
  recoveredThisYearCents: number;
  /** Null before the first claim paid this year. */
  recoveryRate: number | null;
  /** Over the claims paid this year, to one decimal; null before the first. */
  averageDaysToPayment: number | null;
}

export function claimStats(
  claims: readonly ClaimMoney[],
  now: number,
  timeZone: string,
): ClaimStats {
  const today = wallClockAt(now, timeZone);
  const paidThisYear = claims.filter(
    (claim): claim is ClaimMoney & { paidAt: number; paidCents: number } =>
      claim.paidAt !== null &&
      claim.paidCents !== null &&
      wallClockAt(claim.paidAt, timeZone).year === today.year,
  );
  const paidThisMonth = paidThisYear.filter(
    (claim) => wallClockAt(claim.paidAt, timeZone).month === today.month,
  );
  const sum = (list: readonly { paidCents: number }[]) =>
    list.reduce((total, claim) => total + claim.paidCents, 0);
  const claimed = paidThisYear.reduce((total, claim) => total + claim.claimedCents, 0);
  const days = paidThisYear.map(
    (claim) => Math.max(0, claim.paidAt - (claim.filedAt ?? claim.createdAt)) / DAY_MS,
  );
  return {
    recoveredThisMonthCents: sum(paidThisMonth),
    recoveredThisYearCents: sum(paidThisYear),
    recoveryRate: claimed > 0 ? sum(paidThisYear) / claimed : null,
    averageDaysToPayment:
      days.length > 0
        ? Math.round((days.reduce((a, b) => a + b, 0) / days.length) * 10) / 10
        : null,
  };
}
