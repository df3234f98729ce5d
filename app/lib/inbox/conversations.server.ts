/**
 * Guest conversations: the thread a guest's messages join (by reservation, else by guest), what
 * each one needs from the host (an answer, a restricted topic, a deadline), and the inbox state
 * per conversation that the lists and the concierge queue read.
 */
import crypto from "node:crypto";
import { and, desc, eq, gte, inArray, isNull, lte, type SQL } from "drizzle-orm";
import { appMeta, conversationMessages, conversations, trips } from "~/db/schema";
import type { ReadNotification } from "~/domain/inbox/notification-email";
import { tripForConversation, type Tx } from "~/lib/trips/trip-links.server";
import {
  checkGuestMessage,
  type ActionItem,
  type RestrictedTopic,
} from "~/domain/inbox/restricted-topics";
import { getTrip } from "~/lib/trips/trips.server";
import { replyDeadline } from "~/domain/inbox/reply-deadline";
import { reportDamageBy } from "~/domain/inbox/damage-notice";
import { marketplaceInboxUrl, reservationMessagesUrl } from "~/config/marketplace";
import { db } from "~/lib/runtime/db.server";

export type ConversationRow = typeof conversations.$inferSelect;

/** A guest's message in a conversation: from a forwarded email, or pasted by the host. */
export function addGuestMessage(
  tx: Tx,
  accountId: string,
  conversationId: string,
  message: {
    text: string;
    source: "email" | "pasted";
    inboundEmailId?: string;
    at: Date;
  },
) {
  tx.insert(conversationMessages)
    .values({ conversationId, accountId, author: "guest", ...message })
    .run();
  refreshInboxState(tx, accountId, conversationId);
}

/** How recent a guest's conversation without a reservation must be to take one an email names. */
const ADOPT_WITHIN_MS = 30 * 24 * 3_600_000;

/**
 * The conversation an email belongs to (by reservation, else by guest), made if new. A guest's
 * conversation started without a reservation id takes the reservation when one arrives, and a
 * conversation finds its trip whichever of the two came first.
 */
export function conversationFor(
  tx: Tx,
  accountId: string,
  read: Pick<ReadNotification, "guestName" | "reservationId">,
  at: Date,
): string | null {
  const guestKey = read.guestName ? `guest:${read.guestName.toLowerCase()}` : null;
  const threadKey = read.reservationId ? `reservation:${read.reservationId}` : guestKey;
  if (!threadKey) return null;
  const ofAccount = (condition: SQL | undefined) =>
    tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.accountId, accountId), condition))
      .get();
  const existing =
    ofAccount(eq(conversations.threadKey, threadKey)) ??
    (read.reservationId
      ? (ofAccount(eq(conversations.reservationId, read.reservationId)) ??
        (guestKey
          ? ofAccount(
              and(
                eq(conversations.threadKey, guestKey),
                isNull(conversations.reservationId),
                // A guest's conversation from months ago is another trip's.
                gte(conversations.lastMessageAt, new Date(at.getTime() - ADOPT_WITHIN_MS)),
              ),
            )
          : undefined))
      : undefined);
  if (existing) {
    const reservationId = existing.reservationId ?? read.reservationId;
    tx.update(conversations)
      .set({
        lastMessageAt: at > existing.lastMessageAt ? at : existing.lastMessageAt,
        guestName: existing.guestName ?? read.guestName,
        reservationId,
        tripId:
          existing.tripId ??
          tripForConversation(tx, accountId, {
            reservationId,
            guestName: existing.guestName ?? read.guestName,
            at,
          }),
      })
      .where(eq(conversations.id, existing.id))
      .run();
    return existing.id;
  }
  const id = crypto.randomUUID();
  tx.insert(conversations)
    .values({
      id,
      accountId,
      threadKey,
      reservationId: read.reservationId,
      guestName: read.guestName,
      tripId: tripForConversation(tx, accountId, { ...read, at }),
      lastMessageAt: at,
    })
    .run();
  return id;
}

