import nodemailer from "nodemailer";
import { and, asc, eq, lte } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema";
import { db, logJobFailure } from "../runtime/db.server";
import { env } from "../runtime/env.server";
import { errorFields, logger } from "../runtime/logger.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** The delivery interface: SMTP in real life; tests talk to a real local SMTP server. */
export interface EmailTransport {
  send(email: OutgoingEmail): Promise<void>;
}

export function smtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(email) {
      await transporter.sendMail({ from, to: email.to, subject: email.subject, text: email.text });
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
export function queueEmail(email: OutgoingEmail) {
  const smtp = currentTransport();
  const row = db()
    .insert(emailOutbox)
    .values({ ...email, status: smtp ? "pending" : "stored", nextAttemptAt: new Date() })
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
 * can't both send it; if the process dies mid-send, the row is sent after the lease.
 */
const SEND_LEASE_MS = 120_000;

async function deliver(id: number) {
  const smtp = currentTransport();
  if (!smtp) return;
  const now = new Date();
  const claimed = db()
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + SEND_LEASE_MS) })
    .where(
      and(
        eq(emailOutbox.id, id),
        eq(emailOutbox.status, "pending"),
        lte(emailOutbox.nextAttemptAt, now),
      ),
    )
    .run();
  if (claimed.changes === 0) return;
  const row = db().select().from(emailOutbox).where(eq(emailOutbox.id, id)).get();
  if (!row) return;
  const attempts = row.attempts + 1;
  try {
    await smtp.send({ to: row.to, subject: row.subject, text: row.text });
  } catch (error) {
    const failed = attempts >= MAX_ATTEMPTS;
    db()
      .update(emailOutbox)
      .set({
        status: failed ? "failed" : "pending",
        attempts,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
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
  // If this write fails (a busy database), the row stays pending and is sent again later.
  db()
    .update(emailOutbox)
    .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
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
