/**
 * What a page or API call asks the database, for tests that hold list queries to an index:
 * `recordQueries` runs a function and returns every statement it executed with its arguments;
 * `fullScans` asks SQLite for each statement's plan (`EXPLAIN QUERY PLAN`) and returns the steps
 * that read a whole growing table ("SCAN trips", with or without an index) — a query that gets slower with
 * every trip the fleet adds.
 */
import type Database from "better-sqlite3";

export interface RecordedQuery {
  sql: string;
  args: unknown[];
}

const EXECUTE = new Set(["all", "get", "run", "iterate"]);

/** Every statement `fn` runs on `client` (the app's connection: `db().$client`), in order. */
export async function recordQueries(
  client: Database.Database,
  fn: () => unknown,
): Promise<{ queries: RecordedQuery[]; result: unknown }> {
  const queries: RecordedQuery[] = [];
  const originalPrepare = client.prepare;
  client.prepare = function prepare(this: Database.Database, source: string) {
    const statement = originalPrepare.call(this, source);
    return new Proxy(statement, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (!EXECUTE.has(String(property))) {
          // raw(), pluck() and friends return the statement itself: keep recording through them.
          return (...args: unknown[]) => {
            const out = value.apply(target, args);
            return out === target ? receiver : out;
          };
        }
        return (...args: unknown[]) => {
          queries.push({ sql: source, args });
          return value.apply(target, args);
        };
      },
    });
  } as typeof client.prepare;
  try {
    const result = await fn();
    return { queries, result };
  } finally {
    client.prepare = originalPrepare;
  }
}

/**
 * The plan steps of `query` that scan one of `tables` whole. "SCAN t USING INDEX i" counts too:
 * it walks the whole index (every account's rows), where a list should SEARCH by its account.
 */
export function fullScans(
  client: Database.Database,
  query: RecordedQuery,
  tables: readonly string[],
): string[] {
  if (!/^\s*(select|with)\b/i.test(query.sql)) return [];
  const plan = client.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.args) as {
    detail: string;
  }[];
  return plan
    .map((step) => step.detail)
    .filter((detail) => {
      const scanned = /^SCAN (\w+)/.exec(detail)?.[1];
      return scanned !== undefined && tables.includes(scanned);
    })
    .map((detail) => `${detail}  ←  ${query.sql}`);
}
