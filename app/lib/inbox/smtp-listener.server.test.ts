/**
 * The built-in SMTP listener on a real port and a real SQLite database: mail to an account's
 * inbound address is stored like a webhook post; mail to anyone else is refused at RCPT.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAppModules, type AppModules } from "~/tests/support/app-modules";
import { insertOwner } from "~/tests/support/rows";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-smtp-in-"));
process.env.DATA_DIR = dataDir;
// Small daily allowances, so the quota is reached in a few messages.
process.env.INBOUND_DAILY_EMAILS = "5";
process.env.INBOUND_DAILY_MB = "1";

let m: AppModules;
let inbound: typeof import("./inbound.server");
let conversations: typeof import("./conversations.server");
let unread: typeof import("./unread-emails.server");
type Listener = Awaited<ReturnType<typeof import("./smtp-listener.server").startInboundSmtp>>;
let server: Listener;
let strict: Listener;
let port: number;
let strictPort: number;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

beforeAll(async () => {
  m = await loadAppModules();
  inbound = await import("./inbound.server");
  conversations = await import("./conversations.server");
  unread = await import("./unread-emails.server");
  const { startInboundSmtp } = await import("./smtp-listener.server");
  port = await freePort();
  server = await startInboundSmtp({ port, host: "127.0.0.1" });
  // Listening on every loopback address, so clients can come from 127.0.0.1, .2, .3…
  strictPort = await freePort();
  strict = await startInboundSmtp({
    port: strictPort,
    host: "0.0.0.0",
    limits: { maxClients: 3, perAddress: 2, dataDeadlineMs: 800, sessionDeadlineMs: 3_000 },
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve) => strict.close(() => resolve()));
  m.db.closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the inbound SMTP listener", () => {
  it("stores mail to an account's token address, once, and refuses every other recipient", async () => {
    const owner = insertOwner(m.db, m.schema, "smtpin");
    const token = inbound.inboundToken(owner.accountId);
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false });
    const message = {
      from: "Turo <noreply@mail.turo.com>",
      to: `${token}@inbound.fleet.test`,
      subject: "New message from Jordan L.",
      messageId: "<smtp-1@mail.turo.com>",
      text: "Jordan L. wrote:\nIs there a phone mount in the car?\n\nhttps://turo.com/us/en/reservation/44556677/messages",
    };
    await transport.sendMail(message);
    await transport.sendMail(message); // a second delivery changes nothing
    const listed = conversations.listConversations(owner.accountId);
    expect(listed).toHaveLength(1);
    const thread = conversations.getConversation(owner.accountId, listed[0]!.conversation.id)!;
    expect(thread.conversation).toMatchObject({
      reservationId: "44556677",
      guestName: "Jordan L.",
    });
    expect(thread.messages.map((entry) => entry.text)).toEqual([
      "Is there a phone mount in the car?",
    ]);

    await expect(
      transport.sendMail({ ...message, to: "postmaster@inbound.fleet.test", messageId: "<x@y>" }),
    ).rejects.toThrow(/550/);
    transport.close();
  });
});

/** A raw SMTP client: what the server wrote, line by line, and whether it hung up. */
function rawClient(listenerPort: number, localAddress = "127.0.0.1") {
  const socket = net.connect({ port: listenerPort, host: "127.0.0.1", localAddress });
  let text = "";
  let closed = false;
  socket.on("data", (chunk: Buffer) => (text += chunk.toString()));
  socket.on("error", () => undefined);
  const closedAt = new Promise<number>((resolve) =>
    socket.on("close", () => {
      closed = true;
      resolve(Date.now());
    }),
  );
  return {
    socket,
    closedAt,
    isClosed: () => closed,
    lines: () => text.split("\r\n").filter(Boolean),
    write: (line: string) => socket.write(line),
    /** Waits until a line starting with `code` arrives (or fails after `ms`). */
    async waitFor(code: string, ms = 5_000) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const line = text.split("\r\n").find((entry) => entry.startsWith(code));
        if (line) return line;
        if (closed) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no ${code} reply; got:\n${text}`);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function mail(token: string, id: string, body: string) {
  return {
    from: "Turo <noreply@mail.turo.com>",
    to: `${token}@inbound.fleet.test`,
    subject: `Your trip receipt ${id}`,
    messageId: `<${id}@mail.turo.com>`,
    text: body,
  };
}

describe("the inbound SMTP listener and mail it can't parse", () => {
  it("takes a message of 1,200 MIME parts (250, not 451) and keeps it as an email it couldn't read", async () => {
    const owner = insertOwner(m.db, m.schema, "smtpparts");
    const token = inbound.inboundToken(owner.accountId);
    const parts = Array.from(
      { length: 1_200 },
      (_, i) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${i}`,
    );
    const raw = [
      "From: Turo <noreply@mail.turo.com>",
      `To: ${token}@inbound.fleet.test`,
      "Subject: Many parts",
      "Message-ID: <parts-1@mail.turo.com>",
      'Content-Type: multipart/mixed; boundary="p"',
      "",
      ...parts,
      "--p--",
      "",
    ].join("\r\n");
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false });
    const sent = await transport.sendMail({
      envelope: { from: "noreply@mail.turo.com", to: [`${token}@inbound.fleet.test`] },
      raw,
    });
    transport.close();
    expect(sent.response).toMatch(/^250/);
    const [email] = unread.unreadEmails(owner.accountId).emails;
    expect(email).toMatchObject({ subject: "Many parts", fromAddress: "noreply@mail.turo.com" });
    expect((await unread.inboundOriginal(owner.accountId, email!.id))?.toString("utf8")).toBe(raw);
  });
});

