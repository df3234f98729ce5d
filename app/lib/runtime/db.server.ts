import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "~/db/schema";
import { seed, seedDemoReport } from "~/db/seed";
import { env } from "./env.server";
import { errorFields, logger } from "./logger.server";
import { RetryLaterResponse } from "./retry-later";

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_DIR = path.resolve("db/migrations");

/** How long scripts, migrations and tests wait for another connection's lock. */
export const SCRIPT_BUSY_TIMEOUT_MS = 5000;

/**
 * How long a statement on the server's connection waits for a lock. better-sqlite3 is
 * synchronous, so while SQLite waits the whole event loop waits: every request, /healthz
 * included. The server has one connection and SQLite serialises it, so a lock is only ever held
 * by another process (a backup, the sqlite3 CLI, a one-off script); rather than freeze, give up
 * quickly and answer 503 (docs/decisions/0008-busy-database-and-data-dir.md).
 */
export const SERVING_BUSY_TIMEOUT_MS = 250;

export const DATABASE_BUSY_MESSAGE = "The database is busy. Please try again in a few seconds.";
/** The Retry-After (seconds) of every "database busy" 503. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 5;

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
  sqlite.pragma(`busy_timeout = ${SCRIPT_BUSY_TIMEOUT_MS}`);
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

/**
 * What a statement throws on the server's connection when another process holds the lock: a
 * 503 Response with Retry-After. React Router renders a Response thrown by a page's loader or
 * action in the error boundary with its status, and returns one thrown by a resource route (the
 * JSON API) as it is; the body is `{ error, message }` for both. Background jobs recognize it
 * with `isDatabaseBusy` and try again later.
 */
export class DatabaseBusyResponse extends RetryLaterResponse {
  constructor(readonly cause: unknown) {
    super(DATABASE_BUSY_MESSAGE, 503, DATABASE_BUSY_RETRY_AFTER_SECONDS);
  }

  toString() {
    return DATABASE_BUSY_MESSAGE;
  }
}

/** SQLITE_BUSY or SQLITE_LOCKED, with any extended code (SQLITE_BUSY_SNAPSHOT, …). */
function isBusySqliteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

/** True for a busy database: the caller should try again later, not treat it as a failure. */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof DatabaseBusyResponse || isBusySqliteError(error);
}

/**
 * Logs a failed pass of background work (analysis queue, email outbox, purges). A busy database
 * is expected while another process holds the lock: a warning, and the next pass tries again.
 */
export function logJobFailure(job: string, error: unknown) {
  if (isDatabaseBusy(error)) {
    logger.warn(`${job}: the database is busy; will try again later`);
  } else {
    logger.error(`${job} failed`, errorFields(error));
  }
}

function busyAsResponse(error: unknown): unknown {
  if (!isBusySqliteError(error)) return error;
  logger.warn("The database is locked by another process; answering 503", {
    code: (error as { code: string }).code,
  });
  return new DatabaseBusyResponse(error);
}

type AnyFunction = (...args: never[]) => unknown;

function guarded<F extends AnyFunction>(fn: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    try {
      return fn.apply(this, args);
    } catch (error) {
      throw busyAsResponse(error);
    }
  } as F;
}

/**
 * Makes every way a connection runs SQL throw a DatabaseBusyResponse instead of SQLITE_BUSY /
 * SQLITE_LOCKED: prepared statements (`run`, `get`, `all`, `iterate`: what drizzle calls, also
 * after `raw()`, which returns the same statement), `exec`, `pragma`, and transaction functions
 * (their BEGIN and COMMIT run inside better-sqlite3, out of reach of `prepare`). A busy statement
 * inside a transaction still rolls the transaction back first: the Response is thrown through
 * better-sqlite3's own rollback.
 */
function answerBusyWith503(sqlite: Database.Database) {
  type Statement = Database.Statement<unknown[]>;
  let statementMethods: Partial<Statement> | undefined;
  const prepare = guarded(sqlite.prepare.bind(sqlite));
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source) as Statement;
    if (!statementMethods) {
      const proto = Object.getPrototypeOf(statement) as Statement;
      const iterate = guarded(proto.iterate);
      statementMethods = {
        run: guarded(proto.run),
        get: guarded(proto.get),
        all: guarded(proto.all),
        iterate(this: Statement, ...params: unknown[]) {
          const iterator = iterate.apply(this, params);
          iterator.next = guarded(iterator.next);
          return iterator;
        },
      };
    }
    return Object.assign(statement, statementMethods);
  }) as typeof sqlite.prepare;

  sqlite.exec = guarded(sqlite.exec.bind(sqlite)) as typeof sqlite.exec;
  sqlite.pragma = guarded(sqlite.pragma.bind(sqlite));

  const transaction = sqlite.transaction.bind(sqlite);
  sqlite.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const native = transaction(fn);
    const wrapped = guarded(native.default);
    return Object.assign(wrapped, {
      default: wrapped,
      deferred: guarded(native.deferred),
      immediate: guarded(native.immediate),
      exclusive: guarded(native.exclusive),
      database: sqlite,
    });
  }) as typeof sqlite.transaction;
}

let instance: AppDatabase | undefined;

export function databaseFile(): string {
  return path.resolve(env().DATA_DIR, "fleetassist.db");
}

/**
 * The server's connection, opened (and migrated, with the long timeout) on first use and closed
 * when the process exits. From then on a lock held by another process makes a statement throw a
 * DatabaseBusyResponse after SERVING_BUSY_TIMEOUT_MS.
 */
export function db(): AppDatabase {
  if (!instance) {
    let opened: AppDatabase;
    try {
      opened = openDatabase(databaseFile());
    } catch (error) {
      throw busyAsResponse(error); // still migrating behind another process's lock
    }
    opened.$client.pragma(`busy_timeout = ${SERVING_BUSY_TIMEOUT_MS}`);
    answerBusyWith503(opened.$client);
    instance = opened;
    process.once("exit", closeDatabase);
  }
  return instance;
}

export function closeDatabase() {
  if (instance?.$client.open) instance.$client.close();
  instance = undefined;
}

/**
 * For /healthz: a real read of the database file (the schema table; `select 1` would not touch
 * the file). A writer in another process doesn't block it (WAL); an exclusive lock or a broken
 * file does, and then it answers within SERVING_BUSY_TIMEOUT_MS.
 */
export function databaseHealth(): "ok" | "busy" | "unavailable" {
  try {
    db().$client.prepare("select count(*) from sqlite_master").get();
    return "ok";
  } catch (error) {
    return isDatabaseBusy(error) ? "busy" : "unavailable";
  }
}
