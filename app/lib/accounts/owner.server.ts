import { eq } from "drizzle-orm";
import { accounts, users } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";

/** The account owner's name for "prepared for" lines: "Dana Lee", or their username. */
export function accountOwnerName(accountId: string): string {
  const row = db()
    .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, accountId))
    .get();
  if (!row) return "";
  return [row.firstName, row.lastName].filter(Boolean).join(" ") || row.username;
}
