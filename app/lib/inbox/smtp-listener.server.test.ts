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
import { loadAppModules, type AppModules } from "../../../tests/support/app-modules";
import { insertOwner } from "../../../tests/support/rows";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-smtp-in-"));
process.env.DATA_DIR = dataDir;

let m: AppModules;
let inbound: typeof import("./inbound.server");
let server: Awaited<ReturnType<typeof import("./smtp-listener.server").startInboundSmtp>>;
let port: number;

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
  const { startInboundSmtp } = await import("./smtp-listener.server");
  port = await freePort();
  server = await startInboundSmtp({ port, host: "127.0.0.1" });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
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
    const conversations = inbound.listConversations(owner.accountId);
    expect(conversations).toHaveLength(1);
    const thread = inbound.getConversation(owner.accountId, conversations[0]!.conversation.id)!;
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
