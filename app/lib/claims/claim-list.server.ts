/**
 * The claims lists, one page at a time, and the board's figures as SQL aggregates.
 *
 * Open claims come first by default, the oldest trip end first: every deadline counts from the
 * trip's end, so that is the claim closest to its deadlines (the exact next deadline of each is
 * worked out for the claims shown). Finished claims list the most recently changed first. The
 * JSON API lists every claim, newest first.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { claimEvents, claims, trips } from "~/db/schema";
import {
  CLAIM_STATUSES,
  CLAIM_STATUS_LABELS,
  OPEN_CLAIM_STATUSES,
  type ClaimStatus,
} from "~/domain/claims/claim";
import type { ClaimStats } from "~/domain/claims/claim-stats";
import { resolveWallClock, wallClockAt } from "~/domain/zoned-time";
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
import type { TripRow } from "~/lib/trips/trips.server";
import type { ClaimRow } from "./claims.server";

export const FINISHED_CLAIM_STATUSES: readonly ClaimStatus[] = CLAIM_STATUSES.filter(
  (status) => !OPEN_CLAIM_STATUSES.includes(status),
);

/** Which claims a list shows: open (the default), finished, or every claim (the API). */
export type ClaimShow = "open" | "finished" | "all";

export interface ClaimFilters {
  show: ClaimShow;
  /** One status only (it decides whether the list is of open or finished claims). */
  status: ClaimStatus | null;
}

const SHOW_MESSAGE = "show must be open or finished.";
const STATUS_MESSAGE = `status must be one of ${CLAIM_STATUSES.join(", ")}.`;

type Order = "trip-end" | "updated" | "created";

/** Where a page starts: the order it belongs to and the last claim's key and id. */
export interface ClaimCursor {
  order: Order;
  atMs: number;
  id: string;
}

function claimCursorOf(cursor: PageCursor | null): ClaimCursor | null | "invalid" {
  if (!cursor) return null;
  const match =
    typeof cursor.key === "string"
      ? /^(trip-end|updated|created):(\d{1,15})$/.exec(cursor.key)
      : null;
  if (!match) return "invalid";
  return { order: match[1] as Order, atMs: Number(match[2]), id: cursor.id };
}

export type ClaimListRequest =
  | ({ ok: true; filters: ClaimFilters } & ListPageRequest<ClaimCursor>)
  | { ok: false; message: string; limit: number; filters: ClaimFilters };

/**
 * Page size, cursor and filters from a query string: `show` (open or finished; `defaultShow`
 * when absent) and `status`. A problem is a 400 for the API and a notice above the first page
 * for the claims page.
 */
export function readClaimListRequest(
  params: URLSearchParams,
  defaultShow: ClaimShow,
): ClaimListRequest {
  const filters: ClaimFilters = { show: defaultShow, status: null };
  const problems: string[] = [];
  const show = params.get("show") ?? "";
  if (show === "open" || show === "finished") filters.show = show;
  else if (show !== "") problems.push(SHOW_MESSAGE);
  const status = params.get("status") ?? "";
  if ((CLAIM_STATUSES as readonly string[]).includes(status)) {
    filters.status = status as ClaimStatus;
    if (defaultShow !== "all" || show !== "") {
      filters.show = OPEN_CLAIM_STATUSES.includes(filters.status) ? "open" : "finished";
    }
  } else if (status !== "") problems.push(STATUS_MESSAGE);

  const page = readPageRequest(params, DEFAULT_PAGE_SIZE);
  if (!page.ok) return { ok: false, message: page.message, limit: DEFAULT_PAGE_SIZE, filters };
  const cursor = claimCursorOf(page.cursor);
  if (cursor === "invalid" || (cursor && cursor.order !== orderOf(filters))) {
    return { ok: false, message: CURSOR_MESSAGE, limit: page.limit, filters };
  }
  if (problems.length > 0) {
    return { ok: false, message: problems.join(" "), limit: page.limit, filters };
  }
  return { ok: true, limit: page.limit, cursor, filters };
}

function orderOf(filters: ClaimFilters): Order {
  if (filters.show === "open") return "trip-end";
  return filters.show === "finished" ? "updated" : "created";
}

function statusesOf(filters: ClaimFilters): readonly ClaimStatus[] | null {
  if (filters.status) return [filters.status];
  if (filters.show === "open") return OPEN_CLAIM_STATUSES;
  return filters.show === "finished" ? FINISHED_CLAIM_STATUSES : null;
}

export interface ClaimListPage {
  rows: { claim: ClaimRow; trip: TripRow }[];
  nextCursor: string | null;
}

/**
 * One page of the account's claims (each with its trip) in the list's order; `tripEndedAfter`
 * keeps only claims on trips that ended after that instant.
 */
