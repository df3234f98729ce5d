/**
 * The paged trips list on a real SQLite database: walking the pages shows every trip of the
 * account once, in the list's order (trips not over yet by soonest end, then past trips by latest
 * end); filters hold on every page; another account's trips never appear; a bad cursor, limit or
 * filter is refused with a sentence.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";
import { loadAppModules, setUpTempDataDir, type AppModules } from "~/tests/support/app-modules";
import type { TripStatus } from "~/domain/trips/trip";
import { encodeCursor } from "~/lib/paging/paging";

setUpTempDataDir("trip-list");

let m: AppModules;
let trips: typeof import("./trips.server");
let list: typeof import("./trip-list.server");

const NOW = Date.parse("2026-11-27T18:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = "America/Denver";
const STATUSES: TripStatus[] = ["booked", "in_progress", "completed", "canceled"];

let accountId: string;
let otherAccountId: string;
let carA: string;
let carB: string;
/** Every trip of the account: id, car, status, end. */
const made: {
  id: string;
  vehicleId: string;
  status: TripStatus;
  endAt: number;
  startAt: number;
}[] = [];

beforeAll(async () => {
  m = await loadAppModules();
  trips = await import("./trips.server");
  list = await import("./trip-list.server");
  const owner = insertOwner(m.db, m.schema, "trip_list_owner");
  accountId = owner.accountId;
  carA = car(accountId, "A");
  carB = car(accountId, "B");
  // 37 trips from 30 days ago to 6 days ahead, some ending at the same instant (ties by id).
  for (let i = 0; i < 37; i++) {
    const endAt = NOW + (i - 30) * DAY + (i % 5 === 0 ? 0 : HOUR);
    const startAt = endAt - 2 * DAY;
    const vehicleId = i % 3 === 0 ? carB : carA;
    const status = STATUSES[i % 4]!;
    const trip = trips.createTrip(
      accountId,
      tripInput({ reservationId: `L-${i}`, startAt, endAt, status, timeZone: ZONE }),
      vehicleId,
      "manual",
    );
    made.push({ id: trip.id, vehicleId, status, endAt, startAt });
  }
  // Two trips ending at exactly the same time: the id settles their order.
  for (const suffix of ["x", "y"]) {
    const endAt = NOW + 2 * DAY;
    const trip = trips.createTrip(
      accountId,
      tripInput({ reservationId: `L-tie-${suffix}`, startAt: endAt - DAY, endAt, timeZone: ZONE }),
      carA,
      "manual",
    );
    made.push({ id: trip.id, vehicleId: carA, status: "booked", endAt, startAt: endAt - DAY });
  }
  const other = insertOwner(m.db, m.schema, "trip_list_other");
  otherAccountId = other.accountId;
  const otherCar = car(otherAccountId, "Other");
  for (let i = 0; i < 5; i++) {
    trips.createTrip(
      otherAccountId,
      tripInput({ reservationId: `O-${i}`, startAt: NOW - DAY, endAt: NOW + i * HOUR }),
      otherCar,
      "manual",
    );
  }
});

function car(account: string, nickname: string): string {
  const saved = m.vehicles.createVehicle(account, { ...SAMPLE_CAR, nickname });
  if (!saved.ok) throw new Error("The car wasn't saved");
  return saved.vehicle.id;
}

/** The list's order, worked out here from what was made. */
function expectedOrder(keep: (trip: (typeof made)[number]) => boolean = () => true) {
  const byEndThenId = (a: (typeof made)[number], b: (typeof made)[number]) =>
    a.endAt - b.endAt || (a.id < b.id ? -1 : 1);
  const kept = made.filter(keep);
  const current = kept.filter((trip) => trip.endAt >= NOW).sort(byEndThenId);
  const past = kept.filter((trip) => trip.endAt < NOW).sort((a, b) => byEndThenId(b, a));
  return [...current, ...past].map((trip) => trip.id);
}

/** Follows the page links from the first page the way the page does. */
function walk(query: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const params = new URLSearchParams(query);
    params.set("limit", String(limit));
    if (cursor) params.set("cursor", cursor);
    const page = list.tripListPage(accountId, params, { now: NOW, timeZone: ZONE });
    expect(page.notice).toBeNull();
    expect(page.trips.length).toBeLessThanOrEqual(limit);
    seen.push(...page.trips.map((trip) => trip.id));
    cursor = page.nextCursor;
    if (!cursor) return { seen, pages: pages + 1 };
  }
  throw new Error("The pages never ended");
}

