import type { SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { afterCursor } from "./keyset.server";
import type { PageCursor } from "./paging";

/** A cursor into a list in time order: the row's epoch milliseconds, then its id. */
export interface TimeCursor {
  atMs: number;
  id: string;
}

/**
 * `afterCursor` for a timestamp column (drizzle's `timestamp_ms` mode): cursors carry epoch
 * milliseconds, and drizzle binds a Date to such a column, so the key goes in as one.
 */
export function afterTime(
  keyColumn: SQLiteColumn,
  idColumn: SQLiteColumn,
  cursor: TimeCursor | null,
  direction: "asc" | "desc",
): SQL | undefined {
  if (!cursor) return undefined;
  return afterCursor(keyColumn, idColumn, { key: new Date(cursor.atMs), id: cursor.id }, direction);
}

/** A page cursor read as a timestamp's (epoch ms and id); null for none or another list's kind. */
export function timeCursor(cursor: PageCursor | null): TimeCursor | null {
  return cursor && typeof cursor.key === "number" ? { atMs: cursor.key, id: cursor.id } : null;
}
