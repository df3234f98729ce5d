import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { hashPasswordSync } from "../app/lib/auth/password.server";
import * as schema from "./schema";

const SEED_KEY = "seeded_at";
export const DEMO_USERNAME = "demo";

/**
 * Runs once per database, on first boot: a demo owner account to look around with. Its password
 * is random and printed once to the log, so no installation ships a known password. Features
 * that need demo data (the sample vehicle and report) add their step here.
 */
export function seed(
  db: BetterSQLite3Database<typeof schema>,
  log: (line: string) => void = console.log,
) {
  const done = db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEED_KEY)).get();
  if (done) return;
  const password = crypto.randomBytes(9).toString("base64url");
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  const passwordHash = hashPasswordSync(password);
  db.transaction((tx) => {
    tx.insert(schema.users)
      .values({
        id: userId,
        username: DEMO_USERNAME,
        usernameKey: DEMO_USERNAME,
        email: "demo@fleetassist.local",
        emailVerifiedAt: new Date(),
        passwordHash,
        firstName: "Demo",
        lastName: "Host",
      })
      .run();
    tx.insert(schema.accounts).values({ id: accountId, ownerUserId: userId }).run();
    tx.insert(schema.memberships).values({ accountId, userId, role: "primary" }).run();
    tx.insert(schema.appMeta).values({ key: SEED_KEY, value: new Date().toISOString() }).run();
  });
  log(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: `First run: created the demo account. Sign in at /auth as "${DEMO_USERNAME}" with password "${password}" (shown only once).`,
    }),
  );
}
