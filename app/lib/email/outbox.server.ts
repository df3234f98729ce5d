import nodemailer from "nodemailer";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { db, logJobFailure } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";
import { errorFields, logger } from "~/lib/runtime/logger.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /**
   * What a second copy of this kind of email would do, declared where it is queued. A process
   * that dies mid-send can't know whether the SMTP server took the email: a "harmless" one
   * (reminders, verification and reset links) is sent again, a "harmful" one (a message that
   * speaks for the host to someone outside the account) never is. Harmless when not said.
   */
  duplicate?: "harmless" | "harmful";
}

/** The delivery interface: SMTP in real life; tests talk to a real local SMTP server. */
export interface EmailTransport {
  /** `messageId`: the same for every attempt at one email, so a second copy can be recognized. */
  send(email: OutgoingEmail, messageId?: string): Promise<void>;
}

export function smtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(email, messageId) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(messageId ? { messageId } : {}),
      });
    },
  };
}

let transport: EmailTransport | null | undefined;
function currentTransport(): EmailTransport | null {
  if (transport === undefined) {
    const { SMTP_URL, MAIL_FROM } = env();
    transport = SMTP_URL ? smtpTransport(SMTP_URL, MAIL_FROM) : null;
  }
  return transport;
}

const MAX_ATTEMPTS = 6;
const backoffMs = (attempt: number) => Math.min(60 * 60_000, 30_000 * 2 ** (attempt - 1));

/**
 * Queues an email as a durable row, then tries to send it right away. Without SMTP_URL the row is
 * kept as "stored" (and printed in development) so a self-hoster can still read the link.
 */
export function queueEmail({ duplicate = "harmless", ...email }: OutgoingEmail) {
  const smtp = currentTransport();
  const row = db()
    .insert(emailOutbox)
    .values({
      ...email,
      duplicateHarmless: duplicate === "harmless",
      status: smtp ? "pending" : "stored",
      nextAttemptAt: new Date(),
    })
    .returning({ id: emailOutbox.id })
    .get();
  if (!smtp) {
    if (env().NODE_ENV === "production") {
      logger.info("Email kept in the outbox (no SMTP_URL)", {
        id: row.id,
        to: email.to,
        subject: email.subject,
      });
    } else {
      logger.info(`Email (no SMTP_URL) to ${email.to}: ${email.subject}\n${email.text}`);
    }
    return;
  }
  void deliver(row.id).catch((error) => logJobFailure(`Email ${row.id}`, error));
}

/**
 * How long a send may take before the row is due again. Claiming a row moves its next attempt
 * this far ahead, so the send started by `queueEmail` and a worker pass (or a second process)
 * can't both send it; if the process dies mid-send, the row is due again after the lease.
 */
const SEND_LEASE_MS = 120_000;

