/**
 * The concierge queue as pages: the ready, open items of the accounts a person serves, the
 * nearest deadline first (overdue ones lead), filtered by account, kind and how soon they are
 * due; and its counts as SQL aggregates (ADR 0033). Every query is scoped to the served accounts
 * and reads the account/open/deadline index, so a page costs the same on a large account.
 */
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
} from "drizzle-orm";
import { queueItems } from "~/db/schema";
import { QUEUE_ITEM_KINDS, type QueueItemKind } from "~/domain/concierge/queue-item";
import { db } from "~/lib/runtime/db.server";
import { pageOf, type Page, type ListPageRequest } from "~/lib/paging/paging";
import type { QueueItemRow } from "./queue.server";

/** How soon an item is due: already overdue, within a day, within a week. */
export const QUEUE_DUE = {
  overdue: 0,
  day: 86_400_000,
  week: 7 * 86_400_000,
} as const;
export type QueueDue = keyof typeof QUEUE_DUE;

export interface QueueFilter {
  kind: QueueItemKind | null;
  due: QueueDue | null;
}

/** `?kind=` and `?due=` as the filter form gives them; anything else is no filter. */
export function readQueueFilter(params: URLSearchParams): QueueFilter {
  const kind = params.get("kind");
  const due = params.get("due");
  return {
    kind: QUEUE_ITEM_KINDS.includes(kind as QueueItemKind) ? (kind as QueueItemKind) : null,
    due: due !== null && Object.hasOwn(QUEUE_DUE, due) ? (due as QueueDue) : null,
  };
}

function openAndReady(accountIds: readonly string[], now: number) {
  return and(
    inArray(queueItems.accountId, [...accountIds]),
    isNull(queueItems.doneAt),
    lte(queueItems.readyAt, new Date(now)),
  );
}

/** One page of open, ready items, nearest deadline first (then id), after `cursor`. */
export function queuePage(
  accountIds: readonly string[],
  filter: QueueFilter,
  page: ListPageRequest,
  now = Date.now(),
): Page<QueueItemRow> {
  if (accountIds.length === 0) return { items: [], nextCursor: null };
  const after =
    page.cursor && typeof page.cursor.key === "number"
      ? { at: new Date(page.cursor.key), id: page.cursor.id }
      : null;
  const rows = db()
    .select()
    .from(queueItems)
    .where(
      and(
        openAndReady(accountIds, now),
        filter.kind ? eq(queueItems.kind, filter.kind) : undefined,
        filter.due ? lt(queueItems.deadlineAt, new Date(now + QUEUE_DUE[filter.due])) : undefined,
        after
          ? or(
              gt(queueItems.deadlineAt, after.at),
              and(eq(queueItems.deadlineAt, after.at), gt(queueItems.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(queueItems.deadlineAt), asc(queueItems.id))
    .limit(page.limit + 1)
    .all();
  return pageOf(rows, page.limit, (item) => ({ key: item.deadlineAt.getTime(), id: item.id }));
}

/**
 * The queue's counts over the served accounts (whatever the kind and due filters): open items by
 * kind, how many are overdue, and how many guests wait (one waiting for a reply and for a person
 * is one guest). Two aggregate queries.
 */
export function queueCounts(accountIds: readonly string[], now = Date.now()) {
  const byKind = Object.fromEntries(QUEUE_ITEM_KINDS.map((kind) => [kind, 0])) as Record<
    QueueItemKind,
    number
  >;
  if (accountIds.length === 0) return { open: 0, overdue: 0, waitingGuests: 0, byKind };
  const rows = db()
    .select({
      kind: queueItems.kind,
      count: sql<number>`count(*)`,
      overdue: sql<number>`sum(${queueItems.deadlineAt} < ${now})`,
    })
    .from(queueItems)
    .where(openAndReady(accountIds, now))
    .groupBy(queueItems.kind)
    .all();
  let open = 0;
  let overdue = 0;
  for (const row of rows) {
    byKind[row.kind] = row.count;
    open += row.count;
    overdue += row.overdue ?? 0;
  }
  const waiting = db()
    .select({
      guests: sql<number>`count(distinct ${queueItems.accountId} || ':' || ${queueItems.conversationId})`,
    })
    .from(queueItems)
    .where(
      and(
        openAndReady(accountIds, now),
        inArray(queueItems.kind, ["reply", "escalation"]),
        isNotNull(queueItems.conversationId),
      ),
    )
    .get();
  return { open, overdue, waitingGuests: waiting?.guests ?? 0, byKind };
}

/** The items done in the last day, latest first, at most `limit`, with how many there are. */
export function recentlyDone(accountIds: readonly string[], now = Date.now(), limit = 10) {
  if (accountIds.length === 0) return { items: [] as QueueItemRow[], count: 0 };
  const since = and(
    inArray(queueItems.accountId, [...accountIds]),
    gte(queueItems.doneAt, new Date(now - 86_400_000)),
  );
  const items = db()
    .select()
    .from(queueItems)
    .where(since)
    .orderBy(desc(queueItems.doneAt), desc(queueItems.id))
    .limit(limit)
    .all();
  const count =
    db()
      .select({ count: sql<number>`count(*)` })
      .from(queueItems)
      .where(since)
      .get()?.count ?? 0;
  return { items, count };
}
