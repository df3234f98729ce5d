/**
 * The signed-in lists and dashboards cost the same on a big account as on a small one: each page
 * load and JSON list runs the same small number of queries for 10 trips as for 1,000, and none of
 * them reads the trips, claims, reports or share links tables whole (EXPLAIN QUERY PLAN). Run on
 * real SQLite through the routes' own loaders, signed in with a real session.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fullScans, recordQueries } from "~/tests/support/query-plan";
import { insertOwner, SAMPLE_CAR, texturedJpeg, tripInput } from "~/tests/support/rows";
import {
  dentedHoodReport,
  loadAppModules,
  setUpTempDataDir,
  type AppModules,
} from "~/tests/support/app-modules";
import type { ClaimKind } from "~/domain/claims/claim";
import type { TripStatus } from "~/domain/trips/trip";
import { answerOf } from "~/tests/support/route-stub";

setUpTempDataDir("list-pages");

const GROWING = [
  "trips",
  "claims",
  "claim_events",
  "reports",
  "report_revisions",
  "share_links",
  "vehicles",
  "repair_quotes",
  "repair_confirmations",
];
const DAY = 86_400_000;
const STATUSES: TripStatus[] = ["completed", "completed", "canceled", "booked", "in_progress"];
const KINDS: ClaimKind[] = ["tolls", "damage", "fuel", "cleaning"];

let m: AppModules;
let session: typeof import("~/lib/auth/session.server");
let trips: typeof import("~/lib/trips/trips.server");
let claims: typeof import("~/lib/claims/claims.server");
let repairs: typeof import("~/lib/repairs/repairs.server");
let hostPlans: typeof import("~/lib/trips/host-plans.server");

interface Seeded {
  cookie: string;
  reportId: string;
  vehicleId: string;
  accountId: string;
}

const accounts: Record<"small" | "large", Seeded> = {} as never;

/**
 * An owner with `carCount` cars, `tripCount` trips around today, claims (some paid), share links,
 * and `reportCount` finalized estimates, each with a shop's quote and a confirmed repair.
 */
