/**
 * Claim reminders on a real SQLite database: due at the owner's lead times before each deadline,
 * once (a second pass sends nothing), only the nearest when several came due together, never for
 * a passed deadline or a finished claim; the digest once per local day from 8 AM.
 */
import { eq } from "drizzle-orm";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { describe, expect, it } from "vitest";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";

setUpTempDataDir("reminders");

// Loaded after DATA_DIR is set: the database reads it once.
const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const vehicles = await import("~/lib/vehicles/vehicles.server");
const trips = await import("~/lib/trips/trips.server");
const claims = await import("./claims.server");
const reminders = await import("./reminders.server");
const preferences = await import("~/lib/accounts/preferences.server");

const HOUR = 3_600_000;
/** Trip end: Monday Nov 23, 2026, 6:00 PM in Denver (01:00 UTC Tuesday). */
const END = Date.parse("2026-11-24T01:00:00Z");

function outboxFor(email: string) {
  return db.db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email)).all();
}

function claimOn(name: string, kind: "damage" | "tolls" = "damage", openedAt = END - 2 * HOUR) {
  const owner = insertOwner(db, schema, name);
  const car = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  if (!car.ok) throw new Error("vehicle");
  const trip = trips.createTrip(
    owner.accountId,
    tripInput({
      reservationId: `R-${name}`,
      startAt: END - 48 * HOUR,
      endAt: END,
      status: "completed",
    }),
    car.vehicle.id,
    "manual",
  );
  const actor = { accountId: owner.accountId, userId: owner.userId, role: "primary" as const };
  const claim = claims.createClaim(actor, { tripId: trip.id, kind, claimedCents: 50_000 });
  // Opened when the trip ended (the tests run their clock from there).
  db.db()
    .update(schema.claims)
    .set({ createdAt: new Date(openedAt) })
    .where(eq(schema.claims.id, claim.id))
    .run();
  return { owner, actor, claim, email: `${name}@example.com` };
}

describe("claim reminders", () => {
  it("sends each due reminder once, at the lead time, and again at the next lead time", () => {
    const { email } = claimOn("rem_once");
    // Damage: report and post-trip photos are due 24 h after trip end; 24 h before that is END.
    expect(reminders.sendDueReminders(END - HOUR)).toBe(0);
    expect(reminders.sendDueReminders(END + 60_000)).toBe(1);
    // Both deadlines came due in the same pass: one email lists them.
    const [first, ...others] = outboxFor(email);
    expect(others).toEqual([]);
    expect(first!.subject).toBe(
      "2 claim deadlines coming up, the first: Report damage by Nov 24, 2026, 6:00 PM MST (damage claim, trip R-rem_once)",
    );
    expect(first!.text).toContain("1. Report damage: 23 hours 59 minutes left, by Nov 24, 2026");
    expect(first!.text).toContain("2. Take post-trip photos: 23 hours 59 minutes left");
    expect(first!.text).toContain("/dashboard/claim/");
    expect(reminders.sendDueReminders(END + 2 * HOUR)).toBe(0);
    expect(outboxFor(email)).toHaveLength(1);
    // 2 hours before the deadline: the second reminder of each, again in one email.
    reminders.sendDueReminders(END + 22 * HOUR + 60_000);
    expect(outboxFor(email)).toHaveLength(2);
    // After the deadline: nothing more for it.
    reminders.sendDueReminders(END + 25 * HOUR);
    expect(outboxFor(email)).toHaveLength(2);
  });

  it("sends only the nearest reminder when several came due together (the server was down)", () => {
    const { email } = claimOn("rem_down");
    reminders.sendDueReminders(END + 23 * HOUR);
    const sent = outboxFor(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("1. Report damage: 1 hour left");
    expect(sent[0]!.text).not.toContain("1 day left");
    reminders.sendDueReminders(END + 23 * HOUR + 10 * 60_000);
    expect(outboxFor(email)).toHaveLength(1);
  });

  it("sends nothing for reminder times that had come before the claim was opened", () => {
    // Opened 23 hours after the trip: both the 24-hour and the 2-hour reminder times are past.
    const { email } = claimOn("rem_late", "damage", END + 23 * HOUR);
    expect(reminders.sendDueReminders(END + 23 * HOUR + 60_000)).toBe(0);
    expect(reminders.sendDueReminders(END + 23 * HOUR + 10 * 60_000)).toBe(0);
    expect(outboxFor(email)).toHaveLength(0);
  });

  it("follows the owner's lead times, and stops when the claim is finished", () => {
    const { owner, actor, claim, email } = claimOn("rem_leads", "tolls");
    preferences.saveReminderSettings(owner.accountId, { leadHours: [72], dailyDigest: false });
    // Tolls: 90 days after trip end; 72 h before that.
    const due = END + 90 * 24 * HOUR - 72 * HOUR;
    expect(reminders.sendDueReminders(due - HOUR)).toBe(0);
    claims.changeClaim(actor, claim.id, { status: "withdrawn" });
    expect(reminders.sendDueReminders(due + HOUR)).toBe(0);
    expect(outboxFor(email)).toHaveLength(0);
  });
});

describe("daily digest", () => {
  it("goes out once per local day, from 8 AM in the account's zone", () => {
    const { owner, email } = claimOn("digest_day");
    db.db()
      .update(schema.accounts)
      .set({ timeZone: "America/Denver", reminderLeadHours: "[]" })
      .where(eq(schema.accounts.id, owner.accountId))
      .run();
    const sevenAm = Date.parse("2026-11-24T14:00:00Z"); // 7 AM MST
    const digests = () =>
      outboxFor(email).filter((row) => row.subject.startsWith("Claim deadlines"));
    reminders.sendDailyDigests(sevenAm);
    expect(digests()).toHaveLength(0);
    reminders.sendDailyDigests(sevenAm + HOUR + 60_000);
    reminders.sendDailyDigests(sevenAm + 5 * HOUR);
    expect(digests()).toHaveLength(1);
    expect(digests()[0]!.subject).toBe("Claim deadlines in the next 3 days: 3");
    expect(digests()[0]!.text).toContain("- Report damage by Nov 24, 2026, 6:00 PM MST");
    // The next morning, again.
    reminders.sendDailyDigests(sevenAm + 25 * HOUR);
    expect(digests()).toHaveLength(2);
  });
});
