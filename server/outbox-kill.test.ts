/**
 * An email on its way when the process is killed (SIGKILL): it has reached the SMTP server, which
 * hasn't answered yet, so the app can't know it went out. After the restart (and the send lease)
 * an email whose duplicate is harmless is sent again; one whose duplicate would do harm never is.
 * The production build, a real SQLite file and the real SMTP sink (tests/support/smtp-sink.js).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startSmtpSink } from "../tests/support/smtp-sink-process";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-outbox-kill-"));
const dbFile = path.join(dataDir, "fleetassist.db");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      // The background jobs (the outbox among them) stay off while VITEST is set.
      VITEST: "",
      ...env,
    },
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, exited };
    } catch {
      await sleep(100);
    }
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

async function kill({ child, exited }: { child: ChildProcess; exited: Promise<void> }) {
  child.kill("SIGKILL");
  await exited;
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (done(value)) return value;
    await sleep(50);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

interface Row {
  id: number;
  status: string;
  attempts: number;
  attempt_started_at: number | null;
}

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(dbFile);
  try {
    return work(db);
  } finally {
    db.close();
  }
}
const rows = () =>
  withDb((db) => db.prepare("select * from email_outbox order by id").all() as Row[]);
/** What the send lease would do after two minutes: the interrupted rows are due again. */
const leaseOver = () =>
  withDb((db) =>
    db
      .prepare("update email_outbox set next_attempt_at = ? where status = 'pending'")
      .run(Date.now() - 1_000),
  );

describe("an email in flight when the process is killed", () => {
  it(
    "is sent again after the restart only when a duplicate is harmless",
    { timeout: 120_000 },
    async () => {
      expect(fs.existsSync(path.join(BUILD_DIR, "server/index.js")), "build first").toBe(true);
      // The sink keeps each message and answers 3 s later: the kill falls in between.
      const sink = await startSmtpSink({ acceptDelayMs: 3_000 });
      let server: Awaited<ReturnType<typeof startServer>> | undefined;
      try {
        // A first start without SMTP creates the database; then two emails are due.
        server = await startServer({});
        await kill(server);
        withDb((db) => {
          const insert = db.prepare(
            `insert into email_outbox ("to", subject, text, status, duplicate_harmless, next_attempt_at, created_at)
           values (?, ?, ?, 'pending', ?, ?, ?)`,
          );
          const now = Date.now();
          insert.run("shop@example.com", "Repair quote request", "Please quote.", 0, now, now);
          insert.run("host@example.com", "Reset your FleetAssist password", "Link.", 1, now, now);
        });
        const smtp = { SMTP_URL: sink.url, PUBLIC_URL: "https://fleet.example.com" };

        // 1. The quote request reaches the server; the process dies before the answer.
        server = await startServer(smtp);
        await until(
          () => sink.messages("shop@example.com"),
          (m) => m.length === 1,
          "the quote",
        );
        await kill(server);
        // The attempt was marked before the send.
        expect(rows()[0]).toMatchObject({ status: "pending", attempts: 1 });
        expect(rows()[0]!.attempt_started_at).toBeGreaterThan(0);
        leaseOver();

        // 2. After the restart: the quote is "maybe sent", the reset email goes out and is killed too.
        server = await startServer(smtp);
        await until(
          () => sink.messages("host@example.com"),
          (m) => m.length === 1,
          "the reset",
        );
        await kill(server);
        expect(rows()[0]!.status).toBe("maybe_sent");
        leaseOver();

        // 3. After the next restart the reset email is sent again and marked sent.
        server = await startServer(smtp);
        await until(
          () => rows()[1]!.status,
          (status) => status === "sent",
          "the resend",
        );
        await kill(server);

        const quotes = await sink.messages("shop@example.com");
        const resets = await sink.messages("host@example.com");
        expect(quotes).toHaveLength(1);
        expect(resets).toHaveLength(2);
        // Both copies carry the same Message-ID: mail software can recognize the second as a copy.
        expect(resets[0]!.messageId).toBe(resets[1]!.messageId);
        expect(rows()).toMatchObject([
          { status: "maybe_sent", attempts: 1 },
          { status: "sent", attempts: 2, attempt_started_at: null },
        ]);
      } finally {
        // A failed step leaves no server behind.
        if (server?.child.exitCode === null) await kill(server);
        await sink.stop();
      }
    },
  );
});
