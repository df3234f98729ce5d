/**
 * The outbox when the SMTP server takes a message and the connection breaks before its answer (a
 * real SMTP server on loopback that does just that): the email may have gone out, so one whose
 * duplicate would do harm is kept as maybe_sent; a harmless one, and any email the server
 * plainly refused, is tried again later.
 */
import type { Socket } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAppModules, setUpTempDataDir, type AppModules } from "~/tests/support/app-modules";

setUpTempDataDir("outbox-no-answer");

let m: AppModules;
let server: SMTPServer;
const received: string[] = [];
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith("refuse")) {
        const refusal = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(refusal);
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        received.push(to);
        // Took the message, then the line goes dead before the answer.
        if (to.startsWith("drop")) for (const socket of sockets) socket.destroy();
        else callback();
      });
    },
  });
  server.server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  m = await loadAppModules();
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const rowTo = (to: string) =>
  m.db.db().select().from(m.schema.emailOutbox).where(eq(m.schema.emailOutbox.to, to)).get()!;

async function settled(to: string) {
  for (let i = 0; i < 200; i++) {
    const row = rowTo(to);
    if (row && row.attemptStartedAt === null && row.attempts > 0) return row;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`The send to ${to} did not end`);
}

describe("a send that gets no answer", () => {
  it("keeps a harmful email as maybe_sent, never sent again", async () => {
    m.outbox.queueEmail({
      to: "drop-quote@example.com",
      subject: "Repair quote request",
      text: "Please quote.",
      duplicate: "harmful",
    });
    expect(await settled("drop-quote@example.com")).toMatchObject({
      status: "maybe_sent",
      attempts: 1,
    });
    await m.outbox.processOutbox(new Date(Date.now() + 24 * 3_600_000));
    expect(received.filter((to) => to === "drop-quote@example.com")).toHaveLength(1);
  });

  it("tries a harmless one again later", async () => {
    m.outbox.queueEmail({
      to: "drop-reset@example.com",
      subject: "Reset your FleetAssist password",
      text: "Link.",
      duplicate: "harmless",
    });
    const row = await settled("drop-reset@example.com");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("tries a harmful one again when the server plainly refused it", async () => {
    m.outbox.queueEmail({
      to: "refuse-quote@example.com",
      subject: "Repair quote request",
      text: "Please quote.",
      duplicate: "harmful",
    });
    const row = await settled("refuse-quote@example.com");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/Mailbox unavailable/);
  });
});