async function seed(
  name: string,
  {
    tripCount,
    carCount,
    reportCount,
  }: { tripCount: number; carCount: number; reportCount: number },
): Promise<Seeded> {
  const { owner, vehicle, report } = await dentedHoodReport(m, name, { photoSeed: 3 });
  const { accountId, userId } = owner;
  m.reportEdits.finalizeReport(accountId, report.id, userId);
  const cars = [vehicle.id];
  for (let n = 1; n < carCount; n++) {
    const saved = m.vehicles.createVehicle(accountId, { ...SAMPLE_CAR, nickname: `Car ${n}` });
    if (!saved.ok) throw new Error("The car wasn't saved");
    cars.push(saved.vehicle.id);
  }
  for (const car of cars) hostPlans.setHostPlan(accountId, car, 75, "2020-01-01");
  const actor = { accountId, userId, role: "primary" as const };
  const estimates = [report.id];
  for (let n = 1; n < reportCount; n++) {
    const { staged } = await m.photos.stageFiles(
      owner,
      [new File([new Uint8Array(await texturedJpeg(10 + n))], `dent-${n}.jpg`)],
      "post_trip",
    );
    const more = m.reports.createReport({
      ...owner,
      vehicleId: cars[n % cars.length]!,
      photoIds: staged.map((photo) => photo.id),
      mode: "manual",
    });
    m.reportEdits.addFinding(accountId, more.id, {
      panel: "front-bumper",
      damageType: "scratch",
      severity: "minor",
      preExisting: false,
    });
    m.reportEdits.finalizeReport(accountId, more.id, userId);
    estimates.push(more.id);
  }
  const estimateOfCar = new Map(estimates.map((id, n) => [cars[n % cars.length]!, id]));
  for (const [n, reportId] of estimates.entries()) {
    repairs.recordQuote(actor, {
      reportId,
      shopName: `Shop ${n}`,
      amountCents: 50_000 + n,
      days: 3,
      details: null,
    });
    repairs.confirmRepair(actor, {
      reportId,
      invoiceCents: 48_000 + n * 100,
      repairedOn: "2026-10-01",
      shopName: `Shop ${n}`,
    });
  }
  const now = Date.now();
  for (let i = 0; i < tripCount; i++) {
    const endAt = now + (5 - Math.floor((i * 400) / tripCount)) * DAY + i * 1000;
    const car = cars[i % cars.length]!;
    const trip = trips.createTrip(
      accountId,
      tripInput({
        reservationId: `${name}-${i}`,
        startAt: endAt - 3 * DAY,
        endAt,
        status: STATUSES[i % STATUSES.length]!,
        earningsCents: 10_000 + i,
        guestPlan: "standard",
      }),
      car,
      "manual",
    );
    // Every 10th trip has a claim, and the last one an open claim (so both lists have rows);
    // the second trip an open tolls claim, whose deadline the dashboard shows on both accounts.
    if (i % 10 !== 0 && i !== tripCount - 1 && i !== 1) continue;
    // Damage claims have all the route advisor reads: plans, an amount, and (when the trip's
    // car has one) an estimate.
    const kind =
      i === tripCount - 1 ? "damage" : i === 1 ? "tolls" : KINDS[(i / 10) % KINDS.length]!;
    const estimate = estimateOfCar.get(car);
    const claim = claims.createClaim(actor, {
      tripId: trip.id,
      kind,
      claimedCents: 5_000,
      ...(kind === "damage" && estimate ? { reportId: estimate } : {}),
    });
    if (i % 30 === 0) {
      claims.changeClaim(actor, claim.id, { status: "filed" });
      claims.changeClaim(actor, claim.id, { status: "approved", approvedCents: 5_000 });
      claims.changeClaim(actor, claim.id, { status: "paid", paidCents: 4_000 });
    }
  }
  for (let i = 0; i < Math.max(1, tripCount / 10); i++) {
    m.shares.createShareLink(accountId, userId, report.id, 30);
  }
  const request = new Request("http://localhost/auth");
  const setCookie = await session.createSession(userId, accountId, request, "127.0.0.1");
  return {
    cookie: setCookie.split(";")[0]!,
    vehicleId: vehicle.id,
    accountId,
    reportId: report.id,
  };
}

beforeAll(async () => {
  m = await loadAppModules();
  session = await import("~/lib/auth/session.server");
  trips = await import("~/lib/trips/trips.server");
  claims = await import("~/lib/claims/claims.server");
  repairs = await import("~/lib/repairs/repairs.server");
  hostPlans = await import("~/lib/trips/host-plans.server");
  accounts.small = await seed("pages_small", { tripCount: 10, carCount: 4, reportCount: 2 });
  accounts.large = await seed("pages_large", { tripCount: 1_000, carCount: 40, reportCount: 30 });
}, 120_000);

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: unknown;
}) => Promise<unknown>;

const ROUTES: Record<string, () => Promise<{ loader: unknown }>> = {
  "/dashboard": () => import("~/routes/dashboard"),
  "/dashboard/trips": () => import("~/routes/dashboard.trips"),
  "/dashboard/claims": () => import("~/routes/dashboard.claims"),
  "/dashboard/claims/new": () => import("~/routes/dashboard.claims.new"),
  "/dashboard/share-links": () => import("~/routes/dashboard.share-links"),
  "/dashboard/vehicle": () => import("~/routes/dashboard.vehicle.$vehicleId"),
  "/api/trips": () => import("~/routes/api.trips"),
  "/api/claims": () => import("~/routes/api.claims"),
  "/api/analysis": () => import("~/routes/api.analysis"),
  "/api/dashboard": () => import("~/routes/api.dashboard"),
  "/api/user/vehicles": () => import("~/routes/api.user.vehicles"),
  "/repair-quote": () => import("~/routes/repair-quote"),
  "/api/repair-confirmations": () => import("~/routes/api.repair-confirmations"),
};

