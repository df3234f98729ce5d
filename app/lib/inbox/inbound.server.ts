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
import { and, eq } from "drizzle-orm";
import { inboundEmails, inboundTokens } from "~/db/schema";
import { readNotificationEmail } from "~/domain/inbox/notification-email";
import { noticeText } from "~/domain/inbox/html-text";
import { messageTime } from "~/domain/inbox/message-time";
import { wallClockAt } from "~/domain/zoned-time";
import { applyTripNotice, noticeTimeZone } from "./notice-trips.server";
import type { Tx } from "~/lib/trips/trip-links.server";
import {
  FORWARDING_CONFIRMATION,
  readForwardingConfirmation,
} from "~/domain/inbox/forwarding-confirmation";
import { db } from "~/lib/runtime/db.server";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import { fileStore, newFileKey } from "~/lib/storage/file-store.server";
import { parseMail } from "./parse-mail.server";
import { reserveInboundQuota } from "./inbound-quota.server";
import { env } from "~/lib/runtime/env.server";
import { addGuestMessage, conversationFor } from "./conversations.server";

/** An inbound webhook token: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

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
