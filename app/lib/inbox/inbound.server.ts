/**
 * Inbound email: the marketplace's notification emails, forwarded by the host to the account's
 * webhook (an email provider's inbound route posts the raw message there). Each email is parsed
 * with a real MIME parser, read (`readNotificationEmail`), stored with its original, and a guest's
 * message joins its conversation. A second delivery of the same email changes nothing.
 *
 * The original is a file in the file store, written (fsync, then an atomic rename) before the
 * email's row is committed: the write and its fsync run off the main thread, where a 10 MB BLOB
 * written into SQLite stalled every request, and an email is answered "accepted" only once both
 * are durable. A crash between the two leaves a file no row refers to (the sender, never
 * answered, sends again), swept later like a photo's.
 */
import crypto from "node:crypto";
import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import {
  appMeta,
  conversationMessages,
  conversations,
  inboundEmails,
  inboundTokens,
  trips,
} from "~/db/schema";
import { readNotificationEmail, type ReadNotification } from "~/domain/inbox/notification-email";
import { noticeText } from "~/domain/inbox/html-text";
import { messageTime } from "~/domain/inbox/message-time";
import { wallClockAt } from "~/domain/zoned-time";
import { applyTripNotice, noticeTimeZone } from "./notice-trips.server";
import { tripForConversation, type Tx } from "~/lib/trips/trip-links.server";
import {
  FORWARDING_CONFIRMATION,
  readForwardingConfirmation,
} from "~/domain/inbox/forwarding-confirmation";
import {
  checkGuestMessage,
  type ActionItem,
  type RestrictedTopic,
} from "~/domain/inbox/restricted-topics";
import { getTrip } from "~/lib/trips/trips.server";
import { replyDeadline } from "~/domain/inbox/reply-deadline";
import { reportDamageBy } from "~/domain/inbox/damage-notice";
import { guessGuestMessage } from "~/domain/inbox/guest-message-guess";
import {
  marketplace,
  marketplaceInboxUrl,
  notificationSender,
  reservationMessagesUrl,
} from "~/config/marketplace";
import { db } from "~/lib/runtime/db.server";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import { fileStore, newFileKey } from "~/lib/storage/file-store.server";
import { parseMail } from "./parse-mail.server";
import { reserveInboundQuota } from "./inbound-quota.server";
import { env } from "~/lib/runtime/env.server";
import { decodeCursor, MAX_PAGE_SIZE, pageOf } from "~/lib/paging/paging";

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
      kind: InboundEmailKind;
      conversationId: string | null;
    };

export type InboundEmailKind = (typeof inboundEmails.$inferSelect)["kind"];

/** Stores one raw MIME email for the account whose token it was posted to. */
export async function receiveInboundEmail(
  token: string,
  raw: Buffer,
  receivedAt = new Date(),
): Promise<InboundResult> {
  const accountId = accountForToken(token);
  if (!accountId) return { status: "unknown-token" };
  // Over the account's daily allowance: InboundQuotaError (429; SMTP 452). Counted until stored.
  const release = reserveInboundQuota(accountId, raw.length);
  return storeInboundEmail(accountId, raw, receivedAt).finally(release);
}

async function storeInboundEmail(
  accountId: string,
  raw: Buffer,
  receivedAt: Date,
): Promise<InboundResult> {
  const parsed = await parseMail(raw);
  // Gmail's forwarding confirmation is no notice: it is kept to show its code and link.
  const confirmation = readForwardingConfirmation({
    from: parsed.from?.value[0]?.address ?? null,
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : undefined,
  });
  // Hashed on the thread pool: 10 MB would hold the main thread for tens of milliseconds.
  const sha256 = Buffer.from(await crypto.subtle.digest("SHA-256", raw)).toString("hex");
  const dedupeKey = parsed.messageId?.trim() || sha256;
  const seenBefore = findDuplicate(db(), accountId, dedupeKey);
  if (seenBefore) return { status: "duplicate", id: seenBefore };
  const rawKey = newFileKey("inbound", "eml", receivedAt);
  await fileStore().put(rawKey, raw, ORIGINAL_CONTENT_TYPE);
  let result: InboundResult;
  try {
    result = db().transaction((tx) =>
      insertInboundEmail(tx, accountId, parsed, confirmation, {
        dedupeKey,
        receivedAt,
        original: { rawKey, rawSha256: sha256, rawBytes: raw.length },
      }),
    );
  } catch (error) {
    await dropOriginal(rawKey);
    throw error;
  }
  // The same email delivered twice at once: the one stored first keeps its original.
  if (result.status === "duplicate") await dropOriginal(rawKey);
  return result;
}

