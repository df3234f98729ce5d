import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../app/lib/runtime/db.server";
import { appMeta } from "./schema";

const dirs: string[] = [];
function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-db-"));
  dirs.push(dir);
  return path.join(dir, "test.db");
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("openDatabase", () => {
  it("migrates a new file with WAL, a busy timeout and foreign keys on", () => {
    const db = openDatabase(tempFile());
    const sqlite = db.$client;
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBeGreaterThanOrEqual(5000);
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(["demo_leads", "analytics_events", "app_meta"]));
    sqlite.close();
  });

  it("seeds a verified demo owner account with a random password, once", () => {
    const db = openDatabase(tempFile());
    const demo = db.$client
      .prepare(
        "select u.username, u.email_verified_at, m.role from users u join memberships m on m.user_id = u.id",
      )
      .all() as Array<{ username: string; email_verified_at: number | null; role: string }>;
    expect(demo).toEqual([
      { username: "demo", email_verified_at: expect.any(Number), role: "primary" },
    ]);
    db.$client.close();
  });

  it("seeds once: reopening the same file neither re-runs the seed nor the migrations", () => {
    const file = tempFile();
    const first = openDatabase(file);
    const seededAt = first.select().from(appMeta).all();
    first.$client.close();
    const second = openDatabase(file);
    expect(second.select().from(appMeta).all()).toEqual(seededAt);
    second.$client.close();
  });

  it("keeps migration timestamps strictly increasing", () => {
    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
      entries: Array<{ when: number }>;
    };
    const times = journal.entries.map((entry) => entry.when);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });
});
