/**
 * The inbox and the concierge queue as pages, on a real SQLite database: every conversation shows
 * once across the pages in the inbox's order ("Needs you", awaiting a reply, then the rest), the
 * filters keep to what they say, another account's rows never appear, a stale cursor gives the
 * first page (HTML) or a 400 (JSON), and a page load asks the same few indexed questions with 10
 * conversations or 600: no full scan of a growing table, no query per row.
 */
import { describe, expect, it } from "vitest";
import { loadTripAndInboxModules, setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";
import { fullScans, recordQueries, type RecordedQuery } from "~/tests/support/query-plan";
import { answerOf } from "~/tests/support/route-stub";

setUpTempDataDir("inbox-list");

// Loaded after DATA_DIR is set: the database reads it once.
const { db, schema, vehicles, trips, conversations, drafts } = await loadTripAndInboxModules();
const inbound = await import("~/lib/inbox/inbound.server");
const list = await import("./inbox-list.server");
const queue = await import("~/lib/concierge/queue.server");
const queueList = await import("~/lib/concierge/queue-list.server");
const dashboard = await import("~/lib/concierge/dashboard.server");
const session = await import("~/lib/auth/session.server");
const inboxRoute = await import("~/routes/dashboard.inbox");
const conversationsApi = await import("~/routes/api.conversations");
const inboundApi = await import("~/routes/api.inbound");
const conciergeRoute = await import("~/routes/concierge-dashboard");

const GROWING = [
  "conversations",
  "conversation_messages",
  "queue_items",
  "inbound_emails",
  "trips",
  "drafts",
];

const DAY = 86_400_000;

/** An account with `count` guest conversations: every 3rd needs the host, every 3rd is answered. */
function seedAccount(name: string, count: number) {
  const owner = insertOwner(db, schema, name);
  const created = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  if (!created.ok) throw new Error("vehicle");
  const car = created.vehicle.id;
  const other = vehicles.createVehicle(owner.accountId, { ...SAMPLE_CAR, nickname: "Red" });
  if (!other.ok) throw new Error("vehicle");
  const start = Date.now() + 10 * DAY;
  const ids = { needsYou: [] as string[], awaiting: [] as string[], answered: [] as string[] };
  const onCar: string[] = [];
  for (let i = 0; i < count; i++) {
    const reservationId = `${name}-${i}`;
    trips.createTrip(
      owner.accountId,
      tripInput({ reservationId, guestName: `Guest ${i}`, startAt: start, endAt: start + DAY }),
      i % 2 === 0 ? car : other.vehicle.id,
      "manual",
    );
    const kind = i % 3;
    const id = conversations.pasteConversation(owner.accountId, {
      guestName: `Guest ${i}`,
      reservationId,
      text: kind === 0 ? "Could you give me a discount on the price?" : "What time is pickup?",
    });
    if (kind === 2) {
      drafts.markReplySent(
        { accountId: owner.accountId, userId: owner.userId, role: "primary" },
        id,
        { text: "Pickup is at 10 am." },
      );
      ids.answered.push(id);
    } else (kind === 0 ? ids.needsYou : ids.awaiting).push(id);
    if (i % 2 === 0) onCar.push(id);
  }
  return { ...owner, car, ids, onCar };
}

/** Every page of a list, following `nextCursor`. */
function allPages(filter: Partial<Parameters<typeof list.inboxPage>[1]>, accountId: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = list.inboxPage(
      accountId,
      { show: null, vehicleId: null, ...filter },
      { limit: 7, cursor: cursor ? decode(cursor) : null },
    );
    seen.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 1000);
  return { seen, pages };
}

async function decodeModule() {
  return import("~/lib/paging/paging");
}
const paging = await decodeModule();
const decode = (cursor: string) => paging.decodeCursor(cursor);

async function cookieFor(userId: string, accountId: string) {
  const request = new Request("http://localhost/");
  const setCookie = await session.createSession(userId, accountId, request, "127.0.0.1");
  return setCookie.split(";")[0]!;
}

function get(path: string, cookie: string) {
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
}

type LoaderArgs<T extends (args: never) => unknown> = Parameters<T>[0];

async function inboxLoad(path: string, cookie: string) {
  return inboxRoute.loader({
    request: get(path, cookie),
    params: {},
    context: {},
  } as unknown as LoaderArgs<typeof inboxRoute.loader>);
}

const small = seedAccount("small_inbox", 10);
const large = seedAccount("large_inbox", 600);
// Another account whose rows must never show in the large account's lists.
const stranger = seedAccount("stranger_inbox", 12);