export function claimListPage(
  accountId: string,
  filters: ClaimFilters,
  page: ListPageRequest<ClaimCursor>,
  tripEndedAfter?: number,
): ClaimListPage {
  const order = orderOf(filters);
  const statuses = statusesOf(filters);
  const after = page.cursor && { atMs: page.cursor.atMs, id: page.cursor.id };
  const [keyColumn, direction] =
    order === "trip-end"
      ? ([trips.endAt, "asc"] as const)
      : order === "updated"
        ? ([claims.updatedAt, "desc"] as const)
        : ([claims.createdAt, "desc"] as const);
  const by = direction === "asc" ? asc : desc;
  const rows = db()
    .select({ claim: claims, trip: trips })
    .from(claims)
    .innerJoin(trips, eq(trips.id, claims.tripId))
    .where(
      and(
        eq(claims.accountId, accountId),
        statuses ? inArray(claims.status, [...statuses]) : undefined,
        tripEndedAfter === undefined ? undefined : gte(trips.endAt, new Date(tripEndedAfter)),
        afterTime(keyColumn, claims.id, after, direction),
      ),
    )
    .orderBy(by(keyColumn), by(claims.id))
    .limit(page.limit + 1)
    .all();
  if (rows.length <= page.limit) return { rows, nextCursor: null };
  const shown = rows.slice(0, page.limit);
  const last = shown[shown.length - 1]!;
  const key =
    order === "trip-end"
      ? last.trip.endAt
      : order === "updated"
        ? last.claim.updatedAt
        : last.claim.createdAt;
  return {
    rows: shown,
    nextCursor: encodeCursor({ key: `${order}:${key.getTime()}`, id: last.claim.id }),
  };
}

export interface ClaimCounts {
  open: number;
  finished: number;
  /** What the open claims ask for, in cents. */
  atStakeCents: number;
  /** Claims by status, for the status filter. */
  byStatus: Partial<Record<ClaimStatus, number>>;
}

/** How many claims are open and finished and what is at stake: one aggregate on the index. */
export function claimCounts(accountId: string): ClaimCounts {
  const rows = db()
    .select({
      status: claims.status,
      count: count(),
      claimedCents: sql<number>`coalesce(sum(${claims.claimedCents}), 0)`,
    })
    .from(claims)
    .where(eq(claims.accountId, accountId))
    .groupBy(claims.status)
    .all();
  const counts: ClaimCounts = { open: 0, finished: 0, atStakeCents: 0, byStatus: {} };
  for (const row of rows) {
    const status = row.status as ClaimStatus;
    counts.byStatus[status] = row.count;
    if (OPEN_CLAIM_STATUSES.includes(status)) {
      counts.open += row.count;
      counts.atStakeCents += row.claimedCents;
    } else counts.finished += row.count;
  }
  return counts;
}

/** The first instant of a local month in `timeZone`. */
function startOfMonth(year: number, month: number, timeZone: string): number {
  const resolved = resolveWallClock({ year, month, day: 1, hour: 0, minute: 0 }, timeZone);
  if (resolved.kind === "unique") return resolved.instantMs;
  return resolved.kind === "ambiguous" ? resolved.earlierMs : resolved.laterMs;
}

const DAY_MS = 86_400_000;

/**
 * The board's money figures (see claim-stats.ts for their definitions) as one SQL aggregate
 * over the claims paid this year: paid from the first "paid" change (or, for money recorded as
 * paid without that change, the claim's last change), filed from the first "filed" change.
 */
export function claimMoneyStats(accountId: string, now: number, timeZone: string): ClaimStats {
  const today = wallClockAt(now, timeZone);
  const yearStart = startOfMonth(today.year, 1, timeZone);
  const nextYearStart = startOfMonth(today.year + 1, 1, timeZone);
  const monthStart = startOfMonth(today.year, today.month, timeZone);
  const nextMonthStart =
    today.month === 12 ? nextYearStart : startOfMonth(today.year, today.month + 1, timeZone);
  const firstAt = (status: ClaimStatus) =>
    db()
      .select({ at: sql`min(${claimEvents.at})` })
      .from(claimEvents)
      .where(and(eq(claimEvents.claimId, claims.id), eq(claimEvents.status, status)));
  const paid = db()
    .select({
      paidCents: claims.paidCents,
      claimedCents: sql<number>`coalesce(${claims.claimedCents}, 0)`.as("claimed"),
      paidAt: sql<number>`coalesce((${firstAt("paid")}), ${claims.updatedAt})`.as("paid_at"),
      startAt: sql<number>`coalesce((${firstAt("filed")}), ${claims.createdAt})`.as("start_at"),
    })
    .from(claims)
    .where(and(eq(claims.accountId, accountId), sql`${claims.paidCents} is not null`))
    .as("paid");
  const row = db()
    .select({
      count: count(),
      year: sql<number>`coalesce(sum(${paid.paidCents}), 0)`,
      month: sql<number>`coalesce(sum(case when ${paid.paidAt} >= ${monthStart} and ${paid.paidAt} < ${nextMonthStart} then ${paid.paidCents} end), 0)`,
      claimed: sql<number>`coalesce(sum(${paid.claimedCents}), 0)`,
      days: sql<number>`coalesce(sum(max(0, ${paid.paidAt} - ${paid.startAt})), 0)`,
    })
    .from(paid)
    .where(and(gte(paid.paidAt, yearStart), lt(paid.paidAt, nextYearStart)))
    .get();
  const paidCount = row?.count ?? 0;
  const year = row?.year ?? 0;
  const claimed = row?.claimed ?? 0;
  return {
    recoveredThisMonthCents: row?.month ?? 0,
    recoveredThisYearCents: year,
    recoveryRate: claimed > 0 ? year / claimed : null,
    averageDaysToPayment:
      paidCount > 0 ? Math.round(((row?.days ?? 0) / DAY_MS / paidCount) * 10) / 10 : null,
  };
}

/** A status's label for the filter, with how many claims have it. */
export function claimStatusOptions(counts: ClaimCounts) {
  return CLAIM_STATUSES.map((status) => ({
    id: status,
    label: CLAIM_STATUS_LABELS[status],
    count: counts.byStatus[status] ?? 0,
  }));
}
