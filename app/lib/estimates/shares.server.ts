/**
 * Read-only share links for one report (an adjuster, the guest, the marketplace). The URL holds a
 * 256-bit random token; only its SHA-256 is stored. Links expire and can be revoked; a revoked,
 * expired or unknown link answers 404 like any other missing page.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { reports, shareLinks } from "../../../db/schema";
import { hashToken, isTokenShaped, newToken } from "../auth/tokens.server";
import { db } from "../db.server";
import { getReport, ReportInputError, type ReportRow } from "./reports.server";
import { SHARE_LINK_DAYS } from "./share-options";

export type ShareLinkRow = typeof shareLinks.$inferSelect;

export function createShareLink(
  accountId: string,
  userId: string,
  reportId: string,
  days: number,
): { token: string; link: ShareLinkRow } {
  const report = getReport(accountId, reportId);
  if (!report) throw new ReportInputError("Report not found", 404);
  if (report.status !== "complete") {
    throw new ReportInputError("Finalise the estimate before sharing it.", 409);
  }
  if (!(SHARE_LINK_DAYS as readonly number[]).includes(days)) {
    throw new ReportInputError("Choose how long the link works: 7, 30 or 90 days.", 400, "days");
  }
  const { token, tokenHash } = newToken();
  const link = db()
    .insert(shareLinks)
    .values({
      tokenHash,
      reportId: report.id,
      accountId,
      createdByUserId: userId,
      expiresAt: new Date(Date.now() + days * 24 * 3600 * 1000),
    })
    .returning()
    .get();
  return { token, link };
}

export function listShareLinks(accountId: string, reportId: string): ShareLinkRow[] {
  return db()
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.accountId, accountId), eq(shareLinks.reportId, reportId)))
    .orderBy(desc(shareLinks.createdAt))
    .all();
}

export function revokeShareLink(accountId: string, reportId: string, linkId: number) {
  const result = db()
    .update(shareLinks)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(shareLinks.accountId, accountId),
        eq(shareLinks.reportId, reportId),
        eq(shareLinks.id, linkId),
        isNull(shareLinks.revokedAt),
      ),
    )
    .run();
  return result.changes === 1;
}

export function shareLinkState(link: ShareLinkRow, now = Date.now()) {
  if (link.revokedAt) return "revoked" as const;
  if (link.expiresAt.getTime() <= now) return "expired" as const;
  return "active" as const;
}

/** The complete report a live share token opens, or null (unknown, revoked, expired). */
export function resolveShareToken(
  token: unknown,
): { report: ReportRow; link: ShareLinkRow } | null {
  if (!isTokenShaped(token)) return null;
  const row = db()
    .select({ link: shareLinks, report: reports })
    .from(shareLinks)
    .innerJoin(reports, eq(reports.id, shareLinks.reportId))
    .where(eq(shareLinks.tokenHash, hashToken(token)))
    .get();
  if (!row || shareLinkState(row.link) !== "active" || row.report.status !== "complete")
    return null;
  db()
    .update(shareLinks)
    .set({ lastViewedAt: new Date() })
    .where(eq(shareLinks.id, row.link.id))
    .run();
  return row;
}
