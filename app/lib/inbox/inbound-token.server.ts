import crypto from "node:crypto";
import { inboundTokens } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";

/**
 * Gives the account a new inbound token (its webhook URL and forwarding address); the old one
 * stops working at once: a post to it answers 404 and mail to it is refused at RCPT.
 */
export function rotateInboundToken(accountId: string): string {
  const token = crypto.randomBytes(32).toString("base64url");
  db()
    .insert(inboundTokens)
    .values({ accountId, token })
    .onConflictDoUpdate({ target: inboundTokens.accountId, set: { token, createdAt: new Date() } })
    .run();
  return token;
}
