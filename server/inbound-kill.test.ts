/**
 * An email the webhook answered 202 survives a kill -9 of the server, whole: its row is in the
 * database and its original is a complete file there with the SHA-256 and size the row records.
 * A write the kill interrupted is never visible as an original (only as a temp file, or as a
 * complete file no row refers to, for the orphan sweep). Runs the production build.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountWithInboundToken } from "../tests/support/inbound-account.js";
import { guestMessageNotice } from "../tests/support/inbound-fixtures";
import { startEntryServer, type EntryServer } from "./http-test-support";

let server: EntryServer;

beforeAll(async () => {
  server = await startEntryServer({ INBOUND_DAILY_MB: "10000" }, [5800, 5890]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** A guest's message notice with `padding` bytes of quoted text, so each write takes a moment. */
function email(n: number, padding: number): Buffer {
  const notice = guestMessageNotice({
    messageId: `kill-${n}-${crypto.randomBytes(4).toString("hex")}`,
    guest: "Ana R.",
    reservationId: "70112233",
    text: `Message ${n}: what time can I pick up?`,
  });
  return Buffer.from(`${notice}\r\n${"> Earlier message, quoted.\r\n".repeat(padding / 28)}`);
}

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

describe("crash safety of inbound email", () => {
  it("keeps every accepted email and its whole original after SIGKILL mid-write", async () => {
    const token = accountWithInboundToken(server.dataDir, "killinbound");
    const sent = new Map<string, Buffer>();
    const attempted = new Set<string>();
    let stop = false;
    // Four senders at once, ~1 MB each, until the kill.
    const senders = Array.from({ length: 4 }, async (_, lane) => {
      for (let i = 0; !stop; i++) {
        const raw = email(lane * 10_000 + i, 1_000_000);
        attempted.add(sha256(raw));
        try {
          const response = await fetch(`${server.origin}/api/inbound/email/${token}`, {
            method: "POST",
            headers: { "Content-Type": "message/rfc822" },
            body: new Uint8Array(raw),
          });
          if (response.status === 202)
            sent.set(((await response.json()) as { id: string }).id, raw);
        } catch {
          return; // The server is gone.
        }
      }
    });
    while (sent.size < 12) await new Promise((r) => setTimeout(r, 10));
    process.kill(server.pid, "SIGKILL");
    await Promise.all(senders);
    stop = true;

    const db = new Database(path.join(server.dataDir, "fleetassist.db"));
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const rows = db
      .prepare(
        "select id, raw_key as key, raw_sha256 as sha256, raw_bytes as bytes from inbound_emails",
      )
      .all() as Array<{ id: string; key: string; sha256: string; bytes: number }>;
    db.close();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const files = path.join(server.dataDir, "files");
    for (const [id, raw] of sent) {
      const row = byId.get(id);
      expect(row, `accepted email ${id}`).toBeDefined();
      const original = fs.readFileSync(path.join(files, row!.key));
      expect(original.equals(raw), `original of ${id}`).toBe(true);
      expect(row!.bytes).toBe(raw.length);
      expect(row!.sha256).toBe(sha256(raw));
    }
    // Every row (accepted or answered just before the kill) has its whole original.
    for (const row of rows) {
      const original = fs.readFileSync(path.join(files, row.key));
      expect(sha256(original), row.id).toBe(row.sha256);
    }
    // Any other original is whole too (written, then the row never committed): a write cut
    // short is only ever a temp file, never a file under a key.
    const dir = path.join(files, "inbound");
    const visible = (fs.readdirSync(dir, { recursive: true }) as string[]).filter(
      (name) => name.endsWith(".eml") && !path.basename(name).startsWith("."),
    );
    expect(visible.length).toBeGreaterThanOrEqual(sent.size);
    for (const name of visible) {
      const original = fs.readFileSync(path.join(dir, name));
      expect(attempted.has(sha256(original)), name).toBe(true);
    }
  }, 120_000);
});