describe("the inbound SMTP listener's limits", () => {
  it("refuses a connection past the per-address cap and past the overall cap with 421", async () => {
    const open = [rawClient(strictPort), rawClient(strictPort)];
    await Promise.all(open.map((client) => client.waitFor("220")));
    const third = rawClient(strictPort);
    expect(await third.waitFor("421")).toMatch(/Too many connections from your address/);
    await third.closedAt;
    // Another address still gets in, up to the overall cap of three.
    const other = rawClient(strictPort, "127.0.0.2");
    await other.waitFor("220");
    const fourth = rawClient(strictPort, "127.0.0.3");
    expect(await fourth.waitFor("421")).toMatch(/Too many connected clients/);
    for (const client of [...open, other, fourth]) client.socket.destroy();
    await sleep(50);
    // Once they are gone, the first address gets in again.
    const again = rawClient(strictPort);
    await again.waitFor("220");
    again.socket.destroy();
  });

  it("cuts off a sender that trickles its message past the DATA deadline", async () => {
    const owner = insertOwner(m.db, m.schema, "smtpslow");
    const token = inbound.inboundToken(owner.accountId);
    const client = rawClient(strictPort);
    await client.waitFor("220");
    client.write("EHLO slow.example\r\n");
    await client.waitFor("250 ");
    client.write("MAIL FROM:<noreply@mail.turo.com>\r\n");
    client.write(`RCPT TO:<${token}@inbound.fleet.test>\r\n`);
    client.write("DATA\r\n");
    await client.waitFor("354");
    const started = Date.now();
    // One byte every 150 ms: never idle long enough for the socket timeout.
    const trickle = setInterval(() => client.isClosed() || client.write("x"), 150);
    const closedAt = await client.closedAt;
    clearInterval(trickle);
    expect(closedAt - started).toBeGreaterThanOrEqual(700);
    expect(closedAt - started).toBeLessThan(2_500);
    expect(client.lines().at(-1)).toMatch(/^421 .*Took too long/);
    expect(unread.unreadEmails(owner.accountId).emails).toEqual([]);
  });

  it("ends a session that lasts past its deadline, however active", async () => {
    const client = rawClient(strictPort);
    await client.waitFor("220");
    const started = Date.now();
    const noop = setInterval(() => client.isClosed() || client.write("NOOP\r\n"), 200);
    const closedAt = await client.closedAt;
    clearInterval(noop);
    expect(closedAt - started).toBeGreaterThanOrEqual(2_800);
    expect(client.lines().at(-1)).toMatch(/^421 .*too long/);
  });

  it("takes at most 50 recipients for one message", async () => {
    const owner = insertOwner(m.db, m.schema, "smtprcpt");
    const token = inbound.inboundToken(owner.accountId);
    const client = rawClient(port);
    try {
      await client.waitFor("220");
      client.write("EHLO many.example\r\nMAIL FROM:<a@example.com>\r\n");
      await client.waitFor("250 ");
      const before = client.lines().length;
      // 51 different addresses of the account (any domain names it).
      for (let i = 0; i < 51; i++) client.write(`RCPT TO:<${token}@d${i}.fleet.test>\r\n`);
      await client.waitFor("452");
      await sleep(100);
      const replies = client.lines().slice(before);
      expect(replies.filter((line) => line.startsWith("250"))).toHaveLength(50);
      expect(replies.at(-1)).toMatch(/^452 .*too many recipients/i);
    } finally {
      client.socket.destroy();
    }
  });

  it("keeps each account to its daily allowance of emails and of bytes, webhook included", async () => {
    const owner = insertOwner(m.db, m.schema, "smtpquota");
    const token = inbound.inboundToken(owner.accountId);
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false });
    for (let i = 0; i < 5; i++) {
      await transport.sendMail(mail(token, `quota-${i}`, `Receipt number ${i}`));
    }
    // The sixth is refused at RCPT with a temporary code: the sender tries again tomorrow.
    await expect(transport.sendMail(mail(token, "quota-5", "Receipt 5"))).rejects.toThrow(/452/);
    const { InboundQuotaError } = await import("./inbound-quota.server");
    const refused = await inbound
      .receiveInboundEmail(token, Buffer.from("Subject: hi\r\n\r\nHello\r\n"))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InboundQuotaError);
    expect((refused as Response).status).toBe(429);
    expect(Number((refused as Response).headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(unread.unreadEmails(owner.accountId).emails).toHaveLength(5);

    // Bytes: 1 MB a day; a 600 kB email fits, a second one doesn't (refused after DATA).
    const big = insertOwner(m.db, m.schema, "smtpbytes");
    const bigToken = inbound.inboundToken(big.accountId);
    const body = "A long trip receipt line.\n".repeat(24_000);
    await transport.sendMail(mail(bigToken, "bytes-1", body));
    await expect(transport.sendMail(mail(bigToken, "bytes-2", body))).rejects.toThrow(/452/);
    expect(unread.unreadEmails(big.accountId).emails).toHaveLength(1);
    transport.close();
    // A sender that declares the size refused at RCPT, before sending any of it.
    const client = rawClient(port);
    await client.waitFor("220");
    client.write("EHLO mx.example.net\r\n");
    await client.waitFor("250 ");
    client.write("MAIL FROM:<noreply@mail.turo.com> SIZE=600000\r\n");
    await client.waitFor("250 Accepted");
    client.write(`RCPT TO:<${bigToken}@inbound.fleet.test>\r\n`);
    expect(await client.waitFor("452")).toMatch(/quota/);
    client.socket.destroy();
  });
});
