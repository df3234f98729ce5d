import { purgeExpiredSessions } from "./auth/session.server";
import { startOutboxWorker } from "./email/outbox.server";
import { errorFields, logger } from "./logger.server";

let started = false;

/**
 * Background work of the single server process: resume emails left pending by a restart, then
 * keep sending; drop expired sessions hourly.
 */
export function startBackgroundJobs() {
  if (started || process.env.VITEST) return;
  started = true;
  try {
    startOutboxWorker();
    purgeExpiredSessions();
    setInterval(() => purgeExpiredSessions(), 3_600_000).unref();
  } catch (error) {
    logger.error("Background jobs failed to start", errorFields(error));
  }
}
