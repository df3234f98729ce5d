/**
 * The optional built-in SMTP listener for inbound email (on when INBOUND_SMTP_PORT is set): mail
 * to `<token>@<any domain>` goes to the account whose inbound token it is, exactly as a post to
 * its webhook would. Recipients that aren't a token are refused at RCPT, so the listener relays
 * nothing and accepts mail for nobody else. No authentication: like an MX, the token in the
 * address is the credential. STARTTLS is off (put a TLS-terminating relay in front if needed).
 */
import { SMTPServer } from "smtp-server";
import { errorFields, logger } from "../runtime/logger.server";
import { isInboundToken, receiveInboundEmail } from "./inbound.server";
import { draftRepliesSoon } from "./drafts.server";

/** The largest message taken, as on the webhook. */
const MAX_MESSAGE_BYTES = 10_000_000;

function tokenOf(address: string): string | null {
  const local = address.split("@")[0] ?? "";
  return isInboundToken(local) ? local : null;
}

export function startInboundSmtp(options: { port: number; host: string }): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    banner: "FleetAssist inbound",
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!tokenOf(address.address)) {
        const error = Object.assign(new Error("No such mailbox here"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          const error = Object.assign(new Error("Message larger than 10 MB"), {
            responseCode: 552,
          });
          return callback(error);
        }
        const raw = Buffer.concat(chunks);
        const tokens = [
          ...new Set(session.envelope.rcptTo.map((rcpt) => tokenOf(rcpt.address)).filter(Boolean)),
        ] as string[];
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
            logger.error("Inbound email failed", errorFields(error));
            callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          });
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