const ORIGINAL_CONTENT_TYPE = "message/rfc822";

/** Deletes an original no row refers to; if that fails, the sweep of orphan files will. */
async function dropOriginal(key: string) {
  await fileStore()
    .delete(key)
    .catch((error: unknown) =>
      logger.warn("Could not delete an unused email original", errorFields(error)),
    );
}

function findDuplicate(
  tx: Pick<Tx, "select">,
  accountId: string,
  dedupeKey: string,
): string | undefined {
  return tx
    .select({ id: inboundEmails.id })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.accountId, accountId), eq(inboundEmails.dedupeKey, dedupeKey)))
    .get()?.id;
}

function insertInboundEmail(
  tx: Tx,
  accountId: string,
  parsed: Awaited<ReturnType<typeof parseMail>>,
  confirmation: ReturnType<typeof readForwardingConfirmation>,
  stored: {
    dedupeKey: string;
    receivedAt: Date;
    original: { rawKey: string; rawSha256: string; rawBytes: number };
  },
): InboundResult {
  const { dedupeKey, receivedAt } = stored;
  const seen = findDuplicate(tx, accountId, dedupeKey);
  if (seen) return { status: "duplicate" as const, id: seen };
  const timeZone = noticeTimeZone(tx, accountId);
  const read = readNotificationEmail({
    subject: parsed.subject ?? "",
    text: noticeText(parsed),
    receivedOn: wallClockAt(receivedAt.getTime(), timeZone ?? "UTC"),
  });
  const kind = confirmation ? FORWARDING_CONFIRMATION : read.kind;
  const at = messageTime({ receivedAt, dateHeader: parsed.date });
  // The trip first, so a conversation made by this email links to the trip it adds.
  if (!confirmation) applyTripNotice(tx, accountId, read, { timeZone, now: receivedAt });
  const conversationId =
    kind === "unrecognized" || kind === FORWARDING_CONFIRMATION
      ? null
      : conversationFor(tx, accountId, read, at);
  const id = crypto.randomUUID();
  tx.insert(inboundEmails)
    .values({
      id,
      accountId,
      dedupeKey,
      kind,
      subject: parsed.subject ?? null,
      fromAddress: parsed.from?.value[0]?.address ?? null,
      guestName: read.guestName,
      reservationId: read.reservationId,
      conversationId,
      ...stored.original,
      confirmationCode: confirmation?.code ?? null,
      confirmationUrl: confirmation?.confirmUrl ?? null,
      receivedAt,
    })
    .run();
  if (conversationId && read.messageText) {
    addGuestMessage(tx, accountId, conversationId, {
      text: read.messageText,
      source: "email",
      inboundEmailId: id,
      at,
    });
  }
  return { status: "stored" as const, id, accountId, kind, conversationId };
}

export type { Tx };

