import { eq } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import * as schema from "./schema";

const SEED_KEY = "seeded_at";

/**
 * Runs once per database, on first boot. Each feature that needs demo data (the demo account,
 * its sample vehicle and report) adds its step here; the marker row keeps it from running twice.
 */
export function seed(db: BetterSQLite3Database<typeof schema>) {
  const done = db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEED_KEY)).get();
  if (done) return;
  db.transaction((tx) => {
    tx.insert(schema.appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).run();
  });
}
