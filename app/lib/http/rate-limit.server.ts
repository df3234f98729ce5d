/**
 * Fixed-window rate limits per key and bucket, in memory (one container, one process). The client
 * address comes from the HTTP server, which only trusts X-Forwarded-For when TRUST_PROXY is set,
 * so a spoofed header cannot reset a limit.
 */
interface Window {
  count: number;
  resetAt: number;
}

const windows = new Map<string, Window>();

/** Ten attempts a minute from one client address: the limit of every per-address bucket. */
const PER_ADDRESS = { max: 10, windowMs: 60_000 } as const;

/**
 * Every limit, by name. Each purpose has its own bucket, so tightening one form leaves the others
 * alone; the per-address buckets count by client address, the mail buckets by recipient.
 */
export const LIMITS = {
  /** Sign-in: the /auth form and POST /api/login. */
  login: PER_ADDRESS,
  /** Registration: /auth, /join-concierge, POST /api/register and /api/concierge/register. */
  register: PER_ADDRESS,
  /** Password reset requests: the /reset-password form and POST /api/request-password-reset. */
  reset: PER_ADDRESS,
  /** Verification email resends: the account page and POST /api/resend-verification. */
  verify: PER_ADDRESS,
  /** Demo requests: the demo form on the home page and POST /api/demo-leads. */
  demo: PER_ADDRESS,
  /** Team invitations sent from the account page. */
  invite: PER_ADDRESS,
  /** Email address changes on the account page, which send a verification email. */
  profile: PER_ADDRESS,
  /**
   * Emails to one address (password reset, email verification, invitations), whoever asks for
   * them: an attacker rotating client addresses still cannot flood one inbox. Three in 15
   * minutes covers a person asking again because the first email was slow.
   */
  mailPerRecipient: { max: 3, windowMs: 15 * 60_000 },
  /** And at most ten a day, so a patient attacker gets no more than a trickle. */
  mailPerRecipientPerDay: { max: 10, windowMs: 24 * 3_600_000 },
} as const;

export function hit(key: string, max: number, windowMs: number, now = Date.now()) {
  const current = windows.get(key);
  if (!current || current.resetAt <= now) {
    windows.set(key, { count: 1, resetAt: now + windowMs });
    if (windows.size > 50_000) sweep(now);
    return { allowed: true, retryAfterSeconds: 0 };
  }
  current.count += 1;
  return {
    allowed: current.count <= max,
    retryAfterSeconds: Math.ceil((current.resetAt - now) / 1000),
  };
}

/** Seconds until the key's window has room again; 0 when it has room now. Counts nothing. */
function secondsUntilRoom(key: string, max: number, now: number): number {
  const current = windows.get(key);
  if (!current || current.resetAt <= now || current.count < max) return 0;
  return Math.ceil((current.resetAt - now) / 1000);
}

function sweep(now: number) {
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
}

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/** The buckets counted per client address (the others count per email recipient). */
export type AddressBucket = Exclude<keyof typeof LIMITS, (typeof RECIPIENT_BUCKETS)[number]>;

/** Counts one attempt by this client in the bucket and says whether it is allowed. */
export function checkRateLimit(clientIp: string, bucket: AddressBucket) {
  const { max, windowMs } = LIMITS[bucket];
  return hit(`${bucket}:${clientIp}`, max, windowMs);
}

const RECIPIENT_BUCKETS = ["mailPerRecipient", "mailPerRecipientPerDay"] as const;

/**
 * Whether one more email may go to this address, and if so counts it in both recipient buckets.
 * A refused email counts in neither, so a refused flood does not use up the day's allowance.
 */
export function checkRecipientLimit(
  recipient: string,
  now = Date.now(),
): { allowed: boolean; retryAfterSeconds: number } {
  const address = recipient.trim().toLowerCase();
  const wait = Math.max(
    ...RECIPIENT_BUCKETS.map((bucket) =>
      secondsUntilRoom(`${bucket}:${address}`, LIMITS[bucket].max, now),
    ),
  );
  if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
  for (const bucket of RECIPIENT_BUCKETS) {
    hit(`${bucket}:${address}`, LIMITS[bucket].max, LIMITS[bucket].windowMs, now);
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

/** "15 minutes", "1 minute", "3 hours": a wait in words, rounded up. */
export function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (seconds <= 60) return "a minute";
  if (seconds <= 90 * 60) return plural(Math.ceil(seconds / 60), "minute");
  return plural(Math.ceil(seconds / 3600), "hour");
}

/** What a signed-in person reads when the recipient limit refuses an email they asked for. */
export function tooManyEmailsMessage(address: string, retryAfterSeconds: number): string {
  return `We've sent too many emails to ${address} recently. Please try again in ${waitInWords(retryAfterSeconds)}.`;
}
