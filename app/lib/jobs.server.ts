import { purgeExpiredSessions } from "./auth/session.server";
import { startOutboxWorker } from "./email/outbox.server";
import { startAnalysisWorker } from "./estimates/analysis-worker.server";
import { purgeStagedPhotos } from "./estimates/photos.server";
import { errorFields, logger } from "./logger.server";

let started = false;

/**
 * Background work of the single server process: resume emails and photo analyses left pending by
 * a restart, then keep working; drop expired sessions and abandoned photo uploads hourly.
 */
export function startBackgroundJobs() {
  if (started || process.env.VITEST) return;
  started = true;
  try {
    startOutboxWorker();
    startAnalysisWorker();
    const hourly = () => {
      purgeExpiredSessions();
      purgeStagedPhotos().catch((error) =>
        logger.error("Purging staged photos failed", errorFields(error)),
      );
    };
    hourly();
    setInterval(hourly, 3_600_000).unref();
  } catch (error) {
    logger.error("Background jobs failed to start", errorFields(error));
  }
}
