import { and, asc, eq, gt, sql } from "drizzle-orm";
import { inboundEmails, inboundTokens } from "~/db/schema";
import { RetryLaterResponse } from "~/lib/runtime/retry-later";
import { db } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";

/**
 * Each account takes at most INBOUND_DAILY_EMAILS emails and INBOUND_DAILY_MB of originals in
 * any 24 hours, however they arrive (webhook or SMTP), so one sender cannot fill the disk. What
 * is stored counts, plus what is being read right now; a duplicate, which is not stored, doesn't.
 */

const DAY_MS = 24 * 3_600_000;

export const INBOUND_QUOTA_MESSAGE =
  "This inbox has received its daily allowance of email. Please send this one again later.";

/**
 * The account's allowance is used up. It is an HTTP response (429, Retry-After), so the webhook
 * answers 429 when it propagates; the SMTP listener answers 452 (try again later).
 */
export class InboundQuotaError extends RetryLaterResponse {
  constructor(retryAfterSeconds: number) {
    super(INBOUND_QUOTA_MESSAGE, 429, retryAfterSeconds);
  }
}

/** Emails of each account being read right now (counted until they are stored or dropped). */
const inFlight = new Map<string, { emails: number; bytes: number }>();

/** The account's use of the last 24 hours: stored emails and their bytes, plus those in flight. */
export function inboundUsage(accountId: string, now = Date.now()) {
  const since = new Date(now - DAY_MS);
  const stored = db()
    .select({
      emails: sql<number>`count(*)`,
      bytes: sql<number>`coalesce(sum(${inboundEmails.rawBytes}), 0)`,
    })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.accountId, accountId), gt(inboundEmails.receivedAt, since)))
    .get() ?? { emails: 0, bytes: 0 };
  const pending = inFlight.get(accountId) ?? { emails: 0, bytes: 0 };
  return { emails: stored.emails + pending.emails, bytes: stored.bytes + pending.bytes };
}

/** Seconds until the oldest email of the window leaves it (at least a minute). */
function retryAfter(accountId: string, now: number): number {
  const oldest = db()
    .select({ receivedAt: inboundEmails.receivedAt })
    .from(inboundEmails)
    .where(
      and(
        eq(inboundEmails.accountId, accountId),
        gt(inboundEmails.receivedAt, new Date(now - DAY_MS)),
      ),
    )
    .orderBy(asc(inboundEmails.receivedAt))
    .limit(1)
    .get();
  const freesAt = oldest ? oldest.receivedAt.getTime() + DAY_MS : now;
  return Math.max(60, Math.ceil((freesAt - now) / 1000));
}

/** Whether one more email of `bytes` fits the account's allowance now. */
export function inboundQuotaRoom(accountId: string, bytes: number, now = Date.now()) {
  const settings = env();
  const used = inboundUsage(accountId, now);
  const fits =
    used.emails + 1 <= settings.INBOUND_DAILY_EMAILS &&
    used.bytes + bytes <= settings.INBOUND_DAILY_MB * 1_000_000;
  return fits
    ? { allowed: true as const }
    : { allowed: false as const, retryAfterSeconds: retryAfter(accountId, now) };
}

/**
 * Counts one email of `bytes` against the account's allowance until the returned function is
 * called (once it is stored, or dropped); throws InboundQuotaError when it doesn't fit.
 */
export function reserveInboundQuota(accountId: string, bytes: number): () => void {
  const room = inboundQuotaRoom(accountId, bytes);
  if (!room.allowed) throw new InboundQuotaError(room.retryAfterSeconds);
  const pending = inFlight.get(accountId) ?? { emails: 0, bytes: 0 };
  pending.emails += 1;
  pending.bytes += bytes;
  inFlight.set(accountId, pending);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    pending.emails -= 1;
    pending.bytes -= bytes;
    if (pending.emails <= 0) inFlight.delete(accountId);
  };
}

/**
 * How many bytes of originals the account whose inbound token this is may still receive today
 * (Infinity for an unknown token, which is refused elsewhere).
 */
export function inboundBytesLeftForToken(token: string, now = Date.now()): number {
  const accountId = db()
    .select({ accountId: inboundTokens.accountId })
    .from(inboundTokens)
    .where(eq(inboundTokens.token, token))
    .get()?.accountId;
  if (!accountId) return Infinity;
  return Math.max(0, env().INBOUND_DAILY_MB * 1_000_000 - inboundUsage(accountId, now).bytes);
}

/** The same, for the account whose inbound token this is; allowed when the token is unknown. */
export function inboundQuotaRoomForToken(token: string, bytes: number) {
  const accountId = db()
    .select({ accountId: inboundTokens.accountId })
    .from(inboundTokens)
    .where(eq(inboundTokens.token, token))
    .get()?.accountId;
  return accountId ? inboundQuotaRoom(accountId, bytes) : { allowed: true as const };
}
