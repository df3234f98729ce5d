/**
 * Reminders that are few and right, on a real SQLite database, with every email delivered over
 * SMTP to the local sink (tests/support/smtp-sink.js) and counted there:
 *
 * - trips imported after they ended give no return check, photo audit or reimbursement window
 *   whose time had passed, and send nothing (60 past trips: 0 emails);
 * - a trip imported the day before it ends schedules only what is still ahead;
 * - email to one person is one per pass, listing the items;
 * - a new host's first day (sign-up, two cars, a trip import, a claim, guest questions, a VA)
 *   sends the host at most 3 emails.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTripAndInboxModules, setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";

setUpTempDataDir("first-day");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const smtpPort = await freePort();
const httpPort = await freePort();
// The app reads SMTP_URL once, when the outbox first sends.
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;

let sink: ChildProcess;
beforeAll(async () => {
  sink = spawn(process.execPath, ["tests/support/smtp-sink.js"], {
    env: { ...process.env, SMTP_PORT: String(smtpPort), SMTP_HTTP_PORT: String(httpPort) },
    stdio: "ignore",
  });
  for (let tries = 0; tries < 100; tries++) {
    const up = await fetch(`http://127.0.0.1:${httpPort}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the SMTP sink didn't start");
});
afterAll(() => {
  sink.kill();
});

// Loaded after DATA_DIR and SMTP_URL are set.
const { db, schema, vehicles, trips, claims, conversations, drafts } =
  await loadTripAndInboxModules();
const reminders = await import("~/lib/claims/reminders.server");
const booking = await import("~/lib/inbox/booking-drafts.server");
const auth = await import("~/lib/auth/service.server");
const accountsModule = await import("~/lib/auth/accounts.server");
const outbox = await import("~/lib/email/outbox.server");
const queue = await import("./queue.server");

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Every email the sink received for `to`, once the outbox has nothing left to send. */
async function received(to: string) {
  for (let tries = 0; tries < 100; tries++) {
    await outbox.processOutbox();
    const pending = db
      .db()
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.status, "pending"))
      .all();
    if (pending.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = `http://127.0.0.1:${httpPort}/messages?to=${encodeURIComponent(to)}`;
  // A fresh connection each time: the sink's server closes idle ones.
  const response = await fetch(url, { headers: { connection: "close" } });
  return (await response.json()) as { subject: string; text: string }[];
}

/** One pass of every reminder job, as the worker runs them at `now`. */
async function workerPass(now: number) {
  booking.scheduleBookingDrafts(now);
  booking.prepareBookingDrafts(now);
  await drafts.draftPendingReplies({ drafter: null, now });
  queue.processQueue(now);
  reminders.sendDueReminders(now);
  reminders.sendDailyDigests(now);
}

function hostWithCars(name: string, timeZone = "America/Denver") {
  const owner = insertOwner(db, schema, name);
  db.db()
    .update(schema.accounts)
    .set({ timeZone })
    .where(eq(schema.accounts.id, owner.accountId))
    .run();
  const cars = [SAMPLE_CAR, { ...SAMPLE_CAR, nickname: "Red", year: 2023 }].map((car) => {
    const made = vehicles.createVehicle(owner.accountId, car);
    if (!made.ok) throw new Error("vehicle not created");
    return made.vehicle;
  });
  return { ...owner, email: `${name}@example.com`, cars };
}

