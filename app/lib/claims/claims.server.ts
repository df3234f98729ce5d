/**
 * The account's claims and their history. Every query takes the account id first; every change
 * is one transaction that updates the claim and logs who made it, in which role, and when.
 */
import { InputError } from "~/lib/http/input-error";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { claimEvents, claims, trips } from "~/db/schema";
import {
  amountsAfter,
  canMoveClaim,
  CLAIM_STATUS_LABELS,
  type ClaimKind,
  type ClaimStatus,
} from "~/domain/claims/claim";
import { claimDeadlines } from "~/domain/claims/claim-windows";
import type { Role } from "~/db/schema";
import { getReport } from "~/lib/estimates/reports.server";
import { getRevision, latestFinalRevision } from "~/lib/estimates/revisions.server";
import { db } from "~/lib/runtime/db.server";
import { getTrip, type TripRow } from "~/lib/trips/trips.server";
import {
  adviseClaimRoute,
  routeAdvisorRecords,
  routeJson,
  type RouteAdvisorRecords,
} from "./route-advisor.server";

export type ClaimRow = typeof claims.$inferSelect;
export type ClaimEventRow = typeof claimEvents.$inferSelect;

/** Who acts: the signed-in user in the current account, with their role there. */
export interface ClaimActor {
  accountId: string;
  userId: string;
  role: Role;
}

export interface NewClaim {
  tripId: string;
  kind: ClaimKind;
  reportId?: string | null;
  claimedCents?: number | null;
  note?: string | null;
}

/** The revision and total a damage claim takes from its estimate: the latest final revision. */
function claimedRevision(accountId: string, reportId: string) {
  const report = getReport(accountId, reportId);
  if (!report)
    throw new InputError("No estimate with that id in this account.", {
      field: "reportId",
      status: 404,
    });
  const number = latestFinalRevision(report.id);
  const revision = number === null ? undefined : getRevision(report.id, number);
  if (!revision) {
    throw new InputError(
      "Finalize the estimate first: a claim stands on a finished revision that doesn't change.",
      { field: "reportId", status: 409 },
    );
  }
  return { report, revision };
}

export function createClaim(actor: ClaimActor, input: NewClaim): ClaimRow {
  const trip = getTrip(actor.accountId, input.tripId);
  if (!trip)
    throw new InputError("No trip with that id in this account.", { field: "tripId", status: 404 });
  let reportId: string | null = null;
  let reportRevision: number | null = null;
  let claimedCents = input.claimedCents ?? null;
  if (input.reportId) {
    if (input.kind !== "damage") {
      throw new InputError("Only a damage claim is made from an estimate.", { field: "reportId" });
    }
    const { report, revision } = claimedRevision(actor.accountId, input.reportId);
    if (trip.vehicleId && report.vehicleId !== trip.vehicleId) {
      throw new InputError("That estimate is for another car than the trip's.", {
        field: "reportId",
      });
    }
    reportId = report.id;
    reportRevision = revision.number;
    claimedCents ??= revision.totalCents;
  }
  // No amount yet is fine: the claim starts when the damage is known, so its deadlines count
  // from then; filing needs the amount (amountsAfter).
  const now = new Date();
  return db().transaction((tx) => {
    const claim = tx
      .insert(claims)
      .values({
        id: crypto.randomUUID(),
        accountId: actor.accountId,
        tripId: trip.id,
        kind: input.kind,
        reportId,
        reportRevision,
        claimedCents,
        note: input.note ?? null,
        createdByUserId: actor.userId,
        updatedAt: now,
      })
      .returning()
      .get();
    tx.insert(claimEvents)
      .values({
        claimId: claim.id,
        accountId: actor.accountId,
        status: "draft",
        claimedCents,
        note: input.note ?? null,
        byUserId: actor.userId,
        byRole: actor.role,
        at: now,
      })
      .run();
    return claim;
  });
}

export interface ClaimChange {
  status?: ClaimStatus;
  /** The amount claimed, entered while the claim is a draft. */
  claimedCents?: number | null;
  approvedCents?: number | null;
  paidCents?: number | null;
  note?: string | null;
}

/** Moves a claim along its path (or adds a note), logging the change; undefined if not found. */
export function changeClaim(
  actor: ClaimActor,
  claimId: string,
  change: ClaimChange,
): ClaimRow | undefined {
  return db().transaction((tx) => {
    const claim = tx
      .select()
      .from(claims)
      .where(and(eq(claims.accountId, actor.accountId), eq(claims.id, claimId)))
      .get();
    if (!claim) return undefined;
    const from = claim.status as ClaimStatus;
    const to = change.status ?? from;
    if (to !== from && !canMoveClaim(from, to)) {
      throw new InputError(
        `A claim that is ${CLAIM_STATUS_LABELS[from].toLowerCase()} can't become ${CLAIM_STATUS_LABELS[to].toLowerCase()}.`,
        { field: "status", status: 409 },
      );
    }
    const newAmount =
      change.claimedCents !== undefined &&
      change.claimedCents !== null &&
      change.claimedCents !== claim.claimedCents;
    if (to === from && !change.note && !newAmount) {
      throw new InputError("Choose a new status, enter the amount claimed or write a note.", {
        field: "status",
      });
    }
    const amounts = amountsAfter(from, to, claim, change);
    if (!amounts.ok) throw new InputError(amounts.message, { field: amounts.field });
    const now = new Date();
    const updated = tx
      .update(claims)
      .set({ status: to, ...amounts.amounts, updatedAt: now })
      .where(eq(claims.id, claim.id))
      .returning()
      .get();
    tx.insert(claimEvents)
      .values({
        claimId: claim.id,
        accountId: actor.accountId,
        status: to,
        fromStatus: from,
        claimedCents: newAmount ? amounts.amounts.claimedCents : null,
        approvedCents: amounts.amounts.approvedCents,
        paidCents: amounts.amounts.paidCents,
        note: change.note ?? null,
        byUserId: actor.userId,
        byRole: actor.role,
        at: now,
      })
      .run();
    return updated;
  });
}

