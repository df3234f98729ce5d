import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport } from "./outbox.server";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("smtpTransport (a real SMTP server on loopback)", () => {
  it("delivers the message with our sender, recipient, subject and text", async () => {
    const transport = smtpTransport(
      `smtp://127.0.0.1:${port}`,
      "FleetAssist <no-reply@fleetassist.test>",
    );
    await transport.send({
      to: "host@example.com",
      subject: "Reset your FleetAssist password",
      text: "Open the link below.\nhttps://fleetassist.test/reset-password?token=abc",
    });
    expect(received).toEqual([
      { from: "no-reply@fleetassist.test", to: ["host@example.com"], raw: expect.any(String) },
    ]);
    const raw = received[0]?.raw ?? "";
    expect(raw).toMatch(/^Subject: Reset your FleetAssist password$/m);
    expect(raw).toMatch(/^From: FleetAssist <no-reply@fleetassist\.test>$/m);
    expect(raw).toContain("reset-password?token=abc");
  });

  it("rejects when the server refuses the recipient, so the outbox retries later", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(_address, _session, callback) {
        callback(new Error("Mailbox unavailable"));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const refusingPort = (refusing.server.address() as AddressInfo).port;
    try {
      const transport = smtpTransport(`smtp://127.0.0.1:${refusingPort}`, "no-reply@x.test");
      await expect(
        transport.send({ to: "nobody@example.com", subject: "Hi", text: "Hello" }),
      ).rejects.toThrow(/Mailbox unavailable/);
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
