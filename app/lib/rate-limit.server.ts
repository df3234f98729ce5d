/**
 * Fixed-window rate limits per client address and bucket, in memory (one container, one
 * process). The client address comes from the HTTP server, which only trusts X-Forwarded-For
 * when TRUST_PROXY is set, so a spoofed header cannot reset a limit.
 */
interface Window {
  count: number;
  resetAt: number;
}

const windows = new Map<string, Window>();

export const LIMITS = {
  /** Sensitive public forms: demo leads, login, registration, password reset, resend. */
  form: { max: 10, windowMs: 60_000 },
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

function sweep(now: number) {
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
}

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a minute and try again.";

/** Counts one attempt by this client in the bucket and says whether it is allowed. */
export function checkRateLimit(clientIp: string, bucket: keyof typeof LIMITS) {
  const { max, windowMs } = LIMITS[bucket];
  return hit(`${bucket}:${clientIp}`, max, windowMs);
}
