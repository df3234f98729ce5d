/**
 * The outbox on a real SQLite database sending to the real SMTP sink (tests/support/smtp-sink.js)
 * over SMTP: each attempt is marked before the send, and an attempt that never finished (the
 * process died mid-send; server/outbox-kill.test.ts does it for real) is sent again only for an
 * email whose duplicate is harmless.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAppModules, setUpTempDataDir, type AppModules } from "~/tests/support/app-modules";
import { startSmtpSink } from "~/tests/support/smtp-sink-process";

setUpTempDataDir("outbox");

const HOLD_MS = 1_500;
let m: AppModules;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  // The sink holds its answer, so the test can look at the row while the email is on the server.
  sink = await startSmtpSink({ acceptDelayMs: HOLD_MS });
  process.env.SMTP_URL = sink.url;
  process.env.PUBLIC_URL = "https://fleet.example.com";
  m = await loadAppModules();
});

afterAll(async () => {
  await sink.stop();
});

const row = (id: number) =>
  m.db.db().select().from(m.schema.emailOutbox).where(eq(m.schema.emailOutbox.id, id)).get()!;
const rowTo = (to: string) =>
  m.db.db().select().from(m.schema.emailOutbox).where(eq(m.schema.emailOutbox.to, to)).get()!;

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A row as a process that died mid-send leaves it: marked, its lease over. */
function interrupted(to: string, duplicate: "harmless" | "harmful") {
  return m.db
    .db()
    .insert(m.schema.emailOutbox)
    .values({
      to,
      subject: `Left mid-send (${duplicate})`,
      text: "The process stopped while this was on its way.",
      status: "pending",
      duplicateHarmless: duplicate === "harmless",
      attempts: 1,
      attemptStartedAt: new Date(Date.now() - 180_000),
      nextAttemptAt: new Date(Date.now() - 60_000),
    })
    .returning({ id: m.schema.emailOutbox.id })
    .get().id;
}

describe("the email outbox", () => {
  it("marks the attempt before the email reaches the SMTP server, and clears it once sent", async () => {
    m.outbox.queueEmail({
      to: "mark@example.com",
      subject: "Verify your email for FleetAssist",
      text: "Open the link.",
      duplicate: "harmless",
    });
    const [arrived] = await until(
      () => sink.messages("mark@example.com"),
      (list) => list.length > 0,
      "the email at the sink",
    );
    // On the server, not yet answered: the row already says an attempt is under way.
    const during = rowTo("mark@example.com");
    expect(during).toMatchObject({ status: "pending", attempts: 1 });
    expect(during.attemptStartedAt).toBeInstanceOf(Date);
    expect(arrived!.messageId).toBe(
      `<outbox-${during.id}-${during.createdAt.getTime()}@fleet.example.com>`,
    );
    const after = await until(
      () => rowTo("mark@example.com"),
      (r) => r.status === "sent",
      "the sent mark",
    );
    expect(after).toMatchObject({ attempts: 1, attemptStartedAt: null, lastError: null });
    expect(await sink.messages("mark@example.com")).toHaveLength(1);
  });

  it("after a crash, sends a harmless email again and never a harmful one", async () => {
    const harmless = interrupted("again@example.com", "harmless");
    const harmful = interrupted("shop@example.com", "harmful");
    await m.outbox.processOutbox();
    expect(row(harmless)).toMatchObject({ status: "sent", attempts: 2, attemptStartedAt: null });
    expect(await sink.messages("again@example.com")).toHaveLength(1);
    expect(row(harmful)).toMatchObject({ status: "maybe_sent", attempts: 1 });
    // Later passes leave it alone too.
    await m.outbox.processOutbox(new Date(Date.now() + 3_600_000));
    expect(row(harmful).status).toBe("maybe_sent");
    expect(await sink.messages("shop@example.com")).toEqual([]);
  });

  it("a harmful email that was never tried is sent normally, once", async () => {
    m.outbox.queueEmail({
      to: "quote@example.com",
      subject: "Repair quote request",
      text: "Please quote.",
      duplicate: "harmful",
    });
    expect(rowTo("quote@example.com").duplicateHarmless).toBe(false);
    await until(
      () => rowTo("quote@example.com"),
      (r) => r.status === "sent",
      "the sent mark",
    );
    await m.outbox.processOutbox(new Date(Date.now() + 3_600_000));
    expect(await sink.messages("quote@example.com")).toHaveLength(1);
  });
});