/** A conversation pasted by hand: the guest's message as the host copied it. */
export function pasteConversation(
  accountId: string,
  input: { guestName: string; reservationId?: string; text: string },
): string {
  const at = new Date();
  return db().transaction((tx) => {
    const conversationId = conversationFor(
      tx,
      accountId,
      { guestName: input.guestName, reservationId: input.reservationId ?? null },
      at,
    )!;
    addGuestMessage(tx, accountId, conversationId, { text: input.text, source: "pasted", at });
    return conversationId;
  });
}

/**
 * The account's 200 latest conversations, each with what it needs of a person, its messages
 * (oldest first) and its trip's times: three queries, however many conversations.
 */
export function listConversations(accountId: string, now = Date.now()) {
  const rows = db()
    .select()
    .from(conversations)
    .where(eq(conversations.accountId, accountId))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(200)
    .all();
  return withMessagesAndNeeds(accountId, rows, now);
}

/**
 * Conversations with their messages (oldest first), their trip's times and what each needs of a
 * person: two queries for the lot (messages, trips), however many conversations.
 */
export function withMessagesAndNeeds(
  accountId: string,
  rows: (typeof conversations.$inferSelect)[],
  now: number,
) {
  const messages =
    rows.length === 0
      ? []
      : db()
          .select({
            conversationId: conversationMessages.conversationId,
            author: conversationMessages.author,
            text: conversationMessages.text,
            at: conversationMessages.at,
            resolvedAt: conversationMessages.resolvedAt,
          })
          .from(conversationMessages)
          .where(
            inArray(
              conversationMessages.conversationId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(conversationMessages.at, conversationMessages.id)
          .all();
  // The trips in one query, not two each (a page's worth of conversations).
  const tripIds = [...new Set(rows.flatMap((row) => row.tripId ?? []))];
  const tripsById = new Map(
    (tripIds.length === 0
      ? []
      : db()
          .select({ id: trips.id, startAt: trips.startAt, endAt: trips.endAt })
          .from(trips)
          .where(and(eq(trips.accountId, accountId), inArray(trips.id, tripIds)))
          .all()
    ).map((trip) => [trip.id, trip]),
  );
  return rows.map((conversation) => {
    const own = messages.filter((message) => message.conversationId === conversation.id);
    const trip = conversation.tripId ? (tripsById.get(conversation.tripId) ?? null) : null;
    return {
      conversation,
      messages: own,
      trip,
      needs: {
        ...conversationNeeds(conversation, own, now, trip),
        ...replyInfo(conversation, own, trip),
      },
    };
  });
}

/** The guest's conversation about a trip (the latest, should there be two), or null. */
export function tripConversationId(accountId: string, tripId: string): string | null {
  return (
    db()
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.accountId, accountId), eq(conversations.tripId, tripId)))
      .orderBy(desc(conversations.lastMessageAt))
      .get()?.id ?? null
  );
}

export function getConversation(accountId: string, conversationId: string) {
  const conversation = db()
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)))
    .get();
  if (!conversation) return null;
  const messages = db()
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversation.id))
    .orderBy(conversationMessages.at, conversationMessages.id)
    .all();
  return { conversation, messages };
}

/** The API's shape of a conversation (the list), times as ISO 8601. */
export function conversationJson(
  conversation: ConversationRow,
  needs: ReturnType<typeof conversationNeeds> & Partial<ReturnType<typeof replyInfo>>,
) {
  return {
    id: conversation.id,
    guestName: conversation.guestName,
    reservationId: conversation.reservationId,
    tripId: conversation.tripId,
    lastMessageAt: conversation.lastMessageAt.toISOString(),
    ...needs,
  };
}

/** One message as the API and the pages show it. */
export function messageJson(message: typeof conversationMessages.$inferSelect) {
  return {
    id: message.id,
    author: message.author,
    text: message.text,
    source: message.source,
    at: message.at.toISOString(),
  };
}

type MessageText = Pick<typeof conversationMessages.$inferSelect, "author" | "text"> &
  Partial<Pick<typeof conversationMessages.$inferSelect, "resolvedAt">>;

/**
 * When the guest's unanswered messages must be answered (from the first of them, by the
 * marketplace's request-expiry rules) and where the conversation opens on the marketplace.
 */
