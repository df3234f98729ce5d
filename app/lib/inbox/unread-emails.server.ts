/**
 * Emails the inbox couldn't read as a guest's message: their list and originals, Gmail's
 * forwarding confirmations among them, and "Make this a guest message", which moves one into a
 * guest's conversation.
 */
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { conversationMessages, conversations, inboundEmails, trips } from "~/db/schema";
import { FORWARDING_CONFIRMATION } from "~/domain/inbox/forwarding-confirmation";
import { guessGuestMessage } from "~/domain/inbox/guest-message-guess";
import { marketplace, notificationSender } from "~/config/marketplace";
import { db } from "~/lib/runtime/db.server";
import { fileStore } from "~/lib/storage/file-store.server";
import { parseMail } from "./parse-mail.server";
import { decodeCursor, MAX_PAGE_SIZE, pageOf } from "~/lib/paging/paging";
import { addGuestMessage, conversationFor } from "./conversations.server";

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

/** This account's email with this id, while it is still one the inbox couldn't read. */
function unreadEmailWhere(accountId: string, emailId: string) {
  return and(
    eq(inboundEmails.accountId, accountId),
    eq(inboundEmails.id, emailId),
    eq(inboundEmails.kind, "unrecognized"),
  );
}

/** One email that couldn't be read, with its original (for "Make this a guest message"). */
function unreadEmail(accountId: string, emailId: string) {
  return (
    db().select().from(inboundEmails).where(unreadEmailWhere(accountId, emailId)).get() ?? null
  );
}

/** Whether the email is still one the inbox couldn't read (reads its id, not its original). */
export function isUnreadEmail(accountId: string, emailId: string): boolean {
  return (
    db()
      .select({ id: inboundEmails.id })
      .from(inboundEmails)
      .where(unreadEmailWhere(accountId, emailId))
      .get() !== undefined
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
      .where(unreadEmailWhere(accountId, emailId))
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
