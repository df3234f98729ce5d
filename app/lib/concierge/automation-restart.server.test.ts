/**
 * The automations across restarts, on a real SQLite database with the real SMTP sink: each
 * booking message is drafted once and its queue item emailed once to whoever is on duty, however
 * many passes run and however often the process restarts (fresh modules, same database).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const smtpPort = await freePort();
const httpPort = await freePort();
let sink: ChildProcess;

setUpTempDataDir("automation-restart");
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;

beforeAll(async () => {
  sink = spawn(process.execPath, ["tests/support/smtp-sink.js"], {
    env: { ...process.env, SMTP_PORT: String(smtpPort), SMTP_HTTP_PORT: String(httpPort) },
    stdio: "ignore",
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${httpPort}/healthz`)).ok) return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error("the SMTP sink didn't start");
});
afterAll(() => {
  sink.kill();
});

const HOUR = 3_600_000;

/** One worker pass as the server runs it, in a freshly loaded process (a restart). */
async function passAfterRestart(now: number) {
  vi.resetModules();
  const booking = await import("~/lib/inbox/booking-drafts.server");
  const queue = await import("./queue.server");
  const outbox = await import("~/lib/email/outbox.server");
  booking.scheduleBookingDrafts(now);
  booking.prepareBookingDrafts(now);
  queue.processQueue(now);
  await outbox.processOutbox();
}

async function delivered(to: string): Promise<Array<{ subject: string }>> {
  const response = await fetch(
    `http://127.0.0.1:${httpPort}/messages?to=${encodeURIComponent(to)}`,
  );
  return (await response.json()) as Array<{ subject: string }>;
}

describe("automations across restarts", () => {
  it("drafts each booking message once and emails each ready item once", async () => {
    const db = await import("~/lib/runtime/db.server");
    const schema = await import("~/db/schema");
    const vehicles = await import("~/lib/vehicles/vehicles.server");
    const trips = await import("~/lib/trips/trips.server");
    const knowledge = await import("~/lib/inbox/knowledge.server");
    const owner = insertOwner(db, schema, "restarter");
    const car = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
    if (!car.ok) throw new Error("vehicle");
    knowledge.saveKnowledge(owner.accountId, "pickup-spot", "Level 2, row F.");
    const startAt = Date.now() + 30 * HOUR;
    trips.createTrip(
      owner.accountId,
      tripInput({
        reservationId: "R-restart",
        guestName: "Jordan Lee",
        startAt,
        endAt: startAt + 48 * HOUR,
      }),
      car.vehicle.id,
      "manual",
    );
    const email = "restarter@example.com";
    const drafts = () =>
      db
        .db()
        .select({ purpose: schema.drafts.purpose })
        .from(schema.drafts)
        .where(eq(schema.drafts.accountId, owner.accountId))
        .all()
        .map((draft) => draft.purpose)
        .sort();

    // Just booked: the confirmation is due. Three passes, each after a restart.
    for (let pass = 0; pass < 3; pass++) await passAfterRestart(Date.now());
    expect(drafts()).toEqual(["booking-confirmation"]);
    await expect.poll(async () => (await delivered(email)).length).toBe(1);
    expect((await delivered(email))[0]!.subject).toBe(
      "Draft to approve: Booking confirmation for Jordan Lee",
    );

    // The day before: the pickup instructions, once, however many restarts.
    const dayBefore = startAt - 23 * HOUR;
    for (let pass = 0; pass < 3; pass++) await passAfterRestart(dayBefore);
    expect(drafts()).toEqual(["booking-confirmation", "pre-pickup"]);
    await expect.poll(async () => (await delivered(email)).length).toBe(2);
    expect((await delivered(email)).map((mail) => mail.subject)).toEqual([
      "Draft to approve: Booking confirmation for Jordan Lee",
      "Draft to approve: Pickup instructions for Jordan Lee",
    ]);
  });
});
