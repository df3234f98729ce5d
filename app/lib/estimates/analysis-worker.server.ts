/**
 * The analysis queue: one durable job per report (the report row). The worker claims queued
 * reports, sends their photos to the vision provider and stores the findings for review. A
 * restart re-queues reports left "analyzing"; a failing provider is retried with backoff, then
 * the report fails with the provider's plain-English reason and the host tags by hand.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { findings, reports } from "~/db/schema";
import { VisionError, visionProviderFromEnv } from "~/lib/ai/vision.server";
import { db, isDatabaseBusy, logJobFailure } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import { readPhotoFile, reportPhotos } from "./photos.server";
import { findingValues, onReportQueued, type ReportRow } from "./reports.server";
import { getVehicle } from "~/lib/vehicles/vehicles.server";
import type { BodyType } from "~/domain/estimate/taxonomy";

/** Job-level attempts (the provider also retries each call itself). */
export const MAX_JOB_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [15_000, 60_000];
const POLL_MS = 2_000;
/** A job the database was too busy to save goes back to the queue this much later. */
const BUSY_RETRY_MS = 5_000;

export const NO_PROVIDER_REASON =
  "AI analysis isn't set up on this server, so the photos weren't analyzed. Tag the damage on the diagram instead.";
const UNEXPECTED_REASON =
  "The analysis stopped because of an unexpected error. Try again, or tag the damage on the diagram instead.";

let running = 0;
let timer: NodeJS.Timeout | undefined;
let stopped = false;
/** Re-queue every "analyzing" report (left by a restart) on the next pass. */
let resumeInterrupted = false;
/** Reports whose outcome couldn't be written (busy database): re-queued on the next pass. */
const unsettled = new Set<string>();

/** Claims the next due report atomically (status guard), or returns null. */
function claimNext(now = new Date()): ReportRow | null {
  const next = db()
    .select()
    .from(reports)
    .where(and(eq(reports.status, "queued"), lte(reports.nextAttemptAt, now)))
    .orderBy(asc(reports.nextAttemptAt))
    .get();
  if (!next) return null;
  const claimed = db()
    .update(reports)
    .set({ status: "analyzing", attempts: next.attempts + 1, updatedAt: now })
    .where(and(eq(reports.id, next.id), eq(reports.status, "queued")))
    .returning()
    .get();
  return claimed ?? null;
}

/** Puts a claimed report back in the queue; `countAttempt: false` when it wasn't its fault. */
function requeue(report: ReportRow, delayMs: number, countAttempt = true) {
  db()
    .update(reports)
    .set({
      status: "queued",
      nextAttemptAt: new Date(Date.now() + delayMs),
      updatedAt: new Date(),
      ...(countAttempt ? {} : { attempts: Math.max(0, report.attempts - 1) }),
    })
    .where(and(eq(reports.id, report.id), eq(reports.status, "analyzing")))
    .run();
}

function fail(report: ReportRow, reason: string) {
  db()
    .update(reports)
    .set({ status: "failed", failureReason: reason, nextAttemptAt: null, updatedAt: new Date() })
    .where(and(eq(reports.id, report.id), eq(reports.status, "analyzing")))
    .run();
}

