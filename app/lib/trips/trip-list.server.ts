/**
 * The trips list, one page at a time, with the filters a host needs (car, status, dates).
 *
 * Order (what needs attention first): trips not over yet — the one ending soonest first, so
 * trips under way come before those still ahead — then past trips, the most recently ended
 * first. Both parts page by (end, id) on the account's index, so page 40 costs what page 1 does.
 * The cursor says which part it is in: "now" (not over at the time of the request) or "past".
 */
import { and, asc, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { trips } from "~/db/schema";
import { TRIP_STATUSES, type TripStatus } from "~/domain/trips/trip";
import {
  parseIsoDate,
  addCalendarDays,
  resolveWallClock,
  type LocalDate,
} from "~/domain/zoned-time";
import {
  CURSOR_MESSAGE,
  DEFAULT_PAGE_SIZE,
  encodeCursor,
  readPageRequest,
  type PageCursor,
  type ListPageRequest,
} from "~/lib/paging/paging";
import { afterTime } from "~/lib/paging/time-keyset.server";
import { db } from "~/lib/runtime/db.server";
import type { TripRow } from "./trips.server";

export interface TripFilters {
  vehicleId: string | null;
  status: TripStatus | null;
  /** Trips still going on or after this day (YYYY-MM-DD in the account's zone). */
  from: string | null;
  /** Trips that started on or before this day. */
  to: string | null;
}

export const NO_TRIP_FILTERS: TripFilters = { vehicleId: null, status: null, from: null, to: null };

export type TripFiltersResult =
  { ok: true; filters: TripFilters } | { ok: false; message: string; filters: TripFilters };

const STATUS_MESSAGE = `status must be one of ${TRIP_STATUSES.join(", ")}.`;
const DATE_MESSAGE = "from and to must be dates as YYYY-MM-DD.";
const RANGE_MESSAGE = "to must be on or after from.";

/**
 * The filters in a query string. Anything unknown is an error the JSON API answers with 400; the
 * page shows it and keeps the filters that were right.
 */
export function readTripFilters(params: URLSearchParams): TripFiltersResult {
  const filters: TripFilters = { ...NO_TRIP_FILTERS };
  const problems: string[] = [];
  const vehicleId = params.get("vehicleId")?.trim() ?? "";
  if (vehicleId !== "" && vehicleId.length <= 64) filters.vehicleId = vehicleId;
  const status = params.get("status") ?? "";
  if ((TRIP_STATUSES as readonly string[]).includes(status)) filters.status = status as TripStatus;
  else if (status !== "") problems.push(STATUS_MESSAGE);
  for (const field of ["from", "to"] as const) {
    const value = params.get(field)?.trim() ?? "";
    if (value === "") continue;
    if (parseIsoDate(value)) filters[field] = value;
    else if (!problems.includes(DATE_MESSAGE)) problems.push(DATE_MESSAGE);
  }
  if (filters.from && filters.to && filters.to < filters.from) {
    problems.push(RANGE_MESSAGE);
    filters.to = null;
  }
  return problems.length > 0
    ? { ok: false, message: problems.join(" "), filters }
    : { ok: true, filters };
}

/** The first instant of a local day in `timeZone` (the first after midnight if clocks skip it). */
function startOfDay(date: LocalDate, timeZone: string): number {
  const resolved = resolveWallClock({ ...date, hour: 0, minute: 0 }, timeZone);
  if (resolved.kind === "unique") return resolved.instantMs;
  return resolved.kind === "ambiguous" ? resolved.earlierMs : resolved.laterMs;
}

/** The account's trips the filters keep, both parts of the list. */
function filtered(accountId: string, filters: TripFilters, timeZone: string): SQL | undefined {
  const from = filters.from ? parseIsoDate(filters.from) : null;
  const to = filters.to ? parseIsoDate(filters.to) : null;
  return and(
    eq(trips.accountId, accountId),
    filters.vehicleId ? eq(trips.vehicleId, filters.vehicleId) : undefined,
    filters.status ? eq(trips.status, filters.status) : undefined,
    from ? gte(trips.endAt, new Date(startOfDay(from, timeZone))) : undefined,
    to ? lt(trips.startAt, new Date(startOfDay(addCalendarDays(to, 1), timeZone))) : undefined,
  );
}

type Part = "now" | "past";

/** Where a page of trips starts: a part of the list and the (end, id) of the last trip shown. */
export interface TripCursor {
  part: Part;
  endMs: number;
  id: string;
}

function encodeTripCursor(part: Part, trip: TripRow): string {
  return encodeCursor({ key: `${part}:${trip.endAt.getTime()}`, id: trip.id });
}

/** The trips cursor in a generic page cursor, or null for one that isn't a trips cursor. */
function tripCursorOf(cursor: PageCursor | null): TripCursor | null | "invalid" {
  if (!cursor) return null;
  const match = typeof cursor.key === "string" ? /^(now|past):(\d{1,15})$/.exec(cursor.key) : null;
  if (!match) return "invalid";
  return { part: match[1] as Part, endMs: Number(match[2]), id: cursor.id };
}

export interface TripPage {
  trips: TripRow[];
  nextCursor: string | null;
}

/**
 * One page of the account's trips in list order (see the top of the file). `now` splits the
 * trips not over yet from past ones; null lists every trip in the past part's order, the most
 * recently ended first (the JSON API). `limit + 1` rows are read to know whether a page follows.
 */
export function tripPage(
  accountId: string,
  filters: TripFilters,
  page: ListPageRequest<TripCursor>,
  options: { now: number | null; timeZone: string },
): TripPage {
  const { limit, cursor } = page;
  const where = filtered(accountId, filters, options.timeZone);
  const nowDate = options.now === null ? null : new Date(options.now);
  const rows: { part: Part; trip: TripRow }[] = [];

  if (nowDate && (!cursor || cursor.part === "now")) {
    const current = db()
      .select()
      .from(trips)
      .where(
        and(
          where,
          gte(trips.endAt, nowDate),
          afterTime(trips.endAt, trips.id, cursor && { atMs: cursor.endMs, id: cursor.id }, "asc"),
        ),
      )
      .orderBy(asc(trips.endAt), asc(trips.id))
      .limit(limit + 1)
      .all();
    rows.push(...current.map((trip) => ({ part: "now" as const, trip })));
  }
  if (rows.length <= limit) {
    const pastCursor = cursor?.part === "past" ? { atMs: cursor.endMs, id: cursor.id } : null;
    const past = db()
      .select()
      .from(trips)
      .where(
        and(
          where,
          nowDate ? lt(trips.endAt, nowDate) : undefined,
          afterTime(trips.endAt, trips.id, pastCursor, "desc"),
        ),
      )
      .orderBy(desc(trips.endAt), desc(trips.id))
      .limit(limit + 1 - rows.length)
      .all();
    rows.push(...past.map((trip) => ({ part: "past" as const, trip })));
  }

  if (rows.length <= limit) return { trips: rows.map((row) => row.trip), nextCursor: null };
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1]!;
  return {
    trips: shown.map((row) => row.trip),
    nextCursor: encodeTripCursor(last.part, last.trip),
  };
}