export function replyInfo(
  conversation: Pick<ConversationRow, "accountId" | "tripId" | "reservationId">,
  messages: readonly Pick<typeof conversationMessages.$inferSelect, "author" | "at" | "text">[],
  known?: KnownTrip,
) {
  const lastHost = messages.map((message) => message.author).lastIndexOf("host");
  const firstUnanswered = messages[lastHost + 1];
  const trip = tripOf(conversation, known);
  // The first time the guest mentioned damage starts the reporting clock.
  const damageNotice = messages.find(
    (message) =>
      message.author === "guest" &&
      checkGuestMessage(message.text).actionItems.includes("damage-mentioned"),
  );
  return {
    reportDamageBy: damageNotice
      ? reportDamageBy({ noticeAt: damageNotice.at, tripEndAt: trip?.endAt }).toISOString()
      : null,
    replyDueAt: firstUnanswered
      ? replyDeadline({ messageAt: firstUnanswered.at, tripStartAt: trip?.startAt }).toISOString()
      : null,
    marketplaceUrl: conversation.reservationId
      ? reservationMessagesUrl(conversation.reservationId)
      : marketplaceInboxUrl,
  };
}

/** The guest's messages since the host last wrote: what still waits for an answer. */
export function unansweredMessages(messages: readonly MessageText[]): string[] {
  const lastHost = messages.map((message) => message.author).lastIndexOf("host");
  return messages.slice(lastHost + 1).map((message) => message.text);
}

/**
 * A conversation's trip as a list already read it (one query for a page of conversations, not one
 * each): `null` when it has none; left out, it is read here.
 */
type KnownTrip = Pick<TripFacts, "startAt" | "endAt"> | null;
type TripFacts = NonNullable<ReturnType<typeof getTrip>>;

function tripOf(conversation: Pick<ConversationRow, "accountId" | "tripId">, known?: KnownTrip) {
  if (known !== undefined) return known ?? undefined;
  return conversation.tripId ? getTrip(conversation.accountId, conversation.tripId) : undefined;
}

/** Whether the conversation's trip has started; undefined when it names no trip. */
export function tripHasStarted(
  conversation: Pick<ConversationRow, "accountId" | "tripId">,
  now = Date.now(),
  known?: KnownTrip,
): boolean | undefined {
  const trip = tripOf(conversation, known);
  return trip ? trip.startAt.getTime() <= now : undefined;
}

/**
 * The guest's messages whose questions no one has dealt with yet: not answered by a reply, not
 * marked resolved. A holding reply answers nothing, so what it held stays here.
 */
export function openGuestMessages<T extends MessageText>(messages: readonly T[]): T[] {
  return messages.filter((message) => message.author === "guest" && !message.resolvedAt);
}

/** Marks the conversation's open guest messages up to `now` dealt with, by `userId`. */
export function markGuestMessagesResolved(
  tx: Pick<Tx, "update" | "select">,
  accountId: string,
  conversationId: string,
  userId: string | null,
  now: Date,
) {
  tx.update(conversationMessages)
    .set({ resolvedAt: now, resolvedByUserId: userId })
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.accountId, accountId),
        eq(conversationMessages.author, "guest"),
        isNull(conversationMessages.resolvedAt),
        lte(conversationMessages.at, now),
      ),
    )
    .run();
  refreshInboxState(tx, accountId, conversationId, now.getTime());
}

/**
 * What the guest's open messages ask of a person ("Needs you"): their restricted topics and
 * action items, checked when read (the trip may have started since). They stay until a person
 * sends an answer or marks them resolved, even after the holding reply went out.
 */
export function conversationNeeds(
  conversation: Pick<ConversationRow, "accountId" | "tripId">,
  messages: readonly MessageText[],
  now = Date.now(),
  known?: KnownTrip,
) {
  const tripStarted = tripHasStarted(conversation, now, known);
  const topics = new Set<RestrictedTopic>();
  const actionItems = new Set<ActionItem>();
  for (const { text } of openGuestMessages(messages)) {
    const check = checkGuestMessage(text, { tripStarted });
    check.topics.forEach((topic) => topics.add(topic));
    check.actionItems.forEach((item) => actionItems.add(item));
  }
  return {
    escalated: topics.size > 0 || actionItems.size > 0,
    restrictedTopics: [...topics],
    actionItems: [...actionItems],
  };
}