/** Loads `path` as the account's owner; returns the statements it ran and its answer. */
async function load(account: Seeded, path: string) {
  const url = new URL(path.replace(":vehicleId", account.vehicleId), "http://localhost");
  const route = url.pathname.startsWith("/dashboard/vehicle/")
    ? "/dashboard/vehicle"
    : url.pathname;
  const loader = (await ROUTES[route]!()).loader as Loader;
  const request = new Request(url, { headers: { Cookie: account.cookie } });
  const { queries, result } = await recordQueries(m.db.db().$client, () =>
    answerOf(() => loader({ request, params: { vehicleId: account.vehicleId }, context: {} })),
  );
  const body = result instanceof Response ? ((await result.json()) as unknown) : result;
  return { queries, body };
}

const PAGES = [
  "/dashboard",
  "/dashboard/trips",
  "/dashboard/trips?status=completed&from=2026-01-01&to=2030-12-31",
  "/dashboard/trips?vehicleId=:vehicleId&status=completed",
  "/dashboard/claims",
  "/dashboard/claims?show=finished",
  "/dashboard/claims?status=paid",
  "/dashboard/claims/new",
  "/dashboard/share-links",
  "/dashboard/vehicle/:vehicleId",
  "/api/trips",
  "/api/trips?vehicleId=:vehicleId&limit=20",
  "/api/claims",
  "/api/claims?show=open",
  "/api/analysis",
  "/api/dashboard",
  "/api/user/vehicles",
  "/repair-quote",
  "/api/repair-confirmations",
];