/** How many trips the filters keep (for the list's heading), counted on the index. */
export function countTrips(accountId: string, filters: TripFilters, timeZone: string): number {
  return (
    db()
      .select({ count: count() })
      .from(trips)
      .where(filtered(accountId, filters, timeZone))
      .get()?.count ?? 0
  );
}

export type TripListRequest =
  | ({ ok: true; filters: TripFilters } & ListPageRequest<TripCursor>)
  | { ok: false; message: string; limit: number; filters: TripFilters };

/**
 * Page size, cursor and filters from a query string. On a problem (a limit out of range, a
 * cursor that isn't a trips cursor, an unknown status or date) the JSON API answers 400 and the
 * page shows the first page with the filters that were right and the message.
 */
export function readTripListRequest(
  params: URLSearchParams,
  defaultLimit = DEFAULT_PAGE_SIZE,
): TripListRequest {
  const filters = readTripFilters(params);
  const page = readPageRequest(params, defaultLimit);
  if (!page.ok)
    return { ok: false, message: page.message, limit: defaultLimit, filters: filters.filters };
  const cursor = tripCursorOf(page.cursor);
  if (cursor === "invalid") {
    return { ok: false, message: CURSOR_MESSAGE, limit: page.limit, filters: filters.filters };
  }
  if (!filters.ok)
    return { ok: false, message: filters.message, limit: page.limit, filters: filters.filters };
  return { ok: true, limit: page.limit, cursor, filters: filters.filters };
}

/**
 * What the trips page lists: one page in list order, how many trips the filters keep, and the
 * problem with the request if it had one (then the first page, keeping the filters that were
 * right: a stale or edited link is not a dead end).
 */
export function tripListPage(
  accountId: string,
  params: URLSearchParams,
  options: { now: number; timeZone: string },
) {
  const request = readTripListRequest(params);
  const cursor = request.ok ? request.cursor : null;
  const page = tripPage(accountId, request.filters, { limit: request.limit, cursor }, options);
  return {
    ...page,
    filters: request.filters,
    total: countTrips(accountId, request.filters, options.timeZone),
    notice: request.ok ? null : request.message,
  };
}
