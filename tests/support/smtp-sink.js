// A real SMTP server for the end-to-end tests: the app sends mail to it over SMTP, and tests
// read what arrived through a small HTTP endpoint (GET /messages?to=address).
// SMTP_ACCEPT_DELAY_MS holds the server's answer to each message that long after storing it (the
// email has reached the server, the sender doesn't know yet): for tests of a crash mid-send.
import http from "node:http";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.SMTP_PORT ?? 3125);
const httpPort = Number(process.env.SMTP_HTTP_PORT ?? 3126);
const acceptDelayMs = Number(process.env.SMTP_ACCEPT_DELAY_MS ?? 0);
const messages = [];

function decodeQuotedPrintable(text) {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index > 0) headers[line.slice(0, index).toLowerCase()] = line.slice(index + 1).trim();
  }
  let body = rest.join("\n\n");
  if ((headers["content-transfer-encoding"] ?? "").toLowerCase() === "quoted-printable") {
    body = decodeQuotedPrintable(body);
  }
  return { subject: headers.subject ?? "", messageId: headers["message-id"] ?? "", body };
}

new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk) => (raw += chunk.toString("utf8")));
    stream.on("end", () => {
      const { subject, messageId, body } = parse(raw);
      for (const rcpt of session.envelope.rcptTo) {
        messages.push({
          to: rcpt.address.toLowerCase(),
          subject,
          messageId,
          text: body,
          at: Date.now(),
        });
      }
      setTimeout(callback, acceptDelayMs);
    });
  },
}).listen(smtpPort, "127.0.0.1");

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/healthz") return res.end("ok");
    const to = url.searchParams.get("to")?.toLowerCase();
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(messages.filter((m) => !to || m.to === to)));
  })
  .listen(httpPort, "127.0.0.1");