/** A guest's message in a conversation: from a forwarded email, or pasted by the host. */
function addGuestMessage(
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

/**
 * Emails that couldn't be read, newest first, `limit` at a time after the `after` cursor (the
 * shared keyset cursor: the last one's arrival time in ms and id). `valid` is false for a cursor
 * that isn't one (a stale or edited link): that gives the first page.
 */
export function unreadEmails(
  accountId: string,
  page: { after?: string | null; limit?: number } = {},
) {
  const limit = Math.min(Math.max(page.limit ?? UNREAD_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const cursor = page.after ? decodeCursor(page.after) : null;
  const after =
    cursor && typeof cursor.key === "number" ? { at: new Date(cursor.key), id: cursor.id } : null;
  const rows = db()
    .select({
      id: inboundEmails.id,
      subject: inboundEmails.subject,
      fromAddress: inboundEmails.fromAddress,
      receivedAt: inboundEmails.receivedAt,
    })
    .from(inboundEmails)
    .where(
      and(
        eq(inboundEmails.accountId, accountId),
        eq(inboundEmails.kind, "unrecognized"),
        after
          ? or(
              lt(inboundEmails.receivedAt, after.at),
              and(eq(inboundEmails.receivedAt, after.at), lt(inboundEmails.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(inboundEmails.receivedAt), desc(inboundEmails.id))
    .limit(limit + 1)
    .all();
  const { items, nextCursor } = pageOf(rows, limit, (email) => ({
    key: email.receivedAt.getTime(),
    id: email.id,
  }));
  return { emails: items, nextCursor, valid: !page.after || after !== null };
}

export const UNREAD_PAGE_SIZE = 20;

/** How many emails couldn't be read (an aggregate over the index). */
export function unreadEmailCount(accountId: string): number {
  return (
    db()
      .select({ count: sql<number>`count(*)` })
      .from(inboundEmails)
      .where(and(eq(inboundEmails.accountId, accountId), eq(inboundEmails.kind, "unrecognized")))
      .get()?.count ?? 0
  );
}

/** The original of one received email, byte for byte (for "Download the original"). */
export async function inboundOriginal(accountId: string, emailId: string): Promise<Buffer | null> {
  const row = db()
    .select({ rawKey: inboundEmails.rawKey, raw: inboundEmails.raw })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.accountId, accountId), eq(inboundEmails.id, emailId)))
    .get();
  return row ? originalBytes(row) : null;
}

/** Whether the account has this received email. */
export function hasInboundEmail(accountId: string, emailId: string): boolean {
  return (
    db()
      .select({ id: inboundEmails.id })
      .from(inboundEmails)
      .where(and(eq(inboundEmails.accountId, accountId), eq(inboundEmails.id, emailId)))
      .get() !== undefined
  );
}

/** A stored email's original: its file, or the column older emails keep it in. */
async function originalBytes(row: { rawKey: string | null; raw: Buffer | null }): Promise<Buffer> {
  if (!row.rawKey) {
    if (!row.raw) throw new Error("A received email has no original");
    return row.raw;
  }
  const file = await fileStore().get(row.rawKey);
  // Written before its row was committed: missing means the data folder lost it.
  if (!file) throw new Error(`The original of a received email is missing: ${row.rawKey}`);
  return file.bytes;
}

/** Gmail's forwarding confirmations the host hasn't hidden yet, newest first. */
export function forwardingConfirmations(accountId: string) {
  return db()
    .select({
      id: inboundEmails.id,
      subject: inboundEmails.subject,
      code: inboundEmails.confirmationCode,
      confirmUrl: inboundEmails.confirmationUrl,
      receivedAt: inboundEmails.receivedAt,
    })
    .from(inboundEmails)
    .where(
      and(
        eq(inboundEmails.accountId, accountId),
        eq(inboundEmails.kind, FORWARDING_CONFIRMATION),
        isNull(inboundEmails.dismissedAt),
      ),
    )
    .orderBy(desc(inboundEmails.receivedAt), desc(inboundEmails.id))
    .limit(5)
    .all();
}

/** Hides a forwarding confirmation (the host is done with it); false if there is none. */
export function dismissForwardingConfirmation(accountId: string, emailId: string): boolean {
  const result = db()
    .update(inboundEmails)
    .set({ dismissedAt: new Date() })
    .where(
      and(
        eq(inboundEmails.accountId, accountId),
        eq(inboundEmails.id, emailId),
        eq(inboundEmails.kind, FORWARDING_CONFIRMATION),
      ),
    )
    .run();
  return result.changes > 0;
}

/** One email that couldn't be read, with its original (for "Make this a guest message"). */
export function unreadEmail(accountId: string, emailId: string) {
  return (
    db()
      .select()
      .from(inboundEmails)
      .where(
        and(
          eq(inboundEmails.accountId, accountId),
          eq(inboundEmails.id, emailId),
          eq(inboundEmails.kind, "unrecognized"),
        ),
      )
      .get() ?? null
  );
}

/**
 * What "Make this a guest message" starts from: the unread email, the guest, reservation and
 * message guessed from it (the trip's guest when the reservation is the account's), and the
 * account's recent trips and guests to pick from. Null if it is no longer an unread email.
 */
export async function guestMessageStart(accountId: string, emailId: string) {
  const email = unreadEmail(accountId, emailId);
  if (!email) return null;
  const parsed = await parseMail(await originalBytes(email));
  const sender = parsed.from?.value[0];
  const guess = guessGuestMessage(
    {
      subject: parsed.subject ?? "",
      text: parsed.text ?? "",
      fromName: sender?.name || null,
      fromAddress: sender?.address ?? null,
    },
    { name: marketplace.name, sender: notificationSender },
  );
  const recentTrips = db()
    .select({
      reservationId: trips.reservationId,
      guestName: trips.guestName,
      startAt: trips.startAt,
    })
    .from(trips)
    .where(eq(trips.accountId, accountId))
    .orderBy(desc(trips.startAt))
    .limit(50)
    .all();
  const trip = recentTrips.find((entry) => entry.reservationId === guess.reservationId);
  // No reservation named: the one trip of a guest by that name.
  const byName = recentTrips.filter(
    (entry) =>
      guess.guestName !== "" && entry.guestName?.toLowerCase() === guess.guestName.toLowerCase(),
  );
  return {
    email: {
      id: email.id,
      subject: email.subject,
      fromAddress: email.fromAddress,
      receivedAt: email.receivedAt,
    },
    guess: {
      ...guess,
      guestName: guess.guestName || trip?.guestName || "",
      reservationId: guess.reservationId || (byName.length === 1 ? byName[0]!.reservationId : ""),
    },
    trips: recentTrips,
  };
}

/**
 * "Make this a guest message": an email that couldn't be read becomes the guest's message the
 * host picked out, joining the guest's conversation (by reservation, else by name) as a
 * recognized email would, at the time it arrived. Null if it is no longer an unread email.
 */
export function makeGuestMessage(
  accountId: string,
  emailId: string,
  input: { guestName: string; reservationId?: string; text: string },
): string | null {
  return db().transaction((tx) => {
    const email = tx
      .select({ receivedAt: inboundEmails.receivedAt })
      .from(inboundEmails)
      .where(
        and(
          eq(inboundEmails.accountId, accountId),
          eq(inboundEmails.id, emailId),
          eq(inboundEmails.kind, "unrecognized"),
        ),
      )
      .get();
    if (!email) return null;
    const reservationId = input.reservationId || null;
    const conversationId = conversationFor(
      tx,
      accountId,
      { guestName: input.guestName, reservationId },
      email.receivedAt,
    )!;
    addGuestMessage(tx, accountId, conversationId, {
      text: input.text,
      source: "email",
      inboundEmailId: emailId,
      at: email.receivedAt,
    });
    // An older email joining a conversation doesn't move it back in the list.
    tx.update(conversations)
      .set({
        lastMessageAt: sql`(select max(${conversationMessages.at}) from ${conversationMessages} where ${conversationMessages.conversationId} = ${conversationId})`,
      })
      .where(eq(conversations.id, conversationId))
      .run();
    tx.update(inboundEmails)
      .set({ kind: "guest-message", guestName: input.guestName, reservationId, conversationId })
      .where(eq(inboundEmails.id, emailId))
      .run();
    return conversationId;
  });
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
