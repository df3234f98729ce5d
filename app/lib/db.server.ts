import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "../../db/schema";
import { seed, seedDemoReport } from "../../db/seed";
import { env } from "./env.server";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_DIR = path.resolve("db/migrations");

/**
 * Opens (or creates) the SQLite file with the settings we rely on, then migrates it.
 *
 * drizzle wraps migrations in a transaction, where a generated `PRAGMA foreign_keys=OFF` is
 * silently ignored; a table rebuild would then cascade-delete child rows. So foreign keys are
 * switched off on the connection before migrating, checked afterwards, and switched back on.
 */
export function openDatabase(file: string): AppDatabase {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: an acknowledged write survives power loss, not only a process crash.
  sqlite.pragma("synchronous = FULL");
  const db = drizzle(sqlite, { schema }) as AppDatabase;

  sqlite.pragma("foreign_keys = OFF");
  try {
    migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const violations = sqlite.pragma("foreign_key_check") as unknown[];
    if (violations.length > 0) {
      throw new Error(`Migration left ${violations.length} foreign key violation(s)`);
    }
  } finally {
    sqlite.pragma("foreign_keys = ON");
  }
  seed(db);
  seedDemoReport(db);
  return db;
}

let instance: AppDatabase | undefined;

export function databaseFile(): string {
  return path.resolve(env().DATA_DIR, "fleetassist.db");
}

/** The process-wide connection, opened on first use and closed when the process exits. */
export function db(): AppDatabase {
  if (!instance) {
    instance = openDatabase(databaseFile());
    process.once("exit", closeDatabase);
  }
  return instance;
}

export function closeDatabase() {
  if (instance?.$client.open) instance.$client.close();
  instance = undefined;
}

/** For /healthz: a real round trip to the database file. */
export function databaseIsHealthy(): boolean {
  try {
    return db().$client.prepare("select 1 as ok").get() !== undefined;
  } catch {
    return false;
  }
}