/** Runs one claimed report through the provider. Never throws. */
export async function analyzeReport(
  report: ReportRow,
  vision = visionProviderFromEnv(),
): Promise<void> {
  try {
    if (!vision) return fail(report, NO_PROVIDER_REASON);
    const vehicle = getVehicle(report.accountId, report.vehicleId);
    const photoRows = reportPhotos(report.id);
    if (!vehicle || photoRows.length === 0) return fail(report, UNEXPECTED_REASON);
    const photos = [];
    for (const photo of photoRows) {
      const jpeg = await readPhotoFile(photo, "display");
      if (jpeg) photos.push({ id: photo.id, jpeg, phase: photo.phase });
    }
    const result = await vision.analyze({
      vehicle: {
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        bodyType: vehicle.bodyType as BodyType,
      },
      photos,
    });
    const phaseOf = new Map(photoRows.map((photo) => [photo.id, photo.phase]));
    const now = new Date();
    db().transaction((tx) => {
      const current = tx.select().from(reports).where(eq(reports.id, report.id)).get();
      // The host may have started tagging by hand meanwhile; never overwrite their work.
      if (current?.status !== "analyzing") return;
      tx.delete(findings)
        .where(and(eq(findings.reportId, report.id), eq(findings.source, "ai")))
        .run();
      result.findings.forEach((finding, position) => {
        const values = findingValues(
          report,
          {
            ...finding,
            // Damage already visible on a pre-trip photo was there before this trip.
            preExisting: finding.photoId ? phaseOf.get(finding.photoId) === "pre_trip" : false,
          },
          position,
          "ai",
        );
        tx.insert(findings).values(values).run();
      });
      tx.update(reports)
        .set({
          status: "needs_review",
          aiModel: result.model,
          analyzedAt: now,
          nextAttemptAt: null,
          failureReason: null,
          updatedAt: now,
        })
        .where(eq(reports.id, report.id))
        .run();
    });
    logger.info("Analysis done", { reportId: report.id, findings: result.findings.length });
  } catch (error) {
    try {
      settleFailedAttempt(report, error);
    } catch (settling) {
      // Most likely the database is still busy: the next pass re-queues it.
      unsettled.add(report.id);
      logJobFailure(`Analysis of report ${report.id}`, settling);
    }
  }
}

function settleFailedAttempt(report: ReportRow, error: unknown) {
  // Another process holding the database lock is no fault of the job: try again soon.
  if (isDatabaseBusy(error)) {
    logger.warn("Analysis result not saved: the database is busy; will try again", {
      reportId: report.id,
    });
    requeue(report, BUSY_RETRY_MS, false);
    return;
  }
  const visionError = error instanceof VisionError ? error : null;
  logger.warn("Analysis attempt failed", {
    reportId: report.id,
    attempt: report.attempts,
    // A provider error is expected and self-explaining; only surprises need a stack.
    ...(visionError ? { kind: visionError.kind, error: visionError.message } : errorFields(error)),
  });
  if (visionError?.retryable && report.attempts < MAX_JOB_ATTEMPTS) {
    requeue(report, RETRY_DELAYS_MS[report.attempts - 1] ?? RETRY_DELAYS_MS.at(-1)!);
    return;
  }
  fail(report, visionError?.userMessage ?? UNEXPECTED_REASON);
}

/** Puts back in the queue what a restart or a busy database left "analyzing". */
function recoverInterrupted() {
  if (resumeInterrupted) {
    db()
      .update(reports)
      .set({ status: "queued", nextAttemptAt: new Date() })
      .where(eq(reports.status, "analyzing"))
      .run();
    resumeInterrupted = false;
  }
  for (const id of unsettled) {
    db()
      .update(reports)
      .set({ status: "queued", nextAttemptAt: new Date(), updatedAt: new Date() })
      .where(and(eq(reports.id, id), eq(reports.status, "analyzing")))
      .run();
    unsettled.delete(id);
  }
}

/**
 * Starts as many due jobs as the concurrency allows. Never throws: it runs from timers, and a
 * busy database only means the next poll tries again.
 */
export function drainQueue() {
  if (stopped) return;
  try {
    recoverInterrupted();
    const limit = env().AI_CONCURRENCY;
    while (running < limit) {
      const report = claimNext();
      if (!report) return;
      running += 1;
      void analyzeReport(report).finally(() => {
        running -= 1;
        drainQueue();
      });
    }
  } catch (error) {
    logJobFailure("Analysis queue", error);
  }
}

/** Re-queues work interrupted by a restart, then polls for due jobs. */
export function startAnalysisWorker() {
  stopped = false;
  resumeInterrupted = true;
  onReportQueued(() => setImmediate(drainQueue));
  timer = setInterval(drainQueue, POLL_MS);
  timer.unref();
  drainQueue();
}

export function stopAnalysisWorker() {
  stopped = true;
  if (timer) clearInterval(timer);
}
