/**
 * Keyset paging on a real SQLite table: walking every page returns each row exactly once in the
 * list's order (nulls and equal keys included), in both directions, and a bad limit or a cursor
 * that isn't ours is refused with a sentence.
 */
import Database from "better-sqlite3";
import { asc, desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { afterCursor } from "./keyset.server";
import {
  CURSOR_MESSAGE,
  decodeCursor,
  encodeCursor,
  LIMIT_MESSAGE,
  pageHref,
  pageOf,
  pageOrFirst,
  readPageRequest,
  requirePage,
  readTimePageRequest,
} from "./paging";

const items = sqliteTable("items", { id: text("id").primaryKey(), at: integer("at") });

function database() {
  const sqlite = new Database(":memory:");
  sqlite.exec("CREATE TABLE items (id TEXT PRIMARY KEY, at INTEGER)");
  const insert = sqlite.prepare("INSERT INTO items (id, at) VALUES (?, ?)");
  // Equal keys, nulls and gaps: the cases where a naive "key < last key" loses rows.
  const keys = [5, 5, 5, null, 3, null, 9, 1, 1, 7, null, 2];
  keys.forEach((key, index) => insert.run(`r${String(index).padStart(2, "0")}`, key));
  return drizzle(sqlite);
}

function walk(direction: "asc" | "desc", limit: number) {
  const db = database();
  const order = direction === "desc" ? desc : asc;
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const decoded = cursor ? decodeCursor(cursor) : null;
    const rows: { id: string; at: number | null }[] = db
      .select()
      .from(items)
      .where(afterCursor(items.at, items.id, decoded, direction))
      .orderBy(order(items.at), order(items.id))
      .limit(limit + 1)
      .all();
    const page = pageOf(rows, limit, (row) => ({ key: row.at, id: row.id }));
    seen.push(...page.items.map((row) => row.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  const all = db.select().from(items).orderBy(order(items.at), order(items.id)).all();
  return { seen, expected: all.map((row) => row.id) };
}

describe("keyset paging", () => {
  for (const direction of ["asc", "desc"] as const) {
    for (const limit of [1, 2, 5, 12, 50]) {
      it(`walks every row once, ${direction}, ${limit} a page`, () => {
        const { seen, expected } = walk(direction, limit);
        expect(seen).toEqual(expected);
      });
    }
  }

  it("says there is no next page when the rows fit", () => {
    expect(pageOf([1, 2], 2, (n) => ({ key: n, id: String(n) })).nextCursor).toBeNull();
    expect(pageOf([1, 2, 3], 2, (n) => ({ key: n, id: String(n) })).items).toEqual([1, 2]);
  });
});

describe("page requests", () => {
  const request = (query: string) => readPageRequest(new URLSearchParams(query));

  it("defaults to 50 rows from the first page", () => {
    expect(request("")).toEqual({ ok: true, limit: 50, cursor: null });
    expect(readPageRequest(new URLSearchParams(""), 25)).toMatchObject({ limit: 25 });
  });

  it("takes a limit from 1 to 200 and refuses anything else", () => {
    expect(request("limit=200")).toMatchObject({ ok: true, limit: 200 });
    for (const bad of ["0", "201", "-1", "1.5", "abc", "1e2", "99999"]) {
      expect(request(`limit=${bad}`)).toEqual({ ok: false, message: LIMIT_MESSAGE });
    }
  });

  it("for a list in time order, refuses a cursor whose key isn't a time", () => {
    const time = encodeCursor({ key: 1_764_000_000_000, id: "car_1" });
    const text = encodeCursor({ key: "now:2026-11-01", id: "trip_1" });
    const timeRequest = (query: string) => readTimePageRequest(new URLSearchParams(query), 25);
    expect(timeRequest(`cursor=${time}`)).toEqual({
      ok: true,
      limit: 25,
      cursor: { key: 1_764_000_000_000, id: "car_1" },
    });
    expect(timeRequest(`cursor=${text}`)).toEqual({ ok: false, message: CURSOR_MESSAGE });
    expect(timeRequest("limit=0")).toEqual({ ok: false, message: LIMIT_MESSAGE });
  });

  it("round-trips a cursor and refuses one that isn't ours", () => {
    const cursor = encodeCursor({ key: "2026-11-01T10:00:00.000Z", id: "trip_1" });
    expect(request(`cursor=${cursor}`)).toMatchObject({
      ok: true,
      cursor: { key: "2026-11-01T10:00:00.000Z", id: "trip_1" },
    });
    const notOurs = [
      "garbage!",
      Buffer.from("{}").toString("base64url"),
      Buffer.from('[1,""]').toString("base64url"),
      Buffer.from('[{"a":1},"x"]').toString("base64url"),
      "A".repeat(500),
    ];
    for (const bad of notOurs) {
      expect(request(`cursor=${encodeURIComponent(bad)}`)).toEqual({
        ok: false,
        message: CURSOR_MESSAGE,
      });
    }
  });

  it("links to the next page keeping every filter", () => {
    const url = new URL("https://x.test/dashboard/trips?vehicleId=v1&status=completed");
    expect(pageHref(url, "abc")).toBe("/dashboard/trips?vehicleId=v1&status=completed&cursor=abc");
    const second = new URL("https://x.test/dashboard/trips?status=completed&cursor=abc");
    expect(pageHref(second, null)).toBe("/dashboard/trips?status=completed");
  });

  it("shows an HTML list the page asked for, or its first page with a notice for a stale link", () => {
    const time = encodeCursor({ key: 1_764_000_000_000, id: "car_1" });
    const asked = (query: string) =>
      pageOrFirst(readTimePageRequest(new URLSearchParams(query), 25), 25);
    expect(asked(`cursor=${time}&limit=10`)).toEqual({
      page: { limit: 10, cursor: { key: 1_764_000_000_000, id: "car_1" } },
      notice: null,
    });
    expect(asked("cursor=garbage!")).toEqual({
      page: { limit: 25, cursor: null },
      notice: CURSOR_MESSAGE,
    });
    expect(asked(`cursor=${time}&limit=900`)).toEqual({
      page: { limit: 25, cursor: null },
      notice: LIMIT_MESSAGE,
    });
  });

  it("gives a JSON list the page asked for, and throws a bad one as a 400 with its message", async () => {
    expect(requirePage(readPageRequest(new URLSearchParams("limit=10")))).toEqual({
      ok: true,
      limit: 10,
      cursor: null,
    });
    let thrown: unknown;
    try {
      requirePage(readPageRequest(new URLSearchParams("cursor=garbage!")));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).json()).toEqual({
      error: CURSOR_MESSAGE,
      message: CURSOR_MESSAGE,
    });
  });
});