describe("the inbox's pages", () => {
  it("show every conversation once, Needs you first, then awaiting a reply, then the rest", () => {
    const { seen, pages } = allPages({}, large.accountId);
    expect(pages).toBe(Math.ceil(600 / 7));
    expect(seen).toHaveLength(600);
    expect(new Set(seen).size).toBe(600);
    const needsYou = new Set(large.ids.needsYou);
    const awaiting = new Set(large.ids.awaiting);
    const rank = (id: string) => (needsYou.has(id) ? 2 : awaiting.has(id) ? 1 : 0);
    const ranks = seen.map(rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(ranks.filter((r) => r === 2)).toHaveLength(200);
    // Nothing of another account's.
    const strangers = new Set([
      ...stranger.ids.needsYou,
      ...stranger.ids.awaiting,
      ...stranger.ids.answered,
    ]);
    expect(seen.filter((id) => strangers.has(id))).toEqual([]);
  });

  it("filter by Needs you, awaiting a reply and car, across pages", () => {
    expect(allPages({ show: "needs-you" }, large.accountId).seen.sort()).toEqual(
      [...large.ids.needsYou].sort(),
    );
    expect(allPages({ show: "awaiting-reply" }, large.accountId).seen.sort()).toEqual(
      [...large.ids.needsYou, ...large.ids.awaiting].sort(),
    );
    expect(allPages({ vehicleId: large.car }, large.accountId).seen.sort()).toEqual(
      [...large.onCar].sort(),
    );
    const both = allPages({ show: "needs-you", vehicleId: large.car }, large.accountId).seen;
    expect(both.sort()).toEqual(large.ids.needsYou.filter((id) => large.onCar.includes(id)).sort());
    // Another account's car shows none of this account's conversations, nor its own.
    expect(allPages({ vehicleId: stranger.car }, large.accountId).seen).toEqual([]);
  });

  it("count from one aggregate: all, Needs you, awaiting a reply", () => {
    expect(list.inboxCounts(large.accountId)).toEqual({
      all: 600,
      needsYou: 200,
      awaitingReply: 400,
    });
    expect(list.inboxCounts(small.accountId)).toEqual({ all: 10, needsYou: 4, awaitingReply: 7 });
  });

  it("leave Needs you when the host deals with it, and show it again when reopened", () => {
    const id = small.ids.needsYou[0]!;
    drafts.markReplySent(
      { accountId: small.accountId, userId: small.userId, role: "primary" },
      id,
      {
        text: "I'll check with the marketplace about a discount.",
        resolves: true,
      },
    );
    expect(allPages({ show: "needs-you" }, small.accountId).seen).not.toContain(id);
    expect(list.inboxCounts(small.accountId).needsYou).toBe(3);
    // A new message from the guest asks again.
    conversations.pasteConversation(small.accountId, {
      guestName: "Guest 0",
      reservationId: "small_inbox-0",
      text: "So is there a refund?",
    });
    expect(allPages({ show: "needs-you" }, small.accountId).seen[0]).toBe(id);
  });
});

describe("conversations from before the inbox kept its state", () => {
  it("get Needs you filled in once at start", async () => {
    const { eq } = await import("drizzle-orm");
    const owner = seedAccount("before_state", 6);
    // As the migration leaves them: "awaiting a reply" filled in, "Needs you" not yet.
    db.db()
      .update(schema.conversations)
      .set({ needsYouSince: null })
      .where(eq(schema.conversations.accountId, owner.accountId))
      .run();
    expect(list.inboxCounts(owner.accountId).needsYou).toBe(0);
    expect(conversations.refreshAllInboxStates()).toBeGreaterThan(0);
    expect(list.inboxCounts(owner.accountId)).toEqual({ all: 6, needsYou: 2, awaitingReply: 4 });
    // Once: the next start reads nothing.
    expect(conversations.refreshAllInboxStates()).toBe(0);
  });
});

describe("a page load", () => {
  async function inboxQueries(accountId: string, userId: string, path = "/dashboard/inbox") {
    const cookie = await cookieFor(userId, accountId);
    return recordQueries(db.db().$client, () => inboxLoad(path, cookie));
  }

  function scans(queries: RecordedQuery[]) {
    return queries.flatMap((query) => fullScans(db.db().$client, query, GROWING));
  }

  it("asks the same few questions of the inbox with 10 conversations or 600, none scanning a table whole", async () => {
    const smallLoad = await inboxQueries(small.accountId, small.userId);
    const largeLoad = await inboxQueries(large.accountId, large.userId);
    expect(largeLoad.queries.length).toBe(smallLoad.queries.length);
    expect(largeLoad.queries.length).toBeLessThanOrEqual(12);
    expect(scans(largeLoad.queries)).toEqual([]);
    // The next page and the filters ask no more.
    const data = largeLoad.result as Awaited<ReturnType<typeof inboxLoad>>;
    expect(data.conversations).toHaveLength(50);
    expect(data.counts).toEqual({ all: 600, needsYou: 200, awaitingReply: 400 });
    for (const path of [
      `/dashboard/inbox?cursor=${data.nextCursor}`,
      `/dashboard/inbox?show=needs-you&car=${large.car}`,
      "/dashboard/inbox?show=awaiting-reply",
    ]) {
      const load = await inboxQueries(large.accountId, large.userId, path);
      expect(load.queries.length, path).toBe(smallLoad.queries.length);
      expect(scans(load.queries), path).toEqual([]);
    }
  });

  it("reads the concierge queue's page and counts with fixed, indexed queries", async () => {
    queue.syncQueue(small.accountId);
    queue.syncQueue(large.accountId);
    const now = Date.now();
    const load = (accountIds: string[]) =>
      recordQueries(db.db().$client, () => {
        const page = queueList.queuePage(
          accountIds,
          { kind: null, due: null },
          { limit: 25, cursor: null },
          now,
        );
        queueList.queuePage(
          accountIds,
          { kind: "reply", due: "week" },
          { limit: 25, cursor: page.nextCursor ? decode(page.nextCursor) : null },
          now,
        );
        queueList.queueCounts(accountIds, now);
        queueList.recentlyDone(accountIds, now);
        return page;
      });
    const smallLoad = await load([small.accountId]);
    const largeLoad = await load([large.accountId, stranger.accountId]);
    // Two pages, the counts (by kind, guests waiting), the done items and their count.
    expect(largeLoad.queries.length).toBe(smallLoad.queries.length);
    expect(largeLoad.queries.length).toBe(6);
    expect(scans(largeLoad.queries)).toEqual([]);
  });
});

describe("the concierge queue's pages", () => {
  it("show every open item of the served accounts once, nearest deadline first, and no one else's", () => {
    queue.syncQueue(large.accountId);
    queue.syncQueue(stranger.accountId);
    const now = Date.now();
    const seen: { id: string; deadlineAt: number; accountId: string }[] = [];
    let cursor: string | null = null;
    do {
      const page = queueList.queuePage(
        [large.accountId],
        { kind: null, due: null },
        { limit: 9, cursor: cursor ? decode(cursor) : null },
        now,
      );
      seen.push(
        ...page.items.map((item) => ({
          id: item.id,
          deadlineAt: item.deadlineAt.getTime(),
          accountId: item.accountId,
        })),
      );
      cursor = page.nextCursor;
    } while (cursor);
    const counts = queueList.queueCounts([large.accountId], now);
    expect(seen.length).toBe(counts.open);
    expect(counts.open).toBeGreaterThan(9);
    expect(new Set(seen.map((item) => item.id)).size).toBe(seen.length);
    const deadlines = seen.map((item) => item.deadlineAt);
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b));
    expect(seen.every((item) => item.accountId === large.accountId)).toBe(true);
    // Kinds add up, and the kind filter keeps to its kind.
    expect(Object.values(counts.byKind).reduce((a, b) => a + b, 0)).toBe(counts.open);
    const replies = queueList.queuePage(
      [large.accountId],
      { kind: "reply", due: null },
      { limit: 200, cursor: null },
      now,
    );
    expect(replies.items.length).toBe(Math.min(200, counts.byKind.reply));
    expect(replies.items.every((item) => item.kind === "reply")).toBe(true);
    // Guests waiting: one per conversation with an open reply or escalation item.
    expect(counts.waitingGuests).toBeGreaterThan(0);
  });

  it("shows a VA only the accounts they serve", () => {
    const va = insertOwner(db, schema, "inbox_list_va");
    db.db()
      .insert(schema.memberships)
      .values({ accountId: small.accountId, userId: va.userId, role: "va" })
      .run();
    const vaSession = {
      user: { id: va.userId },
      accountId: va.accountId,
    } as unknown as Parameters<typeof dashboard.conciergeDashboard>[0];
    const shown = dashboard.conciergeDashboard(vaSession, { account: null, shift: null });
    const accounts = new Set(shown.open.map((item) => item.accountId));
    expect(accounts.has(small.accountId)).toBe(true);
    expect(accounts.has(large.accountId)).toBe(false);
    expect(accounts.has(stranger.accountId)).toBe(false);
    // Asking for an account they don't serve is a 404, not its items.
    expect(() =>
      dashboard.conciergeDashboard(vaSession, { account: large.accountId, shift: null }),
    ).toThrow();
  });
});

