/**
 * The optional built-in SMTP listener for inbound email (on when INBOUND_SMTP_PORT is set): mail
 * to `<token>@<any domain>` goes to the account whose inbound token it is, exactly as a post to
 * its webhook would. Recipients that aren't a token are refused at RCPT, so the listener relays
 * nothing and accepts mail for nobody else. No authentication: like an MX, the token in the
 * address is the credential. STARTTLS is off (put a TLS-terminating relay in front if needed).
 *
 * Bounded like a public MX: so many connections at once (overall and per client address), a
 * deadline for each message's DATA and for each session, at most 50 recipients a message, and
 * each account's daily allowance (checked at RCPT, and again with the message's size).
 */
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import { isInboundToken, receiveInboundEmail } from "./inbound.server";
import {
  InboundQuotaError,
  inboundBytesLeftForToken,
  inboundQuotaRoomForToken,
} from "./inbound-quota.server";
import { draftRepliesSoon } from "./drafts.server";

/** The largest message taken, as on the webhook. */
const MAX_MESSAGE_BYTES = 10_000_000;

export const SMTP_LIMITS = {
  /** Connections open at once, from everybody. */
  maxClients: 50,
  /** Connections open at once from one client address. */
  perAddress: 5,
  /** Recipients of one message; more are answered 452 (the sender sends them separately). */
  maxRecipients: 50,
  /** From DATA to the end of the message: a sender trickling bytes is cut off. */
  dataDeadlineMs: 120_000,
  /** The longest one connection lasts, whatever it sends. */
  sessionDeadlineMs: 600_000,
};

export type SmtpLimits = typeof SMTP_LIMITS;

function tokenOf(address: string): string | null {
  const local = address.split("@")[0] ?? "";
  return isInboundToken(local) ? local : null;
}

const smtpError = (message: string, responseCode: number) =>
  Object.assign(new Error(message), { responseCode });

/** Stores the message in each recipient's account, then answers the sender. */
function deliver(tokens: string[], raw: Buffer, callback: (error?: Error | null) => void) {
  Promise.all(tokens.map((token) => receiveInboundEmail(token, raw)))
    .then((results) =>
      Promise.all(
        results.map((result) =>
          result.status === "stored" && result.conversationId
            ? draftRepliesSoon(result.accountId)
            : undefined,
        ),
      ),
    )
    .then(() => callback())
    .catch((error: unknown) => {
      if (error instanceof InboundQuotaError) {
        return callback(smtpError("Mailbox over its daily quota, try again later", 452));
      }
      // Busy (every parser taken) or the database: the sender tries again later.
      if (!(error instanceof Response)) {
        logger.error("Inbound email failed", errorFields(error));
      }
      callback(smtpError("Try again later", 451));
    });
}

export function startInboundSmtp(options: {
  port: number;
  host: string;
  limits?: Partial<SmtpLimits>;
}): Promise<SMTPServer> {
  const limits = { ...SMTP_LIMITS, ...options.limits };
  const sessionTimers = new Map<string, NodeJS.Timeout>();

  /** Answers 421 and closes the session's connection (its client is misbehaving). */
  function cutOff(session: SMTPServerSession, message: string) {
    const connection = [...server.connections].find((open) => open.session?.id === session.id);
    if (!connection) return;
    connection.send(421, message);
    connection.close();
  }

  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    maxClients: limits.maxClients,
    maxRecipients: limits.maxRecipients,
    banner: "FleetAssist inbound",
    logger: false,
    onConnect(session, callback) {
      let fromThisAddress = 0;
      for (const open of server.connections) {
        if (open.remoteAddress === session.remoteAddress) fromThisAddress += 1;
      }
      // The connection being opened is one of them.
      if (fromThisAddress > limits.perAddress) {
        return callback(smtpError("Too many connections from your address, try again later", 421));
      }
      const timer = setTimeout(
        () => cutOff(session, "Session lasted too long, closing"),
        limits.sessionDeadlineMs,
      );
      timer.unref();
      sessionTimers.set(session.id, timer);
      callback();
    },
    onClose(session) {
      clearTimeout(sessionTimers.get(session.id));
      sessionTimers.delete(session.id);
    },
    onRcptTo(address, session, callback) {
      const token = tokenOf(address.address);
      if (!token) return callback(smtpError("No such mailbox here", 550));
      // A mailbox over its allowance is "full" until the allowance frees: try again later. The
      // size the sender declared (MAIL FROM … SIZE=n) counts, so a message that can't fit is
      // refused before its data is sent.
      const mailFrom = session.envelope.mailFrom;
      const declared = Number((mailFrom && mailFrom.args && mailFrom.args.SIZE) || 0) || 0;
      if (!inboundQuotaRoomForToken(token, declared).allowed) {
        return callback(smtpError("Mailbox over its daily quota, try again later", 452));
      }
      callback();
    },
    onData(stream, session, callback) {
      const tokens = [
        ...new Set(session.envelope.rcptTo.map((rcpt) => tokenOf(rcpt.address)).filter(Boolean)),
      ] as string[];
      // A message past a recipient's allowance is read and dropped, not kept in memory: it would
      // only be refused at the end.
      const room = Math.min(...tokens.map((token) => inboundBytesLeftForToken(token)));
      const chunks: Buffer[] = [];
      let received = 0;
      let timedOut = false;
      const deadline = setTimeout(() => {
        timedOut = true;
        cutOff(session, "Took too long to send the message, closing");
      }, limits.dataDeadlineMs);
      deadline.unref();
      stream.on("data", (chunk: Buffer) => {
        received += chunk.length;
        // Past the limit the rest is read and dropped (the answer is 552, or 452, at the end).
        if (received <= Math.min(MAX_MESSAGE_BYTES, room)) chunks.push(chunk);
        else chunks.length = 0;
      });
      stream.on("end", () => {
        clearTimeout(deadline);
        if (timedOut) return callback(smtpError("Took too long to send the message", 421));
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(smtpError("Message larger than 10 MB", 552));
        }
        if (received > room) {
          return callback(smtpError("Mailbox over its daily quota, try again later", 452));
        }
        deliver(tokens, Buffer.concat(chunks, received), callback);
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      server.on("error", (error) => logger.warn("Inbound SMTP error", errorFields(error)));
      logger.info("Inbound SMTP listening", { port: options.port });
      resolve(server);
    });
  });
}
