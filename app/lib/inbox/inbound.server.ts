/**
 * Inbound email: the marketplace's notification emails, forwarded by the host to the account's
 * webhook (an email provider's inbound route posts the raw message there). Each email is parsed
 * with a real MIME parser, read (`readNotificationEmail`), stored with its original, and a guest's
 * message joins its conversation. A second delivery of the same email changes nothing.
 */
import crypto from "node:crypto";
import { and, desc, eq, inArray, isNull, lte } from "drizzle-orm";
import { simpleParser } from "mailparser";
import {
  conversationMessages,
  conversations,
  inboundEmails,
  inboundTokens,
  trips,
} from "../../../db/schema";
import { readNotificationEmail, type ReadNotification } from "~/domain/inbox/notification-email";
import {
  checkGuestMessage,
  type ActionItem,
  type RestrictedTopic,
} from "~/domain/inbox/restricted-topics";
import { getTrip } from "../trips/trips.server";
import { replyDeadline } from "~/domain/inbox/reply-deadline";
import { reportDamageBy } from "~/domain/inbox/damage-notice";
import { marketplaceInboxUrl, reservationMessagesUrl } from "~/config/marketplace";
import { db } from "../runtime/db.server";
import { env } from "../runtime/env.server";

/** An inbound webhook token: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type ConversationRow = typeof conversations.$inferSelect;

/** The account's inbound token, made on first use. */
export function inboundToken(accountId: string): string {
  const existing = db()
    .select()
    .from(inboundTokens)
    .where(eq(inboundTokens.accountId, accountId))
    .get();
  if (existing) return existing.token;
  const token = crypto.randomBytes(32).toString("base64url");
  db().insert(inboundTokens).values({ accountId, token }).onConflictDoNothing().run();
  return inboundToken(accountId);
}

/**
 * Where the account's forwarded emails go: the webhook, and the address when the built-in SMTP
 * listener runs (at INBOUND_EMAIL_DOMAIN, else the public URL's host name).
 */
export function inboundSettings(accountId: string) {
  const token = inboundToken(accountId);
  const settings = env();
  const domain = settings.INBOUND_EMAIL_DOMAIN ?? new URL(settings.PUBLIC_URL).hostname;
  return {
    webhookUrl: new URL(`/api/inbound/email/${token}`, settings.PUBLIC_URL).toString(),
    address: settings.INBOUND_SMTP_PORT ? `${token}@${domain}` : null,
  };
}

/** Whether this is an account's inbound token (the local part of its inbound address). */
export function isInboundToken(token: string): boolean {
  return accountForToken(token) !== null;
}

function accountForToken(token: string): string | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  return (
    db().select().from(inboundTokens).where(eq(inboundTokens.token, token)).get()?.accountId ?? null
  );
}

export type InboundResult =
  | { status: "unknown-token" }
  | { status: "duplicate"; id: string }
  | {
      status: "stored";
      id: string;
      accountId: string;
      kind: ReadNotification["kind"];
      conversationId: string | null;
    };

/** Stores one raw MIME email for the account whose token it was posted to. */
export async function receiveInboundEmail(token: string, raw: Buffer): Promise<InboundResult> {
  const accountId = accountForToken(token);
  if (!accountId) return { status: "unknown-token" };
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  // The parser turns an HTML-only email into text too.
  const text = parsed.text ?? "";
  const read = readNotificationEmail({ subject: parsed.subject ?? "", text });
  const dedupeKey =
    parsed.messageId?.trim() || crypto.createHash("sha256").update(raw).digest("hex");
  const receivedAt = new Date();
  return db().transaction((tx) => {
    const seen = tx
      .select({ id: inboundEmails.id })
      .from(inboundEmails)
      .where(and(eq(inboundEmails.accountId, accountId), eq(inboundEmails.dedupeKey, dedupeKey)))
      .get();
    if (seen) return { status: "duplicate" as const, id: seen.id };
    const conversationId =
      read.kind === "unrecognized" ? null : conversationFor(tx, accountId, read, receivedAt);
    const id = crypto.randomUUID();
    tx.insert(inboundEmails)
      .values({
        id,
        accountId,
        dedupeKey,
        kind: read.kind,
        subject: parsed.subject ?? null,
        fromAddress: parsed.from?.value[0]?.address ?? null,
        guestName: read.guestName,
        reservationId: read.reservationId,
        conversationId,
        raw: raw.toString("utf8"),
        receivedAt,
      })
      .run();
    if (conversationId && read.messageText) {
      tx.insert(conversationMessages)
        .values({
          conversationId,
          accountId,
          author: "guest",
          text: read.messageText,
          source: "email",
          inboundEmailId: id,
          at: parsed.date ?? receivedAt,
        })
        .run();
    }
    return { status: "stored" as const, id, accountId, kind: read.kind, conversationId };
  });
}

