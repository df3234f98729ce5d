import { and, eq, gt, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { PageCursor } from "./paging";

/**
 * A cursor as bound to its columns: a page cursor's key, or a Date for a timestamp column
 * (drizzle's `timestamp_ms` mode binds a Date to it, see `afterTime`).
 */
export interface KeysetPosition {
  key: PageCursor["key"] | Date;
  id: string;
}

/**
 * The condition for "rows after the cursor" in an `ORDER BY key <direction>, id <direction>`
 * list, so the query seeks straight to the page (with an index on the account, key and id).
 * Nulls sort first in SQLite ascending order and last descending, and the condition follows that.
 */
export function afterCursor(
  keyColumn: SQLiteColumn,
  idColumn: SQLiteColumn,
  cursor: KeysetPosition | null,
  direction: "asc" | "desc",
): SQL | undefined {
  if (!cursor) return undefined;
  const beyond = direction === "desc" ? lt : gt;
  if (cursor.key === null) {
    // Descending: nulls come last, so only nulls with a later id follow.
    // Ascending: nulls come first, so later-id nulls and every non-null key follow.
    const nullsAfter = and(isNull(keyColumn), beyond(idColumn, cursor.id));
    return direction === "desc" ? nullsAfter : or(nullsAfter, isNotNull(keyColumn));
  }
  return or(
    beyond(keyColumn, cursor.key),
    and(eq(keyColumn, cursor.key), beyond(idColumn, cursor.id)),
    direction === "desc" ? isNull(keyColumn) : undefined,
  );
}