/** One Message-ID per email, the same on every attempt (a resend is recognizably the same email). */
function messageIdOf(row: { id: number; createdAt: Date }) {
  const host = new URL(env().PUBLIC_URL).hostname || "fleetassist.local";
  return `<outbox-${row.id}-${row.createdAt.getTime()}@${host}>`;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Whether a failed send may still have reached the recipient's server: anything but an SMTP
 * refusal (a reply code) or a connection that was never made (refused, no such host, TLS or
 * sign-in failed). A connection that closes mid-conversation can't say how far it got.
 */
function mayHaveBeenTaken(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  const { responseCode, code } = error as Error & { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === "number") return false;
  if (code === "EDNS" || code === "ETLS" || code === "EAUTH" || code === "EENVELOPE") return false;
  return !/\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/.test(error.message);
}

/**
 * Sends one due email. The attempt is marked (and counted) in the same write that claims the row,
 * before anything goes to the SMTP server, and cleared when the send ends either way. A row
 * found still marked is one whose send never finished (the process died): the SMTP server may
 * have taken it. It is sent again only when a duplicate is harmless; otherwise it is kept as
 * "maybe_sent" and logged, never sent twice. The same goes for a send whose connection broke
 * without an answer.
 */
async function deliver(id: number) {
  const smtp = currentTransport();
  if (!smtp) return;
  const now = new Date();
  const due = and(
    eq(emailOutbox.id, id),
    eq(emailOutbox.status, "pending"),
    lte(emailOutbox.nextAttemptAt, now),
  );
  const row = db().select().from(emailOutbox).where(due).get();
  if (!row) return;
  // The claim succeeds only if nobody claimed the row since it was read.
  const unchanged = and(
    due,
    row.attemptStartedAt
      ? eq(emailOutbox.attemptStartedAt, row.attemptStartedAt)
      : isNull(emailOutbox.attemptStartedAt),
  );
  if (row.attemptStartedAt && !row.duplicateHarmless) {
    const held = db()
      .update(emailOutbox)
      .set({
        status: "maybe_sent",
        lastError: "The process stopped during the send; not sent again.",
      })
      .where(unchanged)
      .run();
    if (held.changes > 0) {
      logger.warn("Email maybe sent: an attempt never finished and a duplicate would do harm", {
        id,
        to: row.to,
        subject: row.subject,
        attemptStartedAt: row.attemptStartedAt.toISOString(),
      });
    }
    return;
  }
  const attempts = row.attempts + 1;
  const claimed = db()
    .update(emailOutbox)
    .set({
      nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS),
      attemptStartedAt: now,
      attempts,
    })
    .where(unchanged)
    .run();
  if (claimed.changes === 0) return;
  if (row.attemptStartedAt) {
    logger.info("Email sent again: an attempt never finished and a duplicate is harmless", {
      id,
    });
  }
  try {
    await smtp.send({ to: row.to, subject: row.subject, text: row.text }, messageIdOf(row));
  } catch (error) {
    if (!row.duplicateHarmless && mayHaveBeenTaken(error)) {
      // The connection broke without an answer: like a crash mid-send, it may have gone out.
      db()
        .update(emailOutbox)
        .set({
          status: "maybe_sent",
          attemptStartedAt: null,
          lastError: `No answer from the SMTP server; not sent again. ${errorText(error)}`,
        })
        .where(eq(emailOutbox.id, id))
        .run();
      logger.warn("Email maybe sent: the SMTP server didn't answer and a duplicate would do harm", {
        id,
        to: row.to,
        subject: row.subject,
        ...errorFields(error),
      });
      return;
    }
    const failed = attempts >= MAX_ATTEMPTS;
    db()
      .update(emailOutbox)
      .set({
        status: failed ? "failed" : "pending",
        attemptStartedAt: null,
        lastError: errorText(error),
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
      })
      .where(eq(emailOutbox.id, id))
      .run();
    logger.warn(failed ? "Email delivery failed for good" : "Email delivery failed; will retry", {
      id,
      attempts,
      ...errorFields(error),
    });
    return;
  }
  // Right after the server's answer. If this write fails (a busy database), the row stays
  // marked and is treated as a send that never finished.
  db()
    .update(emailOutbox)
    .set({ status: "sent", attemptStartedAt: null, sentAt: new Date(), lastError: null })
    .where(eq(emailOutbox.id, id))
    .run();
}

/** Sends what is due: run at boot (resuming after a restart) and then periodically. */
export async function processOutbox(now = new Date()) {
  try {
    const due = db()
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.id))
      .limit(20)
      .all();
    for (const { id } of due) await deliver(id);
  } catch (error) {
    // Never rejects (it runs from a timer); what wasn't sent stays due for the next pass.
    logJobFailure("Email outbox", error);
  }
}

let worker: ReturnType<typeof setInterval> | undefined;
export function startOutboxWorker() {
  if (worker || !currentTransport()) return;
  void processOutbox();
  worker = setInterval(() => void processOutbox(), 30_000);
  worker.unref();
}