export function getClaim(accountId: string, claimId: string): ClaimRow | undefined {
  if (typeof claimId !== "string" || claimId.length > 64) return undefined;
  return db()
    .select()
    .from(claims)
    .where(and(eq(claims.accountId, accountId), eq(claims.id, claimId)))
    .get();
}

export function claimHistory(accountId: string, claimId: string): ClaimEventRow[] {
  return db()
    .select()
    .from(claimEvents)
    .where(and(eq(claimEvents.accountId, accountId), eq(claimEvents.claimId, claimId)))
    .orderBy(asc(claimEvents.id))
    .all();
}

/** The histories of several claims (a page of them) in one query, each oldest first. */
export function claimHistories(
  accountId: string,
  claimIds: readonly string[],
): Map<string, ClaimEventRow[]> {
  const histories = new Map<string, ClaimEventRow[]>(claimIds.map((id) => [id, []]));
  if (claimIds.length === 0) return histories;
  const rows = db()
    .select()
    .from(claimEvents)
    .where(and(eq(claimEvents.accountId, accountId), inArray(claimEvents.claimId, [...claimIds])))
    .orderBy(asc(claimEvents.id))
    .all();
  for (const row of rows) histories.get(row.claimId)?.push(row);
  return histories;
}

/** When each of the account's claims was first filed and first marked paid. */
export function claimMilestones(
  accountId: string,
): Map<string, { filedAt: number | null; paidAt: number | null }> {
  const rows = db()
    .select({ claimId: claimEvents.claimId, status: claimEvents.status, at: claimEvents.at })
    .from(claimEvents)
    .where(
      and(eq(claimEvents.accountId, accountId), inArray(claimEvents.status, ["filed", "paid"])),
    )
    .orderBy(asc(claimEvents.id))
    .all();
  const milestones = new Map<string, { filedAt: number | null; paidAt: number | null }>();
  for (const row of rows) {
    const entry = milestones.get(row.claimId) ?? { filedAt: null, paidAt: null };
    if (row.status === "filed") entry.filedAt ??= row.at.getTime();
    if (row.status === "paid") entry.paidAt ??= row.at.getTime();
    milestones.set(row.claimId, entry);
  }
  return milestones;
}

export function listClaims(accountId: string, options: { statuses?: readonly ClaimStatus[] } = {}) {
  const where = options.statuses
    ? and(eq(claims.accountId, accountId), inArray(claims.status, [...options.statuses]))
    : eq(claims.accountId, accountId);
  return db()
    .select({ claim: claims, trip: trips })
    .from(claims)
    .innerJoin(trips, eq(trips.id, claims.tripId))
    .where(where)
    .orderBy(desc(claims.createdAt))
    .all();
}

/**
 * The API's shape of a claim: status, history, route advice and deadlines in the trip's zone. A
 * list reads the advisor's records for its whole page once and passes them.
 */
export function claimJson(
  claim: ClaimRow,
  trip: TripRow,
  history: ClaimEventRow[],
  now: number,
  names: ReadonlyMap<string, string> = new Map(),
  advisorRecords: RouteAdvisorRecords = routeAdvisorRecords(claim.accountId, [{ claim, trip }]),
) {
  return {
    id: claim.id,
    tripId: claim.tripId,
    kind: claim.kind as ClaimKind,
    status: claim.status as ClaimStatus,
    reportId: claim.reportId,
    reportRevision: claim.reportRevision,
    claimedCents: claim.claimedCents,
    approvedCents: claim.approvedCents,
    paidCents: claim.paidCents,
    note: claim.note,
    createdAt: claim.createdAt.toISOString(),
    history: history.map((event) => ({
      status: event.status as ClaimStatus,
      from: event.fromStatus as ClaimStatus | null,
      at: event.at.toISOString(),
      by: {
        userId: event.byUserId,
        name: event.byUserId ? (names.get(event.byUserId) ?? null) : null,
        role: event.byRole,
      },
      note: event.note,
    })),
    route: routeJson(adviseClaimRoute({ claim, trip }, advisorRecords, now)),
    deadlines: claimDeadlines(
      claim.kind as ClaimKind,
      { endAt: trip.endAt.getTime(), timeZone: trip.timeZone },
      now,
    ).map((deadline) => ({
      key: deadline.key,
      label: deadline.label,
      dueAt: deadline.dueAt,
      status: deadline.status,
      confidence: deadline.confidence,
    })),
  };
}