describe("queries per page load", () => {
  for (const path of PAGES) {
    it(`${path}: the same few queries for 10 and 1,000 trips, none scanning a growing table`, async () => {
      const small = await load(accounts.small, path);
      const large = await load(accounts.large, path);
      expect(large.queries.length).toBe(small.queries.length);
      expect(large.queries.length).toBeLessThanOrEqual(20);
      const client = m.db.db().$client;
      const scans = large.queries.flatMap((query) => fullScans(client, query, GROWING));
      expect(scans).toEqual([]);
    });
  }

  it("pages on the large account: the trips page shows 50 of 1,000 and links to the next", async () => {
    const { body } = await load(accounts.large, "/dashboard/trips");
    const page = body as { trips: unknown[]; total: number; nextCursor: string | null };
    expect(page.trips).toHaveLength(50);
    expect(page.total).toBe(1_000);
    expect(page.nextCursor).not.toBeNull();
    const next = await load(accounts.large, `/dashboard/trips?cursor=${page.nextCursor}`);
    expect(next.queries.length).toBeLessThanOrEqual(20);
    expect(next.queries.flatMap((query) => fullScans(m.db.db().$client, query, GROWING))).toEqual(
      [],
    );
  });

  it("labels each claim and estimate with its own car, reading only the page's cars", async () => {
    const board = await load(accounts.large, "/dashboard/claims");
    const items = (board.body as { board: { items: { trip: string }[] } }).board.items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.trip).toMatch(/^pages_large-\d+ · .*\b20\d\d [A-Z]/);
    const carReads = board.queries.filter((query) => /from "vehicles"/.test(query.sql));
    expect(carReads).toHaveLength(1);
    expect(carReads[0]!.sql).toMatch(/"vehicles"\."id" in \(/);
    const reports = (await load(accounts.large, "/api/analysis")).body as {
      reports: { vehicleTitle: string }[];
    };
    expect(reports.reports.length).toBeGreaterThan(0);
    for (const report of reports.reports) expect(report.vehicleTitle).toMatch(/^20\d\d [A-Z]/);
  });

  it("pages the fleet on the large account: the dashboard shows 25 of 40 cars and links to the next", async () => {
    type Overview = {
      vehicles: { vehicle: { id: string } }[];
      nextCursor: string | null;
      totals: { vehicles: number };
    };
    const first = (await load(accounts.large, "/dashboard")).body as { overview: Overview };
    expect(first.overview.vehicles).toHaveLength(25);
    expect(first.overview.totals.vehicles).toBe(40);
    const next = await load(accounts.large, `/dashboard?cursor=${first.overview.nextCursor}`);
    const second = (next.body as { overview: Overview }).overview;
    expect(second.vehicles).toHaveLength(15);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.overview.vehicles, ...second.vehicles].map((car) => car.vehicle.id);
    expect(new Set(ids).size).toBe(40);
    expect(next.queries.flatMap((query) => fullScans(m.db.db().$client, query, GROWING))).toEqual(
      [],
    );
    const api = (await load(accounts.large, "/api/dashboard?limit=200")).body as Overview;
    expect(api.vehicles).toHaveLength(40);
    expect(api.nextCursor).toBeNull();
    // The car list of the API pages the same way, 50 by default.
    const cars = (await load(accounts.large, "/api/user/vehicles?limit=30")).body as {
      vehicles: { id: string }[];
      nextCursor: string;
    };
    expect(cars.vehicles).toHaveLength(30);
    const rest = (await load(accounts.large, `/api/user/vehicles?cursor=${cars.nextCursor}`))
      .body as { vehicles: { id: string }[]; nextCursor: string | null };
    expect(rest.vehicles).toHaveLength(10);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...cars.vehicles, ...rest.vehicles].map((car) => car.id)).size).toBe(40);
    // The page takes ?limit= as the JSON lists do.
    const ten = (await load(accounts.large, "/dashboard?limit=10")).body as { overview: Overview };
    expect(ten.overview.vehicles).toHaveLength(10);
    // A stale page link shows the first page and says so.
    const stale = (await load(accounts.large, "/dashboard?cursor=abc")).body as {
      overview: Overview;
      vehiclesNotice: string | null;
    };
    expect(stale.overview.vehicles).toHaveLength(25);
    expect(stale.vehiclesNotice).toBe(
      "That page link is no longer valid: start from the first page.",
    );
  });

  it("pages quotes and repairs on the large account, each list on its own link; accuracy counts every repair", async () => {
    type RepairPage = {
      estimates: { id: string; label: string }[];
      quotes: { items: { id: string; estimate: string }[]; count: number; nextCursor: string };
      confirmations: { items: { id: string }[]; nextCursor: string | null; notice: string | null };
      accuracy: { repairs: number };
    };
    const first = (await load(accounts.large, "/repair-quote")).body as RepairPage;
    expect(first.estimates).toHaveLength(30);
    expect(first.quotes.items).toHaveLength(25);
    expect(first.quotes.count).toBe(30);
    expect(first.quotes.items[0]!.estimate).toMatch(/^Car \d+ \(.+\): revision 1, \$/);
    expect(first.confirmations.items).toHaveLength(25);
    expect(first.accuracy.repairs).toBe(30);
    // The quotes' next page leaves the repairs on their first page.
    const next = await load(accounts.large, `/repair-quote?quotes=${first.quotes.nextCursor}`);
    const second = next.body as RepairPage;
    expect(second.quotes.items).toHaveLength(5);
    expect(second.quotes.nextCursor).toBeNull();
    expect(second.confirmations.items.map((row) => row.id)).toEqual(
      first.confirmations.items.map((row) => row.id),
    );
    const quoteIds = [...first.quotes.items, ...second.quotes.items].map((quote) => quote.id);
    expect(new Set(quoteIds).size).toBe(30);
    expect(next.queries.flatMap((query) => fullScans(m.db.db().$client, query, GROWING))).toEqual(
      [],
    );
    const stale = (await load(accounts.large, "/repair-quote?repairs=abc")).body as RepairPage;
    expect(stale.confirmations.items).toHaveLength(25);
    expect(stale.confirmations.notice).toBe(
      "That page link is no longer valid: start from the first page.",
    );

    type ApiPage = {
      repairConfirmations: { id: string }[];
      nextCursor: string | null;
      accuracy: { repairs: number };
    };
    const api = (await load(accounts.large, "/api/repair-confirmations?limit=20")).body as ApiPage;
    expect(api.repairConfirmations).toHaveLength(20);
    expect(api.accuracy.repairs).toBe(30);
    const rest = (await load(accounts.large, `/api/repair-confirmations?cursor=${api.nextCursor}`))
      .body as ApiPage;
    expect(rest.repairConfirmations).toHaveLength(10);
    expect(rest.nextCursor).toBeNull();
    const ids = [...api.repairConfirmations, ...rest.repairConfirmations].map((row) => row.id);
    expect(new Set(ids).size).toBe(30);
  });

  it("the JSON lists keep their array and add nextCursor; a bad limit or cursor is a 400", async () => {
    const trips = (await load(accounts.large, "/api/trips?limit=200")).body as {
      trips: unknown[];
      nextCursor: string | null;
    };
    expect(trips.trips).toHaveLength(200);
    expect(typeof trips.nextCursor).toBe("string");
    const small = (await load(accounts.small, "/api/claims")).body as {
      claims: unknown[];
      nextCursor: string | null;
    };
    expect(small.claims).toHaveLength(3);
    expect(small.nextCursor).toBeNull();
    // The trips page's cursor ("not over yet" part) isn't one of the API's.
    const pageCursor = (
      (await load(accounts.large, "/dashboard/trips?limit=5")).body as {
        nextCursor: string;
      }
    ).nextCursor;
    for (const path of [
      "/api/trips?limit=0",
      `/api/trips?cursor=${pageCursor}`,
      "/api/claims?cursor=abc",
      "/api/analysis?limit=500",
      "/api/dashboard?cursor=abc",
      `/api/dashboard?cursor=${pageCursor}`,
      "/api/user/vehicles?limit=500",
      `/api/user/vehicles?cursor=${pageCursor}`,
      "/api/repair-confirmations?limit=0",
      `/api/repair-confirmations?cursor=${pageCursor}`,
    ]) {
      const url = new URL(path, "http://localhost");
      const loader = (await ROUTES[url.pathname]!()).loader as Loader;
      const request = new Request(url, { headers: { Cookie: accounts.large.cookie } });
      const response = (await answerOf(() =>
        loader({ request, params: {}, context: {} }),
      )) as Response;
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toMatch(/limit must be|no longer valid/);
      expect(body.message).toBe(body.error);
    }
  });
});