describe("the trips list", () => {
  for (const limit of [1, 7, 30, 39, 50]) {
    it(`shows every trip once, not over yet first, ${limit} a page`, () => {
      const { seen, pages } = walk("", limit);
      expect(seen).toEqual(expectedOrder());
      expect(pages).toBe(Math.max(1, Math.ceil(made.length / limit)));
    });
  }

  it("keeps the car and status filters on every page", () => {
    const { seen } = walk(`vehicleId=${carA}&status=completed`, 2);
    expect(seen).toEqual(
      expectedOrder((trip) => trip.vehicleId === carA && trip.status === "completed"),
    );
    expect(seen.length).toBeGreaterThan(3);
  });

  it("keeps trips that overlap the dates, in the account's zone", () => {
    // From Nov 20 to Nov 22 in Denver: trips ending on or after Nov 20 00:00 and starting
    // before Nov 23 00:00 local time.
    const fromMs = Date.parse("2026-11-20T07:00:00Z");
    const toMs = Date.parse("2026-11-23T07:00:00Z");
    const { seen } = walk("from=2026-11-20&to=2026-11-22", 3);
    expect(seen).toEqual(expectedOrder((trip) => trip.endAt >= fromMs && trip.startAt < toMs));
    expect(seen.length).toBeGreaterThan(2);
    expect(
      list.countTrips(
        accountId,
        { ...list.NO_TRIP_FILTERS, from: "2026-11-20", to: "2026-11-22" },
        ZONE,
      ),
    ).toBe(seen.length);
  });

  it("never shows another account's trips, even for that account's car", () => {
    const otherCar = m.vehicles.listVehicles(otherAccountId)[0]!.id;
    expect(walk("", 50).seen.every((id) => made.some((trip) => trip.id === id))).toBe(true);
    expect(walk(`vehicleId=${otherCar}`, 50).seen).toEqual([]);
  });

  it("lists every trip by latest end for the API (no split at now)", () => {
    const page = list.tripPage(
      accountId,
      list.NO_TRIP_FILTERS,
      { limit: 200, cursor: null },
      { now: null, timeZone: ZONE },
    );
    const byEndDesc = [...made]
      .sort((a, b) => b.endAt - a.endAt || (a.id < b.id ? 1 : -1))
      .map((trip) => trip.id);
    expect(page.trips.map((trip) => trip.id)).toEqual(byEndDesc);
    expect(page.nextCursor).toBeNull();
  });

  it("shows the first page with a notice for a cursor that isn't a trips cursor", () => {
    for (const cursor of [
      "nonsense",
      encodeCursor({ key: 5, id: "x" }),
      encodeCursor({ key: "later:5", id: "x" }),
    ]) {
      const page = list.tripListPage(accountId, new URLSearchParams({ cursor, status: "booked" }), {
        now: NOW,
        timeZone: ZONE,
      });
      expect(page.notice).toBe("That page link is no longer valid: start from the first page.");
      expect(page.filters.status).toBe("booked");
      expect(page.trips.map((trip) => trip.id)).toEqual(
        expectedOrder((trip) => trip.status === "booked").slice(0, 50),
      );
    }
  });

  it("refuses an unknown status, a date that isn't one and a bad limit", () => {
    const read = (query: string) => list.readTripListRequest(new URLSearchParams(query));
    expect(read("status=lost")).toMatchObject({
      ok: false,
      message: "status must be one of booked, in_progress, completed, canceled.",
    });
    expect(read("from=2026-02-30")).toMatchObject({
      ok: false,
      message: "from and to must be dates as YYYY-MM-DD.",
    });
    expect(read("from=2026-11-20&to=2026-11-01")).toMatchObject({
      ok: false,
      message: "to must be on or after from.",
    });
    expect(read("limit=201")).toMatchObject({
      ok: false,
      message: "limit must be a whole number from 1 to 200.",
    });
    expect(read(`vehicleId=${carA}&status=completed&from=2026-11-01&to=2026-11-30`)).toEqual({
      ok: true,
      limit: 50,
      cursor: null,
      filters: { vehicleId: carA, status: "completed", from: "2026-11-01", to: "2026-11-30" },
    });
  });
});
