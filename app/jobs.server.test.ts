/**
 * Background jobs while another process holds the database's write lock: a busy database means
 * "try again later". Nothing throws out of a timer (which would stop the server), no report is
 * failed for it, and the work completes once the lock is gone. Real database, the local AI
 * server and a real SMTP server on loopback.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { loadAppModules, setUpTempDataDir, type AppModules } from "~/tests/support/app-modules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOwner, SAMPLE_CAR, texturedJpeg } from "~/tests/support/rows";
import { holdSqliteLock } from "~/tests/support/sqlite-lock";

setUpTempDataDir("jobs");

let m: AppModules;
let ai: { url: string; close: () => Promise<void> };
let smtp: SMTPServer;
let delivered = 0;

beforeAll(async () => {
  const { startAiServer } = await import("~/tests/support/ai-server.js");
  ai = await startAiServer();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        delivered += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  // Read once by env(): set before the modules load.
  process.env.AI_BASE_URL = ai.url;
  process.env.AI_MODEL = "scenario:recorded";
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  m = await loadAppModules();
});

afterAll(async () => {
  m.worker.stopAnalysisWorker();
  await ai.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function until(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const createOwner = (name: string) => insertOwner(m.db, m.schema, name);

/** A queued AI report with one real (processed and stored) photo. */
async function queuedReport(name: string) {
  const owner = createOwner(name);
  const car = m.vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  if (!car.ok) throw new Error("vehicle not created");
  const jpeg = await texturedJpeg();
  const { staged } = await m.photos.stageFiles(
    owner,
    [new File([new Uint8Array(jpeg)], "dent.jpg")],
    "post_trip",
  );
  return m.reports.createReport({
    ...owner,
    vehicleId: car.vehicle.id,
    photoIds: staged.map((photo) => photo.id),
    mode: "ai",
  });
}

function reportRow(id: string) {
  const { reports } = m.schema;
  return m.db.db().select().from(reports).where(eq(reports.id, id)).get()!;
}

describe("background jobs while another process holds the database lock", () => {
  it("the analysis queue keeps the job: nothing throws, nothing fails, it finishes later", async () => {
    const report = await queuedReport("busyhost");
    const { reports } = m.schema;
    // Claimed before the lock (as a poll would), analyzed during it: the result can't be saved.
    m.db
      .db()
      .update(reports)
      .set({ status: "analyzing", attempts: 1 })
      .where(eq(reports.id, report.id))
      .run();
    const claimed = reportRow(report.id);

    const lock = await holdSqliteLock(m.db.databaseFile(), 60_000);
    try {
      await expect(m.worker.analyzeReport(claimed)).resolves.toBeUndefined();
      // A poll during the lock neither throws (it runs from a timer) nor fails the report.
      expect(() => m.worker.drainQueue()).not.toThrow();
      expect(reportRow(report.id).status).toBe("analyzing");
      expect(reportRow(report.id).failureReason).toBeNull();
    } finally {
      await lock.release();
    }

    // The next poll puts it back in the queue and runs it to the end.
    m.worker.drainQueue();
    await until(() => reportRow(report.id).status === "needs_review", "the analysis");
    expect(reportRow(report.id).attempts).toBeLessThanOrEqual(2);
  });

  it("the email outbox keeps an email due while busy and sends it afterwards", async () => {
    const { emailOutbox } = m.schema;
    const row = () => m.db.db().select().from(emailOutbox).where(eq(emailOutbox.id, id)).get()!;
    const { id } = m.db
      .db()
      .insert(emailOutbox)
      .values({
        to: "host@example.com",
        subject: "Verify your email",
        text: "Open the link.",
        status: "pending",
        nextAttemptAt: new Date(0),
      })
      .returning({ id: emailOutbox.id })
      .get();
    const sentBefore = delivered;

    const lock = await holdSqliteLock(m.db.databaseFile(), 60_000);
    try {
      // The pass reads what is due (WAL) and sends it, but can't record that: it stays due.
      await expect(m.outbox.processOutbox()).resolves.toBeUndefined();
      expect(row().status).toBe("pending");
    } finally {
      await lock.release();
    }
    await m.outbox.processOutbox();
    expect(row().status).toBe("sent");
    expect(delivered).toBeGreaterThan(sentBefore);
  });
});
