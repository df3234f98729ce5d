/**
 * The server's connection while another process holds the database's write lock: statements
 * give up after SERVING_BUSY_TIMEOUT_MS with a 503 Response instead of freezing the event loop
 * for seconds, transactions roll back, and reads and /healthz keep working (WAL).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdSqliteLock } from "~/tests/support/sqlite-lock";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-busy-"));
process.env.DATA_DIR = dataDir;

// Loaded after DATA_DIR is set: the database reads it once.
let m: typeof import("./db.server");
let schema: typeof import("~/db/schema");
let healthz: typeof import("~/routes/healthz");

beforeAll(async () => {
  m = await import("./db.server");
  schema = await import("~/db/schema");
  healthz = await import("~/routes/healthz");
  m.db(); // opened and migrated before the lock is taken, as at boot
});

afterAll(() => {
  m.closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `fn`, expecting it to throw; returns what it threw and how long it took. */
function thrown(fn: () => unknown): { error: unknown; ms: number } {
  const started = performance.now();
  try {
    fn();
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error("expected a throw");
}

async function expectBusyResponse(error: unknown) {
  expect(error).toBeInstanceOf(Response);
  expect(m.isDatabaseBusy(error)).toBe(true);
  const response = error as Response;
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("5");
  expect(await response.json()).toEqual({
    error: "The database is busy. Please try again in a few seconds.",
    message: "The database is busy. Please try again in a few seconds.",
  });
}

const lead = (email: string) => ({
  email,
  firstName: "Kim",
  lastName: "Lee",
  phone: "555 010 9999",
  marketplaceProfile: "https://turo.com/us/en/drivers/1",
  vehicleCount: 6,
  source: "test",
});

describe("the server's connection while another process holds the write lock", () => {
  it("uses the short busy timeout on the serving connection", () => {
    expect(m.db().$client.pragma("busy_timeout", { simple: true })).toBe(m.SERVING_BUSY_TIMEOUT_MS);
    expect(m.SERVING_BUSY_TIMEOUT_MS).toBeLessThanOrEqual(250);
  });

  it("answers a write with a 503 Response within the short timeout, then writes again", async () => {
    const lock = await holdSqliteLock(m.databaseFile(), 4000);
    try {
      const { error, ms } = thrown(() =>
        m.db().insert(schema.demoLeads).values(lead("busy@fleet.test")).run(),
      );
      await expectBusyResponse(error);
      expect(ms).toBeLessThan(1000);

      // Reads are not blocked by a writer in WAL mode, nor is the health check.
      expect(m.db().select().from(schema.demoLeads).all()).toEqual([]);
      const health = healthz.loader();
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "ok" });
    } finally {
      await lock.release();
    }
    m.db().insert(schema.demoLeads).values(lead("after@fleet.test")).run();
    expect(m.db().select().from(schema.demoLeads).all()).toHaveLength(1);
  });

  it("rolls a transaction back and throws the 503, also for BEGIN IMMEDIATE itself", async () => {
    m.db().insert(schema.appMeta).values({ key: "busy-test", value: "before" }).run();
    const lock = await holdSqliteLock(m.databaseFile(), 4000);
    try {
      // drizzle's default (deferred): the first write inside the transaction is refused.
      const deferred = thrown(() =>
        m.db().transaction((tx) => {
          tx.select().from(schema.appMeta).all();
          tx.update(schema.appMeta)
            .set({ value: "during" })
            .where(eq(schema.appMeta.key, "busy-test"))
            .run();
        }),
      );
      await expectBusyResponse(deferred.error);
      expect(deferred.ms).toBeLessThan(1000);
      expect(m.db().$client.inTransaction).toBe(false);

      // BEGIN IMMEDIATE runs inside better-sqlite3, not through a prepared statement.
      const immediate = thrown(() =>
        m.db().transaction(
          (tx) => {
            tx.insert(schema.demoLeads).values(lead("tx@fleet.test")).run();
          },
          { behavior: "immediate" },
        ),
      );
      await expectBusyResponse(immediate.error);
      expect(immediate.ms).toBeLessThan(1000);

      // Raw SQL on the connection answers the same way.
      await expectBusyResponse(thrown(() => m.db().$client.exec("DELETE FROM app_meta")).error);
      await expectBusyResponse(
        thrown(() => m.db().$client.prepare("DELETE FROM app_meta").run()).error,
      );
    } finally {
      await lock.release();
    }
    const row = m.db().select().from(schema.appMeta).where(eq(schema.appMeta.key, "busy-test"));
    expect(row.get()?.value).toBe("before");
    expect(m.db().$client.inTransaction).toBe(false);
  });

  it("leaves other errors alone", () => {
    const { error } = thrown(() =>
      m.db().insert(schema.appMeta).values({ key: "busy-test", value: "duplicate" }).run(),
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(m.isDatabaseBusy(error)).toBe(false);
  });

  it("answers /healthz with a quick 503 when the database can't be read", async () => {
    m.closeDatabase();
    const realFile = m.databaseFile();
    fs.renameSync(dataDir, `${dataDir}-moved`);
    fs.writeFileSync(dataDir, "a file where the data folder was");
    try {
      const started = performance.now();
      const health = healthz.loader();
      expect(performance.now() - started).toBeLessThan(1000);
      expect(health.status).toBe(503);
      expect(health.headers.get("Retry-After")).toBe("5");
      expect(await health.json()).toEqual({ status: "degraded", database: "unavailable" });
    } finally {
      fs.rmSync(dataDir);
      fs.renameSync(`${dataDir}-moved`, dataDir);
    }
    expect(m.databaseFile()).toBe(realFile);
    expect(healthz.loader().status).toBe(200);
  });
});