describe("a page link that isn't one", () => {
  it("shows the inbox's first page with a notice", async () => {
    const cookie = await cookieFor(large.userId, large.accountId);
    const first = await inboxLoad("/dashboard/inbox", cookie);
    const stale = await inboxLoad("/dashboard/inbox?cursor=not-a-cursor&show=needs-you", cookie);
    expect(stale.pageNotice).toBe(paging.CURSOR_MESSAGE);
    expect(stale.conversations.map((c) => c.id)).toEqual(
      first.conversations.filter((c) => c.escalated).map((c) => c.id),
    );
    const emails = await inboxLoad("/dashboard/inbox?unread=not-a-cursor", cookie);
    expect(emails.unreadNotice).toBe(paging.CURSOR_MESSAGE);
  });

  it("shows the concierge queue's first page with a notice, its filters kept", async () => {
    const cookie = await cookieFor(large.userId, large.accountId);
    const load = async (path: string) =>
      conciergeRoute.loader({ request: get(path, cookie), params: {}, context: {} } as never);
    const first = await load("/concierge-dashboard?kind=escalation");
    expect(first.pageNotice).toBeNull();
    expect(first.open.length).toBeGreaterThan(0);
    expect(first.open.every((item) => item.kind === "escalation")).toBe(true);
    const stale = await load("/concierge-dashboard?kind=escalation&cursor=WyJ4Il0");
    expect(stale.pageNotice).toBe(paging.CURSOR_MESSAGE);
    expect(stale.open.map((item) => item.id)).toEqual(first.open.map((item) => item.id));
    // The next page follows on from the first, nothing shown twice.
    const next = await load(`/concierge-dashboard?kind=escalation&cursor=${first.nextCursor}`);
    expect(next.open.length).toBeGreaterThan(0);
    const firstIds = new Set(first.open.map((item) => item.id));
    expect(next.open.filter((item) => firstIds.has(item.id))).toEqual([]);
  });

  it("is a 400 from the JSON lists, in the one error shape", async () => {
    const cookie = await cookieFor(large.userId, large.accountId);
    for (const [route, path] of [
      [conversationsApi, "/api/conversations?cursor=bad"],
      [conversationsApi, "/api/conversations?limit=0"],
      [conversationsApi, "/api/conversations?limit=201"],
      [inboundApi, "/api/inbound?cursor=bad"],
      [inboundApi, "/api/inbound?limit=abc"],
    ] as const) {
      const response = (await answerOf(() =>
        route.loader({ request: get(path, cookie), params: {}, context: {} } as never),
      )) as Response;
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error, path).toBe(body.message);
      expect(body.message, path).toMatch(/limit|first page/);
    }
  });

  it("pages the emails we couldn't read in GET /api/inbound, beside its webhook URL", async () => {
    const token = inbound.inboundToken(stranger.accountId);
    for (let index = 0; index < 3; index++) {
      const raw = `From: Bank <alerts@bank.example>\r\nSubject: Statement ${index}\r\nMessage-ID: <api-st${index}@bank.example>\r\n\r\nYour statement is ready.\r\n`;
      const result = await inbound.receiveInboundEmail(
        token,
        Buffer.from(raw),
        new Date(Date.now() - (3 - index) * 60_000),
      );
      expect(result.status).toBe("stored");
    }
    const cookie = await cookieFor(stranger.userId, stranger.accountId);
    const page = async (query: string) => {
      const response = (await inboundApi.loader({
        request: get(`/api/inbound${query}`, cookie),
        params: {},
        context: {},
      } as never)) as Response;
      expect(response.status).toBe(200);
      return (await response.json()) as {
        webhookUrl: string;
        unreadEmails: { subject: string }[];
        nextCursor: string | null;
      };
    };
    const first = await page("?limit=2");
    expect(first.webhookUrl).toContain(`/api/inbound/email/${token}`);
    expect(first.unreadEmails.map((email) => email.subject)).toEqual([
      "Statement 2",
      "Statement 1",
    ]);
    const last = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(last.unreadEmails.map((email) => email.subject)).toEqual(["Statement 0"]);
    expect(last.nextCursor).toBeNull();
    // Another account's list holds none of them.
    const other = await cookieFor(small.userId, small.accountId);
    const theirs = (await inboundApi.loader({
      request: get("/api/inbound", other),
      params: {},
      context: {},
    } as never)) as Response;
    expect(((await theirs.json()) as { unreadEmails: unknown[] }).unreadEmails).toEqual([]);
  });

  it("pages the JSON list with limit and nextCursor, null on the last page", async () => {
    const cookie = await cookieFor(small.userId, small.accountId);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = (await conversationsApi.loader({
        request: get(`/api/conversations?limit=4${cursor ? `&cursor=${cursor}` : ""}`, cookie),
        params: {},
        context: {},
      } as never)) as Response;
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        conversations: { id: string }[];
        nextCursor: string | null;
      };
      seen.push(...body.conversations.map((c) => c.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(10);
  });
});
