import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/runtime/db.server";
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

/** A database with only the first `count` migrations applied: the schema as it was then. */
function databaseAt(count: number) {
  const file = tempFile();
  const sqlite = new Database(file);
  const db = drizzle(sqlite);
  const folder = path.join(path.dirname(file), `migrations-${count}`);
  fs.cpSync("db/migrations", folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  migrate(db, { migrationsFolder: folder });
  return { sqlite, db };
}

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

  it("0003 freezes reports finalized before revisions existed as revision 1", () => {
    const { sqlite, db } = databaseAt(3);
    const at = Date.UTC(2026, 10, 20, 15, 30);
    sqlite.exec(`
      insert into users (id, username, username_key, email, password_hash, created_at)
        values ('u1', 'host', 'host', 'host@example.com', 'x', ${at});
      insert into accounts (id, owner_user_id, created_at) values ('a1', 'u1', ${at});
      insert into rate_settings (account_id, state, overrides, updated_at)
        values ('a1', 'TX', '{"bodyLaborCentsPerHour":7000}', ${at});
      insert into vehicles (id, account_id, year, make, model, body_type, price_class, paint_type, created_at, updated_at)
        values ('v1', 'a1', 2021, 'Toyota', 'Camry', 'sedan', 'mid', 'solid', ${at}, ${at});
      insert into reports (id, account_id, vehicle_id, status, mode, estimate_json, total_cents, low_cents, high_cents, created_at, updated_at, completed_at)
        values ('r1', 'a1', 'v1', 'complete', 'manual', '{"totalCents":51234}', 51234, 45000, 60000, ${at}, ${at}, ${at}),
               ('r2', 'a1', 'v1', 'needs_review', 'manual', null, null, null, null, ${at}, ${at}, null);
      insert into findings (id, report_id, account_id, vehicle_id, position, panel, damage_type, severity, confidence, source, pre_existing, created_at)
        values ('f2', 'r1', 'a1', 'v1', 1, 'hood', 'scratch', 'minor', 1, 'host', 1, ${at}),
               ('f1', 'r1', 'a1', 'v1', 0, 'front-bumper', 'dent', 'moderate', 0.8, 'ai', 0, ${at});
    `);
    migrate(db, { migrationsFolder: "db/migrations" });

    const revisions = sqlite.prepare("select * from report_revisions").all() as Array<
      Record<string, unknown>
    >;
    expect(revisions).toHaveLength(1);
    const [revision] = revisions;
    expect(revision).toMatchObject({
      report_id: "r1",
      number: 1,
      estimate_json: '{"totalCents":51234}',
      total_cents: 51234,
      low_cents: 45000,
      high_cents: 60000,
      finalized_at: at,
    });
    expect(JSON.parse(String(revision!.rates_json))).toEqual({
      state: "TX",
      overrides: { bodyLaborCentsPerHour: 7000 },
    });
    const findings = JSON.parse(String(revision!.findings_json)) as Array<Record<string, unknown>>;
    expect(findings.map((f) => [f.id, f.preExisting, f.createdAt])).toEqual([
      ["f1", false, "2026-11-20T15:30:00.000Z"],
      ["f2", true, "2026-11-20T15:30:00.000Z"],
    ]);
    expect(findings[0]).toMatchObject({
      panel: "front-bumper",
      damageType: "dent",
      confidence: 0.8,
    });
    const reports = sqlite
      .prepare("select id, revision, pinned_rates_json from reports order by id")
      .all();
    expect(reports).toEqual([
      { id: "r1", revision: 1, pinned_rates_json: revision!.rates_json },
      { id: "r2", revision: 1, pinned_rates_json: null },
    ]);
    sqlite.close();
  });

  it("0004 renames British spellings in stored values to US ones", () => {
    const { sqlite, db } = databaseAt(4);
    const at = Date.UTC(2026, 10, 21);
    const estimate = JSON.stringify({
      labourHours: 2.5,
      subtotals: { labour: 100, paint: 50 },
      lines: [{ category: "labour", note: "labour and paint" }],
      findings: [{ damageType: "tyre-damage" }, { damageType: "odour" }],
      vehicle: { aluminiumPanels: ["hood"] },
    });
    sqlite.exec(`
      insert into users (id, username, username_key, email, password_hash, created_at)
        values ('u1', 'host', 'host', 'host@example.com', 'x', ${at});
      insert into accounts (id, owner_user_id, created_at) values ('a1', 'u1', ${at});
      insert into rate_settings (account_id, state, overrides, updated_at)
        values ('a1', 'TX', '{"bodyLabourCentsPerHour":7000,"refinishLabourCentsPerHour":6500}', ${at});
      insert into vehicles (id, account_id, year, make, model, body_type, price_class, paint_type, created_at, updated_at)
        values ('v1', 'a1', 2021, 'Toyota', 'Camry', 'sedan', 'mid', 'solid', ${at}, ${at});
      insert into reports (id, account_id, vehicle_id, status, mode, estimate_json, pinned_rates_json, created_at, updated_at)
        values ('r1', 'a1', 'v1', 'complete', 'manual', '${estimate}', '{"state":"TX","overrides":{"bodyLabourCentsPerHour":7000}}', ${at}, ${at});
      insert into findings (id, report_id, account_id, vehicle_id, panel, damage_type, severity, confidence, source, created_at)
        values ('f1', 'r1', 'a1', 'v1', 'wheel-front-left', 'tyre-damage', 'minor', 1, 'host', ${at}),
               ('f2', 'r1', 'a1', 'v1', 'interior', 'odour', 'minor', 1, 'host', ${at});
      insert into report_revisions (report_id, account_id, number, estimate_json, findings_json, rates_json, total_cents, low_cents, high_cents, finalized_at)
        values ('r1', 'a1', 1, '${estimate}', '[{"damageType":"tyre-damage"},{"damageType":"odour"}]', '{"state":"TX","overrides":{"bodyLabourCentsPerHour":7000}}', 1, 1, 1, ${at});
    `);
    migrate(db, { migrationsFolder: "db/migrations" });

    const one = (sql: string) => sqlite.prepare(sql).pluck().get() as string;
    expect(sqlite.prepare("select damage_type from findings order by id").pluck().all()).toEqual([
      "tire-damage",
      "odor",
    ]);
    expect(JSON.parse(one("select overrides from rate_settings"))).toEqual({
      bodyLaborCentsPerHour: 7000,
      refinishLaborCentsPerHour: 6500,
    });
    const expected = {
      laborHours: 2.5,
      subtotals: { labor: 100, paint: 50 },
      // Free text keeps its words; only the category value changes.
      lines: [{ category: "labor", note: "labour and paint" }],
      findings: [{ damageType: "tire-damage" }, { damageType: "odor" }],
      vehicle: { aluminumPanels: ["hood"] },
    };
    expect(JSON.parse(one("select estimate_json from reports"))).toEqual(expected);
    expect(JSON.parse(one("select estimate_json from report_revisions"))).toEqual(expected);
    expect(JSON.parse(one("select findings_json from report_revisions"))).toEqual([
      { damageType: "tire-damage" },
      { damageType: "odor" },
    ]);
    for (const column of ["rates_json from report_revisions", "pinned_rates_json from reports"]) {
      expect(JSON.parse(one(`select ${column}`)).overrides).toEqual({
        bodyLaborCentsPerHour: 7000,
      });
    }
    sqlite.close();
  });
});
