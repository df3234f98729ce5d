/**
 * The guest inbox as pages: what needs a person first ("Needs you", then a guest awaiting a
 * reply), then the rest, each latest message first (ADR 0033). Filters and counts read the
 * conversation's stored inbox state (`refreshInboxState`), so a page costs the same few indexed
 * queries on an account with ten conversations or ten thousand.
 */
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { conversations, trips, vehicles } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import { afterCursor } from "~/lib/paging/keyset.server";
import { pageOf, type Page, type ListPageRequest } from "~/lib/paging/paging";
import { vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { conversationJson, withMessagesAndNeeds } from "./conversations.server";

export const INBOX_SHOWS = ["needs-you", "awaiting-reply"] as const;
export type InboxShow = (typeof INBOX_SHOWS)[number];

export interface InboxFilter {
  /** Only "Needs you", or only conversations whose guest awaits a reply; null: all. */
  show: InboxShow | null;
  /** Only conversations about this car's trips. */
  vehicleId: string | null;
}

/** `?show=` and `?car=` as a link or the filter form gives them; anything else is no filter. */
export function readInboxFilter(params: URLSearchParams): InboxFilter {
  const show = params.get("show");
  const car = params.get("car")?.trim();
  return {
    show: INBOX_SHOWS.includes(show as InboxShow) ? (show as InboxShow) : null,
    vehicleId: car ? car.slice(0, 64) : null,
  };
}

export type InboxConversation = ReturnType<typeof conversationJson>;

/**
 * One page of the account's conversations in inbox order, each as the API shows it. Three
 * queries whatever the page size: the page, its messages and its trips.
 */
export function inboxPage(
  accountId: string,
  filter: InboxFilter,
  page: ListPageRequest,
  now = Date.now(),
): Page<InboxConversation> {
  const rows = db()
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, accountId),
        filter.show === "needs-you" ? isNotNull(conversations.needsYouSince) : undefined,
        filter.show === "awaiting-reply" ? isNotNull(conversations.awaitingReplySince) : undefined,
        filter.vehicleId
          ? inArray(
              conversations.tripId,
              db()
                .select({ id: trips.id })
                .from(trips)
                .where(and(eq(trips.accountId, accountId), eq(trips.vehicleId, filter.vehicleId))),
            )
          : undefined,
        afterCursor(conversations.inboxRank, conversations.id, page.cursor, "desc"),
      ),
    )
    .orderBy(desc(conversations.inboxRank), desc(conversations.id))
    .limit(page.limit + 1)
    .all();
  const { items, nextCursor } = pageOf(rows, page.limit, (row) => ({
    key: row.inboxRank,
    id: row.id,
  }));
  return {
    nextCursor,
    items: withMessagesAndNeeds(accountId, items, now).map(({ conversation, needs }) =>
      conversationJson(conversation, needs),
    ),
  };
}

/** The inbox's counts, one aggregate over the account's conversations. */
export function inboxCounts(accountId: string) {
  const row = db()
    .select({
      all: sql<number>`count(*)`,
      needsYou: sql<number>`count(${conversations.needsYouSince})`,
      awaitingReply: sql<number>`count(${conversations.awaitingReplySince})`,
    })
    .from(conversations)
    .where(eq(conversations.accountId, accountId))
    .get();
  return {
    all: row?.all ?? 0,
    needsYou: row?.needsYou ?? 0,
    awaitingReply: row?.awaitingReply ?? 0,
  };
}

/** The account's cars, for the inbox's "by car" filter. */
export function inboxCars(accountId: string) {
  return db()
    .select()
    .from(vehicles)
    .where(eq(vehicles.accountId, accountId))
    .orderBy(vehicles.year, vehicles.make, vehicles.model, vehicles.id)
    .all()
    .map((car) => ({ id: car.id, name: vehicleLabel(car) }));
}
