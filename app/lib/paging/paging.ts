/**
 * Keyset paging for every list that grows with a fleet (trips, conversations, claims, the
 * queue, share links, emails we couldn't read, a car's history).
 *
 * A page is `limit` rows in a fixed order; the next page starts after the last row's sort key
 * and id, carried in an opaque `cursor` (base64url of `[key, id]`). Keyset paging stays as cheap
 * on page 100 as on page 1 (an index seek, no OFFSET scan), and rows added meanwhile don't shift
 * what the next page shows. Pages link to the next one with a plain `?cursor=` link, so paging
 * works with JavaScript off.
 */
import { jsonError } from "~/lib/http/json";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;
export const CURSOR_MESSAGE = "That page link is no longer valid: start from the first page.";

/** Where a page starts: after the row with this sort key (then id, as the tie-breaker). */
export interface PageCursor {
  key: string | number | null;
  id: string;
}

export interface Page<Row> {
  items: Row[];
  /** Null on the last page. */
  nextCursor: string | null;
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id]), "utf8").toString("base64url");
}

/** The cursor in a `?cursor=` value, or null for one that isn't ours (tampered or truncated). */
export function decodeCursor(value: string): PageCursor | null {
  if (value.length > 400) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [key, id] = parsed;
    const keyOk = key === null || typeof key === "string" || Number.isFinite(key);
    if (!keyOk || typeof id !== "string" || id.length === 0) return null;
    return { key, id };
  } catch {
    return null;
  }
}

/** Where a list page starts: `limit` rows after `cursor` (null: the first page). */
export interface ListPageRequest<Cursor = PageCursor> {
  limit: number;
  cursor: Cursor | null;
}

export type PageRequest = ({ ok: true } & ListPageRequest) | { ok: false; message: string };

/**
 * `limit` and `cursor` from a URL's query (a page with two lists names each one's cursor
 * parameter). A missing limit is `defaultLimit`; a limit outside
 * 1…200 or a cursor that isn't ours is an error the caller answers with 400 (JSON) or by
 * showing the first page (HTML pages, where a stale link shouldn't be a dead end).
 */
export function readPageRequest(
  params: URLSearchParams,
  defaultLimit: number = DEFAULT_PAGE_SIZE,
  cursorParam = "cursor",
): PageRequest {
  const rawLimit = params.get("limit");
  let limit = defaultLimit;
  if (rawLimit !== null && rawLimit !== "") {
    if (!/^\d{1,4}$/.test(rawLimit)) return { ok: false, message: LIMIT_MESSAGE };
    limit = Number(rawLimit);
    if (limit < 1 || limit > MAX_PAGE_SIZE) return { ok: false, message: LIMIT_MESSAGE };
  }
  const rawCursor = params.get(cursorParam);
  if (rawCursor === null || rawCursor === "") return { ok: true, limit, cursor: null };
  const cursor = decodeCursor(rawCursor);
  if (!cursor) return { ok: false, message: CURSOR_MESSAGE };
  return { ok: true, limit, cursor };
}

/** `readPageRequest` for a list in time order: a cursor whose key isn't a time is refused too. */
export function readTimePageRequest(
  params: URLSearchParams,
  defaultLimit: number = DEFAULT_PAGE_SIZE,
  cursorParam = "cursor",
): PageRequest {
  const asked = readPageRequest(params, defaultLimit, cursorParam);
  if (asked.ok && asked.cursor && typeof asked.cursor.key !== "number") {
    return { ok: false, message: CURSOR_MESSAGE };
  }
  return asked;
}

/** The page a JSON list's GET asks for; a bad limit or cursor is thrown as a 400 with its message. */
export function requirePage(asked: PageRequest): ListPageRequest {
  if (!asked.ok) throw jsonError(400, asked.message);
  return asked;
}

/**
 * The page an HTML list shows: the one asked for or, for a stale or edited link, the first page
 * (`pageSize` rows) with a notice saying so, since a page link shouldn't be a dead end.
 */
export function pageOrFirst(
  asked: PageRequest,
  pageSize: number,
): { page: ListPageRequest; notice: string | null } {
  return asked.ok
    ? { page: { limit: asked.limit, cursor: asked.cursor }, notice: null }
    : { page: { limit: pageSize, cursor: null }, notice: asked.message };
}

/**
 * The page from `limit + 1` rows fetched in page order: the extra row only says there is a
 * next page, which starts after the last row shown.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (row: Row) => PageCursor,
): Page<Row> {
  if (rows.length <= limit) return { items: [...rows], nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: encodeCursor(cursorOf(items[items.length - 1]!)) };
}

/** The same URL with another cursor (null: the first page), keeping every filter. */
export function pageHref(url: URL | string, cursor: string | null): string {
  const next = new URL(url);
  if (cursor) next.searchParams.set("cursor", cursor);
  else next.searchParams.delete("cursor");
  return `${next.pathname}${next.search}`;
}