export type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** The conversation an email belongs to (by reservation, else by guest), made if new. */
export function conversationFor(
  tx: Tx,
  accountId: string,
  read: Pick<ReadNotification, "guestName" | "reservationId">,
  at: Date,
): string | null {
  const threadKey = read.reservationId
    ? `reservation:${read.reservationId}`
    : read.guestName
      ? `guest:${read.guestName.toLowerCase()}`
      : null;
  if (!threadKey) return null;
  const existing = tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.threadKey, threadKey)))
    .get();
  if (existing) {
    tx.update(conversations)
      .set({
        lastMessageAt: at,
        guestName: existing.guestName ?? read.guestName,
      })
      .where(eq(conversations.id, existing.id))
      .run();
    return existing.id;
  }
  const trip = read.reservationId
    ? tx
        .select({ id: trips.id })
        .from(trips)
        .where(and(eq(trips.accountId, accountId), eq(trips.reservationId, read.reservationId)))
        .get()
    : undefined;
  const id = crypto.randomUUID();
  tx.insert(conversations)
    .values({
      id,
      accountId,
      threadKey,
      reservationId: read.reservationId,
      guestName: read.guestName,
      tripId: trip?.id ?? null,
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
    tx.insert(conversationMessages)
      .values({
        conversationId,
        accountId,
        author: "guest",
        text: input.text,
        source: "pasted",
        at,
      })
      .run();
    return conversationId;
  });
}

/** The account's conversations, latest first, each with what it needs of a person. */
export function listConversations(accountId: string) {
  const rows = db()
    .select()
    .from(conversations)
    .where(eq(conversations.accountId, accountId))
    .orderBy(desc(conversations.lastMessageAt))
    .limit(200)
    .all();
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
  return rows.map((conversation) => {
    const own = messages.filter((message) => message.conversationId === conversation.id);
    return {
      conversation,
      needs: { ...conversationNeeds(conversation, own), ...replyInfo(conversation, own) },
    };
  });
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

/** Emails that couldn't be read, newest first, so the host can see what arrived. */
export function unreadEmails(accountId: string) {
  return db()
    .select({
      id: inboundEmails.id,
      subject: inboundEmails.subject,
      fromAddress: inboundEmails.fromAddress,
      receivedAt: inboundEmails.receivedAt,
    })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.accountId, accountId), eq(inboundEmails.kind, "unrecognized")))
    .orderBy(desc(inboundEmails.receivedAt))
    .limit(50)
    .all();
}

/** The original of one received email (for "couldn't read this email"). */
export function inboundOriginal(accountId: string, emailId: string): string | null {
  return (
    db()
      .select({ raw: inboundEmails.raw })
      .from(inboundEmails)
      .where(and(eq(inboundEmails.accountId, accountId), eq(inboundEmails.id, emailId)))
      .get()?.raw ?? null
  );
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
) {
  const lastHost = messages.map((message) => message.author).lastIndexOf("host");
  const firstUnanswered = messages[lastHost + 1];
  const trip = conversation.tripId
    ? getTrip(conversation.accountId, conversation.tripId)
    : undefined;
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

/** Whether the conversation's trip has started; undefined when it names no trip. */
export function tripHasStarted(
  conversation: Pick<ConversationRow, "accountId" | "tripId">,
  now = Date.now(),
): boolean | undefined {
  const trip = conversation.tripId
    ? getTrip(conversation.accountId, conversation.tripId)
    : undefined;
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
  tx: Pick<Tx, "update">,
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
) {
  const tripStarted = tripHasStarted(conversation, now);
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
