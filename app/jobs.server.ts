import { purgeExpiredSessions } from "~/lib/auth/session.server";
import { logJobFailure } from "~/lib/runtime/db.server";
import { startOutboxWorker } from "~/lib/email/outbox.server";
import { sendDailyDigests, sendDueReminders } from "~/lib/claims/reminders.server";
import { env } from "~/lib/runtime/env.server";
import { startAnalysisWorker } from "~/lib/estimates/analysis-worker.server";
import { purgeStagedPhotos } from "~/lib/estimates/photos.server";
import { sweepOrphanFiles } from "~/lib/storage/orphans.server";
import { startInboundSmtp } from "~/lib/inbox/smtp-listener.server";
import { refreshAllInboxStates } from "~/lib/inbox/conversations.server";
import { prepareBookingDrafts, scheduleBookingDrafts } from "~/lib/inbox/booking-drafts.server";
import { draftPendingReplies } from "~/lib/inbox/drafts.server";
import { processQueue } from "~/lib/concierge/queue.server";
import { syncVehicleQuantities } from "~/lib/billing/subscriptions.server";

let started = false;

/** Runs one pass of a job; a failure (a busy database included) is logged, never thrown. */
async function runJob(name: string, job: () => unknown) {
  try {
    await job();
  } catch (error) {
    logJobFailure(name, error);
  }
}

/**
 * Background work of the single server process: resume emails and photo analyses left pending by
 * a restart, then keep working; hourly, drop expired sessions and abandoned photo uploads, sweep
 * photo files a crash left without a database row and bring each subscription's vehicle count up
 * to date; every minute, email the claim
 * reminders and daily digests that came due; draft the booking messages of upcoming trips and
 * replies to guest messages that have none (after a restart, say), and email the concierge
 * queue's items that became ready to whoever is on duty. A failed pass (for example while
 * another process holds the database lock) is retried by the next one.
 */
export function startBackgroundJobs() {
  if (started || process.env.VITEST) return;
  started = true;
  void runJob("Starting the email outbox", startOutboxWorker);
  void runJob("Starting the analysis queue", startAnalysisWorker);
  void runJob("Filling in the inbox's Needs you", refreshAllInboxStates);
  const hourly = async () => {
    await runJob("Purging expired sessions", purgeExpiredSessions);
    await runJob("Purging staged photos", () => purgeStagedPhotos());
    await runJob("Sweeping orphan files", () => sweepOrphanFiles());
    await runJob("Updating billed vehicle counts", () => syncVehicleQuantities());
  };
  void hourly();
  setInterval(() => void hourly(), 3_600_000).unref();
  // Claim reminders: checked at boot (a restart sends what came due while stopped) and then often.
  const reminders = async () => {
    await runJob("Sending claim reminders", () => sendDueReminders());
    await runJob("Sending daily digests", () => sendDailyDigests());
  };
  void reminders();
  setInterval(() => void reminders(), env().REMINDER_INTERVAL_MS).unref();
  // The concierge queue: the booking messages that came due drafted first, replies a restart left
  // undrafted written, then the queue synced and its ready items emailed, at boot (a restart sends
  // what became ready while stopped, once) and then on its own interval.
  const queue = async () => {
    await runJob("Scheduling booking messages", () => scheduleBookingDrafts());
    await runJob("Drafting booking messages", () => prepareBookingDrafts());
    await runJob("Drafting guest replies", () => draftPendingReplies());
    await runJob("Updating the concierge queue", () => processQueue());
  };
  void queue();
  setInterval(() => void queue(), env().QUEUE_INTERVAL_MS).unref();
  const smtpPort = env().INBOUND_SMTP_PORT;
  if (smtpPort) {
    void runJob("Starting the inbound SMTP listener", () =>
      startInboundSmtp({ port: smtpPort, host: env().HOST }),
    );
  }
}
