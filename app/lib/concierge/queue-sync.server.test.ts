/**
 * The concierge queue's sync on a real SQLite database, at the size of a large fleet: loading the
 * concierge page asks the same few questions for 10 conversations or 600 and writes nothing when
 * nothing changed; a new guest message, trip or claim still shows its item on the next load,
 * written alone; a change that makes no difference writes no item; and time alone (a trip ending)
 * still changes what the queue holds.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTripAndInboxModules, setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";
import { fullScans, recordQueries, type RecordedQuery } from "~/tests/support/query-plan";

setUpTempDataDir("queue-sync");

// Loaded after DATA_DIR is set: the database reads it once.
const { db, schema, vehicles, trips, claims, conversations } = await loadTripAndInboxModules();
const queue = await import("./queue.server");
const dashboard = await import("./dashboard.server");

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GROWING = [
  "trips",
  "claims",
  "conversations",
  "conversation_messages",
  "queue_items",
  "queue_sync_state",
];

type Owner = ReturnType<typeof insertOwner>;

/**
 * An account with `count` guests, each with a trip (half starting within the week, half ended
 * yesterday) and a conversation (every third asks for a discount: "Needs you"); a claim on every
 * tenth ended trip.
 */
function seedAccount(name: string, count: number, now: number) {
  const owner = insertOwner(db, schema, name);
  const created = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  if (!created.ok) throw new Error("vehicle");
  for (let i = 0; i < count; i++) {
    const reservationId = `${name}-${i}`;
    const startAt = i % 2 === 0 ? now + 2 * DAY + i * 60_000 : now - 4 * DAY + i * 60_000;
    const trip = trips.createTrip(
      owner.accountId,
      tripInput({ reservationId, guestName: `Guest ${i}`, startAt, endAt: startAt + 2 * DAY }),
      created.vehicle.id,
      "manual",
    );
    conversations.pasteConversation(owner.accountId, {
      guestName: `Guest ${i}`,
      reservationId,
      text: i % 3 === 0 ? "Could you give me a discount on the price?" : "What time is pickup?",
    });
    if (i % 20 === 1) {
      claims.createClaim(
        { accountId: owner.accountId, userId: owner.userId, role: "primary" } as never,
        { tripId: trip.id, kind: "cleaning", claimedCents: 4_500 },
      );
    }
  }
  return { ...owner, vehicleId: created.vehicle.id };
}

function sessionOf(owner: Owner) {
  return { user: { id: owner.userId }, accountId: owner.accountId } as unknown as Parameters<
    typeof dashboard.conciergeDashboard
  >[0];
}

/** The concierge page's data, and every statement it ran. */
async function loadPage(owner: Owner, now: number) {
  return recordQueries(db.db().$client, () =>
    dashboard.conciergeDashboard(sessionOf(owner), { account: null, shift: null }, undefined, now),
  );
}

const writes = (queries: readonly RecordedQuery[]) =>
  queries.filter((query) => /^\s*(insert|update|delete)\b/i.test(query.sql));
const itemWrites = (queries: readonly RecordedQuery[]) =>
  writes(queries).filter((query) => /"queue_items"/.test(query.sql));
const scans = (queries: readonly RecordedQuery[]) =>
  queries.flatMap((query) => fullScans(db.db().$client, query, GROWING));

const now = Date.now();
let small: ReturnType<typeof seedAccount>;
let large: ReturnType<typeof seedAccount>;

beforeAll(() => {
  small = seedAccount("sync_small", 10, now);
  large = seedAccount("sync_large", 600, now);
}, 120_000);

