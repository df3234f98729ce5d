/**
 * The booking automation on a real SQLite database: items are written once per trip and start
 * time, a draft appears only when its moment comes and only once (across passes and a restart of
 * the module), keys go out only at check-in, and a moved trip gets new items.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";
import { setUpTempDataDir } from "~/tests/support/app-modules";

setUpTempDataDir("booking");

// Loaded after DATA_DIR is set: the database reads it once.
const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const vehicles = await import("~/lib/vehicles/vehicles.server");
const trips = await import("~/lib/trips/trips.server");
const knowledge = await import("./knowledge.server");
const drafts = await import("./drafts.server");

const HOUR = 3_600_000;

/** A fresh copy of the module, as after a restart (no state carried in memory). */
async function freshBookingDrafts() {
  vi.resetModules();
  return import("./booking-drafts.server");
}

function bookedTrip(name: string, startAt: number) {
  const owner = insertOwner(db, schema, name);
  const car = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  if (!car.ok) throw new Error("vehicle not created");
  knowledge.saveKnowledge(owner.accountId, "pickup-spot", "Level 2 of the Economy Lot, row F.");
  knowledge.saveKnowledge(owner.accountId, "key-steps", "The lockbox code is 4821.");
  const trip = trips.createTrip(
    owner.accountId,
    tripInput({
      reservationId: `B-${name}`,
      guestName: "Jordan Lee",
      startAt,
      endAt: startAt + 48 * HOUR,
      pickupLocation: "Denver International Airport",
    }),
    car.vehicle.id,
    "manual",
  );
  return { ...owner, trip };
}

function itemsOf(accountId: string) {
  return db
    .db()
    .select()
    .from(schema.queueItems)
    .where(and(eq(schema.queueItems.accountId, accountId), eq(schema.queueItems.kind, "draft")))
    .orderBy(schema.queueItems.readyAt)
    .all();
}

describe("booking drafts", () => {
  it("writes each message once, drafts it when its moment comes, and never twice", async () => {
    const now = Date.now();
    const { accountId, trip } = bookedTrip("booker", now + 72 * HOUR);
    const booking = await freshBookingDrafts();
    expect(booking.scheduleBookingDrafts(now, accountId)).toBe(3);
    expect(booking.scheduleBookingDrafts(now, accountId)).toBe(0);
    expect(itemsOf(accountId).map((item) => item.key.split(":")[1])).toEqual([
      "booking-confirmation",
      "pre-pickup",
      "check-in",
    ]);

    // Now (the trip was just booked): only the confirmation is due.
    expect(booking.prepareBookingDrafts(Date.now())).toBe(1);
    expect(booking.prepareBookingDrafts(Date.now())).toBe(0);
    const [confirmation] = itemsOf(accountId);
    const conversationDrafts = () =>
      drafts.listDrafts(accountId, confirmation!.conversationId!).map(drafts.draftJson);
    expect(conversationDrafts()).toEqual([
      expect.objectContaining({
        purpose: "booking-confirmation",
        status: "ready",
        kind: "template",
      }),
    ]);
    expect(conversationDrafts()[0]!.text).toContain("Denver International Airport");

    // The day before, after a restart: the pickup instructions, without the keys.
    const dayBefore = trip.startAt.getTime() - 23 * HOUR;
    const restarted = await freshBookingDrafts();
    expect(restarted.prepareBookingDrafts(dayBefore)).toBe(1);
    const prePickup = conversationDrafts().find((draft) => draft.purpose === "pre-pickup")!;
    expect(prePickup).toMatchObject({ status: "ready", usedKnowledge: ["pickup-spot"] });
    expect(prePickup.text).toContain("Level 2 of the Economy Lot, row F.");
    expect(prePickup.text).not.toContain("4821");

    // At the start: check-in, with the key steps.
    expect(restarted.prepareBookingDrafts(trip.startAt.getTime())).toBe(1);
    expect(restarted.prepareBookingDrafts(trip.startAt.getTime() + HOUR)).toBe(0);
    const checkIn = conversationDrafts().find((draft) => draft.purpose === "check-in")!;
    expect(checkIn).toMatchObject({ status: "ready", usedKnowledge: ["key-steps"] });
    expect(checkIn.text).toContain("The lockbox code is 4821.");
  });

  it("moves the unsent messages of a trip whose start moved", async () => {
    const now = Date.now();
    const { accountId, trip } = bookedTrip("mover", now + 72 * HOUR);
    const booking = await freshBookingDrafts();
    booking.scheduleBookingDrafts(now, accountId);
    booking.prepareBookingDrafts(Date.now());
    const later = trip.startAt.getTime() + 24 * HOUR;
    db.db()
      .update(schema.trips)
      .set({ startAt: new Date(later) })
      .where(eq(schema.trips.id, trip.id))
      .run();
    expect(booking.scheduleBookingDrafts(now, accountId)).toBe(2);
    const keys = itemsOf(accountId).map((item) => item.key);
    // The confirmation is sent once; the other two follow the new start.
    expect(keys).toEqual([
      `draft:booking-confirmation:${trip.id}`,
      `draft:pre-pickup:${trip.id}:${later}`,
      `draft:check-in:${trip.id}:${later}`,
    ]);
  });

  it("never puts a bracket in: the pickup spot answers where, and what nobody knows is named", async () => {
    const now = Date.now();
    const owner = insertOwner(db, schema, "noplace");
    const car = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
    if (!car.ok) throw new Error("vehicle not created");
    const trip = trips.createTrip(
      owner.accountId,
      tripInput({
        reservationId: "B-noplace",
        guestName: null,
        startAt: now + 72 * HOUR,
        endAt: now + 96 * HOUR,
      }),
      car.vehicle.id,
      "manual",
    );
    const booking = await freshBookingDrafts();
    booking.scheduleBookingDrafts(now, owner.accountId);
    booking.prepareBookingDrafts(Date.now());
    const [item] = itemsOf(owner.accountId);
    const confirmation = () =>
      drafts.listDrafts(owner.accountId, item!.conversationId!).map(drafts.draftJson)[0]!;
    // No pickup place on the trip and no pickup spot answer: left out, and said.
    expect(confirmation()).toMatchObject({
      status: "ready",
      missing: ["pickup and return place"],
    });
    expect(confirmation().text).not.toMatch(/\[|\{\{/);
    expect(confirmation().text).toMatch(/^Hi,\n/);

    // With the car's own pickup spot answer, the confirmation says where the car is.
    knowledge.saveKnowledge(
      owner.accountId,
      "pickup-spot",
      "Level 3 of the garage.",
      car.vehicle.id,
    );
    db.db().delete(schema.queueItems).where(eq(schema.queueItems.accountId, owner.accountId)).run();
    booking.scheduleBookingDrafts(now, owner.accountId);
    booking.prepareBookingDrafts(Date.now());
    expect(confirmation()).toMatchObject({
      status: "ready",
      missing: [],
      usedKnowledge: ["pickup-spot"],
    });
    expect(confirmation().text).toContain("Level 3 of the garage.");
    expect(trip.pickupLocation).toBeNull();
  });
});