describe("tenancy", () => {
  it("never lists another account's trips or claims, even on its car", async () => {
    const other = insertOwner(m.db, m.schema, "pages_stranger");
    const stranger = await session.createSession(
      other.userId,
      other.accountId,
      new Request("http://localhost/auth"),
      "127.0.0.1",
    );
    const account = { ...accounts.large, cookie: stranger.split(";")[0]! };
    const tripsBody = (await load(account, "/api/trips?vehicleId=:vehicleId")).body as {
      trips: unknown[];
    };
    expect(tripsBody.trips).toEqual([]);
    const claimsBody = (await load(account, "/api/claims")).body as { claims: unknown[] };
    expect(claimsBody.claims).toEqual([]);
    const page = (await load(account, "/dashboard/trips")).body as { total: number };
    expect(page.total).toBe(0);
  });
});

describe("share links page", () => {
  type LinksPage = { links: { id: number }[]; nextCursor: string | null; notice: string | null };

  it("pages through every live link once, newest first, leaving out a revoked one", async () => {
    const account = accounts.large;
    const first = (await load(account, "/dashboard/share-links")).body as LinksPage;
    const revoked = first.links[3]!;
    expect(m.shares.revokeShareLink(account.accountId, account.reportId, revoked.id)).toBe(true);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 30; pages++) {
      const path = `/dashboard/share-links?limit=7${cursor ? `&cursor=${cursor}` : ""}`;
      const page = (await load(account, path)).body as LinksPage;
      expect(page.notice).toBeNull();
      seen.push(...page.links.map((link) => link.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(99);
    expect(new Set(seen).size).toBe(99);
    expect(seen).not.toContain(revoked.id);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it("shows the first page with a notice for a page link that isn't one", async () => {
    const page = (await load(accounts.large, "/dashboard/share-links?cursor=stale"))
      .body as LinksPage;
    expect(page.notice).toBe("That page link is no longer valid: start from the first page.");
    expect(page.links).toHaveLength(50);
  });

  it("never shows another account's links", async () => {
    const small = (await load(accounts.small, "/dashboard/share-links")).body as LinksPage;
    const large = (await load(accounts.large, "/dashboard/share-links?limit=200"))
      .body as LinksPage;
    expect(small.links).toHaveLength(1);
    expect(large.links.map((link) => link.id)).not.toContain(small.links[0]!.id);
  });
});
