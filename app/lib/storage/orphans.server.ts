/**
 * Stored files (photos, logos, received emails' originals) no database row refers to. A photo or
 * an email's original is stored in two steps, files first and then its row, so a crash (or a failed insert) between them leaves files nothing points at;
 * a crash inside a write leaves a temp file. Both are swept once they are older than a grace
 * period much longer than any upload takes, so a file whose row is about to be inserted is never
 * touched.
 */
import { eq, isNotNull, or } from "drizzle-orm";
import { accounts, inboundEmails, photos } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import { logger } from "~/lib/runtime/logger.server";
import { fileStore, type FileStore } from "./file-store.server";

/** Files younger than this are left alone, referenced or not. */
export const ORPHAN_GRACE_MS = 3_600_000;

/**
 * Every file key a row refers to: a photo's display JPEG and thumbnail, an account's logo, a
 * received email's original.
 */
function referencedKeys(): Set<string> {
  const keys = new Set<string>();
  const rows = db()
    .select({ storageKey: photos.storageKey, thumbKey: photos.thumbKey })
    .from(photos)
    .all();
  for (const row of rows) {
    keys.add(row.storageKey);
    keys.add(row.thumbKey);
  }
  for (const row of db().select({ logoKey: accounts.logoKey }).from(accounts).all()) {
    if (row.logoKey) keys.add(row.logoKey);
  }
  const originals = db()
    .select({ rawKey: inboundEmails.rawKey })
    .from(inboundEmails)
    .where(isNotNull(inboundEmails.rawKey))
    .all();
  for (const row of originals) keys.add(row.rawKey!);
  return keys;
}

function stillReferenced(key: string): boolean {
  const logo = db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.logoKey, key))
    .limit(1)
    .get();
  if (logo) return true;
  const original = db()
    .select({ id: inboundEmails.id })
    .from(inboundEmails)
    .where(eq(inboundEmails.rawKey, key))
    .get();
  if (original) return true;
  return (
    db()
      .select({ id: photos.id })
      .from(photos)
      .where(or(eq(photos.storageKey, key), eq(photos.thumbKey, key)))
      .limit(1)
      .get() !== undefined
  );
}

/** Deletes files older than the grace period that no row refers to; returns how many. */
export async function sweepOrphanFiles(
  now = Date.now(),
  store: FileStore = fileStore(),
): Promise<number> {
  const olderThan = new Date(now - ORPHAN_GRACE_MS);
  const referenced = referencedKeys();
  let removed = 0;
  for await (const file of store.list()) {
    if (file.modifiedAt >= olderThan || referenced.has(file.key)) continue;
    // Checked again just before deleting: the set was read before the listing started.
    if (stillReferenced(file.key)) continue;
    await store.delete(file.key);
    removed += 1;
  }
  removed += await store.purgeIncomplete(olderThan);
  if (removed > 0) logger.info("Swept stored files without a database row", { count: removed });
  return removed;
}
