import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEntryServer, type EntryServer } from "./http-test-support";

/**
 * Claim reminders are durable scheduled work: with a real SMTP server, the built app sends each
 * reminder once, and a restart on the same database doesn't send it again.
 */
const subjects: string[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-reminders-entry-"));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        // A long subject is folded over several lines.
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
        subjects.push(subject.replace(/\r?\n[ \t]+/g, " ").trim());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const reminderSubjects = () =>
  subjects.filter((subject) => / by .*claim, trip R-ONCE/.test(subject));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startApp(): Promise<EntryServer> {
  return startEntryServer(
    {
      DATA_DIR: dataDir,
      TRUST_PROXY: "loopback",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      REMINDER_INTERVAL_MS: "250",
      // The app skips its background jobs under Vitest; this child is the real server.
      VITEST: "",
    },
    [3700, 3739],
  );
}

describe("claim reminders across a restart", () => {
  it("emails each due reminder once, and not again after the server restarts", async () => {
    let server = await startApp();
    try {
      const headers = { "Content-Type": "application/json", "X-Forwarded-For": "2001:db8:4e:1::7" };
      const register = await fetch(`${server.origin}/api/register`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          username: "reminded_host",
          email: "reminded@fleet.test",
          password: "Fleet-remind-keys under the mat",
          firstName: "Rema",
          lastName: "Inder",
        }),
      });
      expect(register.status).toBe(201);
      const cookie = register.headers.get("set-cookie")!.split(";")[0]!;
      const api = (url: string, body: unknown) =>
        fetch(`${server.origin}${url}`, {
          method: "POST",
          headers: { ...headers, Cookie: cookie },
          body: JSON.stringify(body),
        });
      const vehicle = await api("/api/user/vehicles", {
        year: 2020,
        make: "Honda",
        model: "Civic",
        bodyType: "sedan",
        priceClass: "economy",
        paintType: "solid",
      });
      const vehicleId = ((await vehicle.json()) as { vehicle: { id: string } }).vehicle.id;
      // The trip ends at the next whole minute (trip times are kept to the minute): its 24-hour
      // windows' reminders (24 hours ahead) come due then, after the claim was opened. A reminder
      // already due when the claim is opened is recorded without email: its deadlines are on the
      // page the host is looking at.
      const endAt = new Date(Math.ceil((Date.now() + 5_000) / 60_000) * 60_000);
      const trip = await api("/api/trips", {
        reservationId: "R-ONCE",
        vehicleId,
        startAt: new Date(endAt.getTime() - 2 * 86_400_000).toISOString(),
        endAt: endAt.toISOString(),
        timeZone: "America/Chicago",
      });
      expect(trip.status).toBe(201);
      const tripId = ((await trip.json()) as { trip: { id: string } }).trip.id;
      const claim = await api("/api/claims", { tripId, kind: "damage", claimedCents: 120_000 });
      expect(claim.status).toBe(201);

      // Report damage and post-trip photos, due in the same pass: one email listing both.
      for (let i = 0; i < 800 && reminderSubjects().length < 1; i++) await sleep(100);
      await sleep(1_500); // several more passes of the 250 ms job
      expect(reminderSubjects(), `${subjects.join("\n")}\n${server.stderr()}`).toHaveLength(1);
      expect(reminderSubjects()[0]).toMatch(
        /^2 claim deadlines coming up, the first: Report damage by /,
      );

      await server.stop();
      server = await startApp();
      await sleep(1_500);
      expect(reminderSubjects()).toHaveLength(1);
    } finally {
      await server.stop();
    }
  }, 150_000);
});