type TimedMessage = MessageText & Pick<typeof conversationMessages.$inferSelect, "at">;

/**
 * Whether a guest is waiting on this conversation, and until when: the one reading of the page
 * and the concierge queue, so a guest waiting on one is waiting on the other. A guest waits for a
 * reply while a message of theirs is unanswered (due by the marketplace's response window from
 * the first of them), and for a person while "Needs you" is open (counted from its first message).
 */
export function conversationWaiting(
  messages: readonly TimedMessage[],
  needs: { escalated: boolean },
  tripStartAt: Date | null | undefined,
  tripStarted?: boolean,
) {
  const lastHost = messages.map((message) => message.author).lastIndexOf("host");
  const firstUnanswered = messages.slice(lastHost + 1).find((m) => m.author === "guest");
  const firstOpen = needs.escalated
    ? openGuestMessages(messages).find(
        (message) => checkGuestMessage(message.text, { tripStarted }).escalate,
      )
    : undefined;
  return {
    reply: firstUnanswered
      ? {
          since: firstUnanswered.at,
          dueAt: replyDeadline({ messageAt: firstUnanswered.at, tripStartAt }),
        }
      : null,
    needsYou: firstOpen
      ? { since: firstOpen.at, dueAt: replyDeadline({ messageAt: firstOpen.at, tripStartAt }) }
      : null,
  };
}

/**
 * Writes what the inbox filters and counts by (`needsYouSince`, `awaitingReplySince`) from the
 * conversation's messages, read as its page reads them. Called in the transaction of every write
 * of a conversation's messages, so a list never reads the messages to filter or count.
 */
export function refreshInboxState(
  tx: Pick<Tx, "select" | "update">,
  accountId: string,
  conversationId: string,
  now = Date.now(),
) {
  const conversation = tx
    .select({ accountId: conversations.accountId, tripId: conversations.tripId })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)))
    .get();
  if (!conversation) return;
  const messages = tx
    .select({
      author: conversationMessages.author,
      text: conversationMessages.text,
      at: conversationMessages.at,
      resolvedAt: conversationMessages.resolvedAt,
    })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(conversationMessages.at, conversationMessages.id)
    .all();
  const trip = conversation.tripId
    ? (tx
        .select({ startAt: trips.startAt, endAt: trips.endAt })
        .from(trips)
        .where(and(eq(trips.accountId, accountId), eq(trips.id, conversation.tripId)))
        .get() ?? null)
    : null;
  const tripStarted = trip ? trip.startAt.getTime() <= now : undefined;
  const needs = conversationNeeds(conversation, messages, now, trip);
  const waiting = conversationWaiting(messages, needs, trip?.startAt, tripStarted);
  tx.update(conversations)
    .set({
      needsYouSince: waiting.needsYou?.since ?? null,
      awaitingReplySince: waiting.reply?.since ?? null,
    })
    .where(eq(conversations.id, conversationId))
    .run();
}

const INBOX_STATE_FILLED = "inbox-state-filled";

/**
 * Fills in "Needs you" on conversations older than the inbox's stored filters, once (the
 * migration filled in the rest; this part reads the messages' text).
 */
export function refreshAllInboxStates() {
  const done = db().select().from(appMeta).where(eq(appMeta.key, INBOX_STATE_FILLED)).get();
  if (done) return 0;
  const open = db()
    .selectDistinct({
      accountId: conversationMessages.accountId,
      conversationId: conversationMessages.conversationId,
    })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.author, "guest"), isNull(conversationMessages.resolvedAt)))
    .all();
  db().transaction((tx) => {
    for (const { accountId, conversationId } of open) {
      refreshInboxState(tx, accountId, conversationId);
    }
    tx.insert(appMeta)
      .values({ key: INBOX_STATE_FILLED, value: new Date().toISOString() })
      .onConflictDoNothing()
      .run();
  });
  return open.length;
}
