/**
 * Read-only links to a claim's evidence packet, for an adjuster or the guest's insurer: the URL
 * holds a 256-bit random token and only its SHA-256 is stored. A link works for 7, 30 or 90
 * days until revoked; a revoked, expired or unknown link answers 404. Like report share links, a
 * link belongs to the account: anyone in it can see and revoke it.
 */
import { and, desc, eq } from "drizzle-orm";
import { packetLinks } from "~/db/schema";
import { hashToken, isTokenShaped, newToken } from "~/lib/auth/tokens.server";
import { SHARE_LINK_DAYS } from "~/lib/estimates/share-options";
import { revokeLink, shareLinkState } from "~/lib/estimates/shares.server";
import { db } from "~/lib/runtime/db.server";
import { InputError } from "~/lib/http/input-error";
import { getClaim } from "./claims.server";

const DAY_MS = 24 * 3600 * 1000;

export function createPacketLink(accountId: string, userId: string, claimId: string, days: number) {
  const claim = getClaim(accountId, claimId);
  if (!claim)
    throw new InputError("No claim with that id here.", { field: "claimId", status: 404 });
  if (!(SHARE_LINK_DAYS as readonly number[]).includes(days)) {
    throw new InputError("Choose how long the link works: 7, 30 or 90 days.", { field: "days" });
  }
  const { token, tokenHash } = newToken();
  db()
    .insert(packetLinks)
    .values({
      tokenHash,
      claimId: claim.id,
      accountId,
      createdByUserId: userId,
      expiresAt: new Date(Date.now() + days * DAY_MS),
    })
    .run();
  return token;
}

/** The claim's links, newest first, with their state. */
export function listPacketLinks(accountId: string, claimId: string, now = Date.now()) {
  return db()
    .select()
    .from(packetLinks)
    .where(and(eq(packetLinks.accountId, accountId), eq(packetLinks.claimId, claimId)))
    .orderBy(desc(packetLinks.id))
    .all()
    .map((link) => ({
      id: link.id,
      state: shareLinkState(link, now),
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
    }));
}

export function revokePacketLink(accountId: string, claimId: string, linkId: number): boolean {
  return revokeLink(
    packetLinks,
    and(eq(packetLinks.accountId, accountId), eq(packetLinks.claimId, claimId)),
    linkId,
  );
}

/** The claim a live packet token opens (its account and id), or null; records the view. */
export function resolvePacketToken(token: unknown): { accountId: string; claimId: string } | null {
  if (!isTokenShaped(token)) return null;
  // A claim's links are deleted with it, so a link found is a claim that exists.
  const link = db()
    .select()
    .from(packetLinks)
    .where(eq(packetLinks.tokenHash, hashToken(token)))
    .get();
  if (!link || shareLinkState(link) !== "active") return null;
  db()
    .update(packetLinks)
    .set({ lastViewedAt: new Date() })
    .where(eq(packetLinks.id, link.id))
    .run();
  return { accountId: link.accountId, claimId: link.claimId };
}