/** A fixed-offset zone ("Etc/GMT-6" is UTC+6) in which `at` falls in the 9 AM hour. */
function zoneWhereItIsNine(at: number): string {
  const offset = ((9 - new Date(at).getUTCHours() + 36) % 24) - 12;
  if (offset === 0) return "Etc/UTC";
  return `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/** Imports trips as the CSV import stores them (source "import"), all on the first car. */
function importTrips(
  host: ReturnType<typeof hostWithCars>,
  list: { reservationId: string; startAt: number; endAt: number; status?: "completed" }[],
) {
  return trips.importTrips(
    host.accountId,
    list.map((trip, index) => ({
      line: index + 2,
      trip: tripInput({ guestName: "Jordan Lee", status: "booked", ...trip }),
      vehicle: { label: "Blue", title: null, vin: null, listingId: null },
      stated: ["guestName", "status"],
    })),
  );
}

function queueItemsOf(accountId: string) {
  return db
    .db()
    .select()
    .from(schema.queueItems)
    .where(eq(schema.queueItems.accountId, accountId))
    .all();
}

describe("trips imported after the fact", () => {
  it("60 past trips: no item for a window that had closed, and 0 emails over the next days", async () => {
    const host = hostWithCars("past60");
    const now = Date.now();
    // Ended from 2 hours to 59 days ago: some windows (fuel: 72 hours) are still open.
    const past = Array.from({ length: 60 }, (_, index) => {
      const endAt = now - (index === 0 ? 2 * HOUR : index * DAY);
      return {
        reservationId: `P${index}`,
        startAt: endAt - 3 * DAY,
        endAt,
        status: "completed" as const,
      };
    });
    expect(importTrips(host, past).imported).toBe(60);
    for (let at = now; at <= now + 4 * DAY; at += 2 * HOUR) await workerPass(at);

    expect(await received(host.email)).toEqual([]);
    const items = queueItemsOf(host.accountId);
    // Nothing whose deadline had passed when the trips arrived…
    expect(items.filter((item) => item.deadlineAt.getTime() <= now)).toEqual([]);
    // …while windows still open are listed, quietly: the trip that ended 2 hours ago (photos,
    // smoking or cleaning, fuel) and the fuel windows of the trips that ended 1 and 2 days ago.
    expect(items.map((item) => item.kind).sort()).toEqual([
      "photo-audit",
      "reimbursement",
      "reimbursement",
      "reimbursement",
      "reimbursement",
    ]);
    expect(items.every((item) => item.notifiedAt !== null)).toBe(true);
  });

  it("a trip ending tomorrow schedules only what is still ahead, emailed when it comes", async () => {
    const host = hostWithCars("endstomorrow");
    const now = Date.now();
    const endAt = now + 30 * HOUR;
    importTrips(host, [{ reservationId: "T1", startAt: now - 2 * DAY, endAt }]);
    await workerPass(now);
    const items = queueItemsOf(host.accountId);
    // The trip had started: no start check; the return check, photos and windows are ahead.
    expect(items.map((item) => item.kind).sort()).toEqual([
      "photo-audit",
      "reimbursement",
      "reimbursement",
      "return-check",
    ]);
    expect(items.every((item) => item.readyAt.getTime() > now)).toBe(true);
    expect(await received(host.email)).toEqual([]);
    // At the end, one email lists the four.
    await workerPass(endAt);
    await workerPass(endAt + 10 * 60_000);
    const mails = await received(host.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      "4 things need you: Return due: Jordan Lee in Blue (trip T1), and more",
    );
    expect(mails[0]!.text).toContain("Post-trip photos: Jordan Lee in Blue (trip T1)");
    expect(mails[0]!.text).not.toContain("Overdue");
  });
});

describe("a new host's first day", () => {
  it("sends the host at most 3 emails, each one listing what it is about", async () => {
    const now = Date.now();
    // The host's day starts at 9 AM their time, whenever the test runs: run in the evening, the
    // 12 hours below would reach the next morning, whose claim digest is the second day's email.
    const host = hostWithCars("firstday", zoneWhereItIsNine(now));
    // Sign-up: the verification email.
    auth.sendVerificationEmail({ id: host.userId, email: host.email, firstName: "Sam" });
    // The trip import: a season of past trips, one that ended last night, one running, one ahead.
    const history = Array.from({ length: 20 }, (_, index) => ({
      reservationId: `H${index}`,
      startAt: now - (index + 5) * DAY,
      endAt: now - (index + 3) * DAY,
      status: "completed" as const,
    }));
    importTrips(host, [
      ...history,
      {
        reservationId: "LAST",
        startAt: now - 3 * DAY,
        endAt: now - 20 * HOUR,
        status: "completed",
      },
      { reservationId: "RUN", startAt: now - DAY, endAt: now + 2 * DAY },
      { reservationId: "NEXT", startAt: now + 3 * DAY, endAt: now + 5 * DAY },
    ]);
    // A damage claim on the trip that ended last night (no amount needed to start counting).
    const last = trips.listTrips(host.accountId).find((trip) => trip.reservationId === "LAST")!;
    const actor = { accountId: host.accountId, userId: host.userId, role: "primary" as const };
    claims.createClaim(actor, { tripId: last.id, kind: "damage", claimedCents: 42_000 });
    // Guest questions: parking, then a discount before the host replied.
    conversations.pasteConversation(host.accountId, {
      guestName: "Jordan Lee",
      reservationId: "NEXT",
      text: "Where do I park at pickup?",
    });
    conversations.pasteConversation(host.accountId, {
      guestName: "Jordan Lee",
      reservationId: "NEXT",
      text: "Can I get a discount if I extend two days?",
    });
    // A VA is invited (their email is theirs, not the host's).
    const invited = accountsModule.inviteMember(
      host.accountId,
      { id: host.userId, firstName: "Sam", lastName: null, email: host.email },
      "firstday_va@example.com",
      "va",
    );
    expect(invited.ok).toBe(true);

    // The worker runs through the rest of the day (every 15 minutes for 12 hours).
    for (let at = now; at <= now + 12 * HOUR; at += 15 * 60_000) await workerPass(at);

    const mails = await received(host.email);
    // The verification, the guest's questions, the claim's reminder 2 hours before its deadlines.
    expect(mails).toHaveLength(3);
    // The outbox sends in the background, so emails queued in one pass may arrive in either order.
    expect(mails.map((mail) => mail.subject)).toContain("Verify your email for FleetAssist");
    const reminders = mails.filter((mail) => mail.subject.includes("claim deadlines coming up"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toMatch(
      /^2 claim deadlines coming up, the first: Report damage by .* \(damage claim, trip LAST\)$/,
    );
    expect(reminders[0]!.text).toContain("1. Report damage: 2 hours left");
    // The guest's two questions are one email: the reply and the part that needs the host.
    const guest = mails.filter((mail) => mail.text.includes("Answer Jordan Lee"));
    expect(guest).toHaveLength(1);
    expect(guest[0]!.text).toContain("Needs a person: Jordan Lee");
    // Nothing about the imported history, and no deadline announced after it passed.
    for (const mail of mails) {
      expect(mail.text).not.toMatch(/trip H\d+/);
      expect(mail.text).not.toContain("Overdue");
    }
    expect(await received("firstday_va@example.com")).toHaveLength(1);
  });
});
