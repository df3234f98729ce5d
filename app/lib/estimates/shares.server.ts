/**
 * Read-only share links for one report (an adjuster, the guest, the marketplace). The URL holds a
 * 256-bit random token; only its SHA-256 is stored. Links expire and can be revoked; a revoked,
 * expired or unknown link answers 404 like any other missing page.
 *
 * A link belongs to the account, not to the person who made it: a claim already sent to an
 * adjuster keeps working when the team member or VA who shared it leaves. So every member sees
 * who made each link, and anyone in the account can revoke any of them.
 */
import { and, desc, eq, gt, isNull, type SQL } from "drizzle-orm";
import { memberships, packetLinks, reports, shareLinks, users, vehicles } from "~/db/schema";
import { hashToken, isTokenShaped, newToken } from "~/lib/auth/tokens.server";
import { pageOf, type PageCursor, type ListPageRequest } from "~/lib/paging/paging";
import { afterTime } from "~/lib/paging/time-keyset.server";
import { db } from "~/lib/runtime/db.server";
import { InputError } from "~/lib/http/input-error";
import { getReport, type ReportRow } from "./reports.server";
import { latestFinalRevision, loadRevision, parseRevisionParam } from "./revisions.server";
import { SHARE_LINK_DAYS } from "./share-options";

export type ShareLinkRow = typeof shareLinks.$inferSelect;

export function createShareLink(
  accountId: string,
  userId: string,
  reportId: string,
  days: number,
): { token: string; link: ShareLinkRow } {
  const report = getReport(accountId, reportId);
  if (!report) throw new InputError("Report not found", { status: 404 });
  // While the next revision is being edited, a new link shares the newest final one.
  const revision = report.status === "complete" ? report.revision : latestFinalRevision(report.id);
  if (revision === null) {
    throw new InputError("Finalize the estimate before sharing it.", { status: 409 });
  }
  if (!(SHARE_LINK_DAYS as readonly number[]).includes(days)) {
    throw new InputError("Choose how long the link works: 7, 30 or 90 days.", {
      field: "days",
      status: 400,
    });
  }
  const { token, tokenHash } = newToken();
  const link = db()
    .insert(shareLinks)
    .values({
      tokenHash,
      reportId: report.id,
      accountId,
      createdByUserId: userId,
      revision,
      expiresAt: new Date(Date.now() + days * 24 * 3600 * 1000),
    })
    .returning()
    .get();
  return { token, link };
}

/** Who made a link: their name now, and whether they are still on the account's team. */
export interface ShareLinkCreator {
  name: string;
  stillMember: boolean;
}

export type ShareLinkListing = ShareLinkRow & { createdBy: ShareLinkCreator | null };

function creatorName(user: {
  firstName: string | null;
  lastName: string | null;
  username: string;
}) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
}

/** The account's share links, each with its creator; newest first (`limit` of them, `where`). */
function shareLinkListings(
  accountId: string,
  reportId?: string,
  page: { where?: SQL; limit?: number } = {},
) {
  const query = db()
    .select({
      link: shareLinks,
      user: { firstName: users.firstName, lastName: users.lastName, username: users.username },
      membershipId: memberships.id,
      vehicle: vehicles,
    })
    .from(shareLinks)
    .innerJoin(reports, eq(reports.id, shareLinks.reportId))
    .innerJoin(vehicles, eq(vehicles.id, reports.vehicleId))
    .leftJoin(users, eq(users.id, shareLinks.createdByUserId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, shareLinks.createdByUserId), eq(memberships.accountId, accountId)),
    )
    .where(
      and(
        eq(shareLinks.accountId, accountId),
        reportId === undefined ? undefined : eq(shareLinks.reportId, reportId),
        page.where,
      ),
    )
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const rows = page.limit === undefined ? query.all() : query.limit(page.limit).all();
  return rows.map((row) => ({
    ...row,
    listing: {
      ...row.link,
      createdBy: row.user
        ? { name: creatorName(row.user), stillMember: row.membershipId !== null }
        : null,
    } satisfies ShareLinkListing,
  }));
}

export function listShareLinks(accountId: string, reportId: string): ShareLinkListing[] {
  return shareLinkListings(accountId, reportId).map((row) => row.listing);
}

/**
 * One page of the account's links that still open (not revoked, not expired), each with its
 * report's vehicle; newest first. The cursor is the last link's creation time and id.
 */
export function activeAccountShareLinkPage(
  accountId: string,
  page: ListPageRequest,
  now = new Date(),
) {
  const cursor =
    page.cursor && isShareLinkCursor(page.cursor)
      ? { atMs: page.cursor.key as number, id: page.cursor.id }
      : null;
  const rows = shareLinkListings(accountId, undefined, {
    where: and(
      isNull(shareLinks.revokedAt),
      gt(shareLinks.expiresAt, now),
      afterTime(shareLinks.createdAt, shareLinks.id, cursor, "desc"),
    ),
    limit: page.limit + 1,
  }).map((row) => ({ ...row.listing, vehicle: row.vehicle }));
  return pageOf(rows, page.limit, (link) => ({
    key: link.createdAt.getTime(),
    id: String(link.id),
  }));
}

/** Whether a `?cursor=` of the share links list is one of its cursors (creation time, link id). */
export function isShareLinkCursor(cursor: PageCursor | null): boolean {
  return cursor === null || (typeof cursor.key === "number" && /^\d{1,15}$/.test(cursor.id));
}

export function revokeShareLink(accountId: string, reportId: string, linkId: number) {
  return revokeLink(
    shareLinks,
    and(eq(shareLinks.accountId, accountId), eq(shareLinks.reportId, reportId)),
    linkId,
  );
}

/**
 * Revokes link `linkId` of `table` (report share links or claim packet links) if it is not revoked
 * yet and matches `owner`, the account and report or claim it must belong to: whether it was.
 */
export function revokeLink(
  table: typeof shareLinks | typeof packetLinks,
  owner: SQL | undefined,
  linkId: number,
): boolean {
  const result = db()
    .update(table)
    .set({ revokedAt: new Date() })
    .where(and(owner, eq(table.id, linkId), isNull(table.revokedAt)))
    .run();
  return result.changes === 1;
}

export function shareLinkState(
  link: Pick<ShareLinkRow, "revokedAt" | "expiresAt">,
  now = Date.now(),
) {
  if (link.revokedAt) return "revoked" as const;
  if (link.expiresAt.getTime() <= now) return "expired" as const;
  return "active" as const;
}

/**
 * The report a live share token opens, or null (unknown, revoked, expired). The link shows its
 * own final revision (`link.revision`), whatever the report's current state.
 */
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
  if (!row || shareLinkState(row.link) !== "active") return null;
  db()
    .update(shareLinks)
    .set({ lastViewedAt: new Date() })
    .where(eq(shareLinks.id, row.link.id))
    .run();
  return row;
}

/**
 * The revision a share link shows: its own, or another final revision of the same report when
 * the reader follows "superseded by" (`?revision=N`). Null when there is no such revision.
 */
export function loadSharedRevision(
  shared: { report: ReportRow; link: ShareLinkRow },
  requested: string | null,
) {
  return loadRevision(shared.report, parseRevisionParam(requested) ?? shared.link.revision);
}