describe("loading the concierge page", () => {
  it("asks the same few indexed questions for 10 conversations or 600, and writes nothing the second time", async () => {
    // The first load after the data was written brings the queue up to date.
    const first = await loadPage(large, now);
    expect(itemWrites(first.queries).length).toBeGreaterThan(0);
    await loadPage(small, now);

    const smallLoad = await loadPage(small, now + 60_000);
    const largeLoad = await loadPage(large, now + 60_000);
    expect(largeLoad.queries.length).toBe(smallLoad.queries.length);
    expect(largeLoad.queries.length).toBeLessThanOrEqual(15);
    expect(writes(largeLoad.queries)).toEqual([]);
    expect(scans(largeLoad.queries)).toEqual([]);
    // The page still lists the account's items.
    const data = largeLoad.result as ReturnType<typeof dashboard.conciergeDashboard>;
    expect(data.counts.open).toBeGreaterThan(dashboard.QUEUE_PAGE_SIZE);
    expect(data.open.length).toBe(dashboard.QUEUE_PAGE_SIZE);
  });

  it("shows a new guest message's item on the next load, writing that item alone", async () => {
    await loadPage(large, now);
    const conversationId = conversations.pasteConversation(large.accountId, {
      guestName: "Dana Late",
      reservationId: "sync_large-new",
      text: "Is there a child seat in the car?",
    });
    const load = await loadPage(large, now + 60_000);
    const inserted = itemWrites(load.queries).filter((query) => /^\s*insert/i.test(query.sql));
    expect(inserted).toHaveLength(1);
    const waiting = await loadPage(large, now + 120_000);
    expect(writes(waiting.queries)).toEqual([]);
    const items = queue
      .queueFor([large.accountId], now + 120_000)
      .filter((item) => item.conversationId === conversationId);
    expect(items.map((item) => [item.kind, item.title])).toEqual([
      ["reply", "Answer Dana Late (trip sync_large-new)"],
    ]);
  });

  it("shows a new trip's and a new claim's items on the next load", async () => {
    await loadPage(large, now);
    const startAt = now + 3 * HOUR;
    const trip = trips.createTrip(
      large.accountId,
      tripInput({
        reservationId: "sync-new-trip",
        guestName: "Ravi",
        startAt,
        endAt: startAt + DAY,
      }),
      large.vehicleId,
      "manual",
    );
    await loadPage(large, now + 60_000);
    const tripItems = queue
      .itemsSince([large.accountId], now)
      .filter((item) => item.tripId === trip.id)
      .map((item) => item.kind)
      .sort();
    expect(tripItems).toEqual(
      ["photo-audit", "reimbursement", "reimbursement", "return-check", "trip-start"].sort(),
    );

    const ended = trips.createTrip(
      large.accountId,
      tripInput({
        reservationId: "sync-ended-trip",
        startAt: now - 3 * DAY,
        endAt: now - 2 * DAY,
      }),
      large.vehicleId,
      "manual",
    );
    const claim = claims.createClaim(
      { accountId: large.accountId, userId: large.userId, role: "primary" } as never,
      { tripId: ended.id, kind: "fuel", claimedCents: 3_000 },
    );
    await loadPage(large, now + 120_000);
    const claimItems = queue
      .itemsSince([large.accountId], now)
      .filter((item) => item.claimId === claim.id);
    expect(claimItems.length).toBeGreaterThan(0);
    expect(claimItems.every((item) => item.kind === "claim-deadline")).toBe(true);
  });
});

describe("a sync with nothing new", () => {
  it("writes no item when a change makes no difference to the queue", async () => {
    queue.syncQueue(large.accountId, now);
    // A trip's odometer says nothing the queue shows.
    const someTrip = db
      .db()
      .select({ id: schema.trips.id })
      .from(schema.trips)
      .where(eq(schema.trips.accountId, large.accountId))
      .get()!;
    db.db()
      .update(schema.trips)
      .set({ odometerEnd: 12_345 })
      .where(eq(schema.trips.id, someTrip.id))
      .run();
    const pass = await recordQueries(db.db().$client, () =>
      queue.syncQueue(large.accountId, now + 60_000),
    );
    expect(pass.result).toBe(0);
    expect(itemWrites(pass.queries)).toEqual([]);
    // It read everything once: the next pass reads its state and stops.
    const next = await recordQueries(db.db().$client, () =>
      queue.syncQueue(large.accountId, now + 120_000),
    );
    expect(next.queries).toHaveLength(1);
    expect(writes(next.queries)).toEqual([]);
  });

  it("costs the minute pass three reads and no writes, however many accounts", async () => {
    const at = now + 10 * 60_000;
    // The first pass after the changes above syncs them and emails what became ready.
    queue.processQueue(at);
    const pass = await recordQueries(db.db().$client, () => queue.processQueue(at + 60_000));
    expect(pass.result).toBe(0);
    expect(writes(pass.queries)).toEqual([]);
    // Which accounts have something in their window, which of them are up to date, what is ready.
    expect(queue.accountsToSync(at + 60_000).length).toBeGreaterThanOrEqual(2);
    expect(pass.queries).toHaveLength(3);
    expect(scans(pass.queries)).toEqual([]);
  });

  it("still drops a trip's start check once the trip has ended, with no data changed", async () => {
    const owner = insertOwner(db, schema, "sync_edge");
    const created = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
    if (!created.ok) throw new Error("vehicle");
    const startAt = now + 3 * HOUR;
    const endAt = startAt + 5 * HOUR;
    const trip = trips.createTrip(
      owner.accountId,
      tripInput({ reservationId: "sync-edge", startAt, endAt }),
      created.vehicle.id,
      "manual",
    );
    const kinds = () =>
      queue
        .itemsSince([owner.accountId], now)
        .filter((item) => item.tripId === trip.id && !item.doneAt)
        .map((item) => item.kind)
        .filter((kind) => kind === "trip-start" || kind === "return-check");
    queue.syncQueue(owner.accountId, now);
    expect(kinds().sort()).toEqual(["return-check", "trip-start"]);
    // Before the end nothing changes and nothing is read.
    const quiet = await recordQueries(db.db().$client, () =>
      queue.syncQueue(owner.accountId, endAt - 60_000),
    );
    expect(quiet.queries).toHaveLength(1);
    queue.syncQueue(owner.accountId, endAt + 60_000);
    expect(kinds()).toEqual(["return-check"]);
  });
});
