/**
 * Repair quotes and repair confirmations. A quote request creates a share link of the estimate's
 * final revision (what the shop looks at) and a link of its own where the shop answers without an
 * account. A confirmation records the invoice, marks the estimate's damage repaired, brings the
 * claims made from it up to date and keeps estimate-versus-invoice for calibration.
 */
import { InputError } from "~/lib/http/input-error";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import {
  claimEvents,
  claims,
  findings,
  repairConfirmations,
  repairQuotes,
  reportRevisions,
  reports,
  vehicles,
} from "~/db/schema";
import { accuracySummary } from "~/domain/repairs/accuracy";
import { formatCents } from "~/domain/money";
import { hashToken, isTokenShaped, newToken } from "~/lib/auth/tokens.server";
import { queueEmail } from "~/lib/email/outbox.server";
import { getReport } from "~/lib/estimates/reports.server";
import { getRevision, latestFinalRevision } from "~/lib/estimates/revisions.server";
import { estimateLabel } from "~/lib/estimates/final-estimates.server";
import { createShareLink } from "~/lib/estimates/shares.server";
import { pageOf, type Page, type ListPageRequest } from "~/lib/paging/paging";
import { afterTime, timeCursor } from "~/lib/paging/time-keyset.server";
import { getVehicle, vehicleTitle } from "~/lib/vehicles/vehicles.server";
import { db } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";
import type { Role } from "~/db/schema";

export interface RepairActor {
  accountId: string;
  userId: string;
  role: Role;
}

/** The estimate's newest final revision, which quotes and invoices are compared with. */
function finalRevision(accountId: string, reportId: string) {
  const report = getReport(accountId, reportId);
  if (!report)
    throw new InputError("No estimate with that id in this account.", {
      field: "reportId",
      status: 404,
    });
  const number = latestFinalRevision(report.id);
  const revision = number === null ? undefined : getRevision(report.id, number);
  if (!revision)
    throw new InputError("Finalize the estimate first.", { field: "reportId", status: 409 });
  return { report, revision };
}

const QUOTE_LINK_DAYS = 30;

/** Emails the shop: the estimate to look at, and the link to answer with its quote. */
export function requestQuote(
  actor: RepairActor,
  input: { reportId: string; shopName: string; shopEmail: string; businessName: string },
) {
  const { report, revision } = finalRevision(actor.accountId, input.reportId);
  const vehicle = getVehicle(actor.accountId, report.vehicleId);
  const share = createShareLink(actor.accountId, actor.userId, report.id, QUOTE_LINK_DAYS);
  const { token, tokenHash } = newToken();
  const quote = db()
    .insert(repairQuotes)
    .values({
      id: crypto.randomUUID(),
      accountId: actor.accountId,
      reportId: report.id,
      reportRevision: revision.number,
      shopName: input.shopName,
      shopEmail: input.shopEmail,
      tokenHash,
      status: "requested",
      source: "shop",
      createdByUserId: actor.userId,
      requestedAt: new Date(),
    })
    .returning()
    .get();
  const origin = env().PUBLIC_URL;
  const car = vehicle ? vehicleTitle(vehicle) : "a car";
  queueEmail({
    // Speaks for the host to a shop outside the account: a second request is never sent.
    duplicate: "harmful",
    to: input.shopEmail,
    subject: `Repair quote request: ${car}, from ${input.businessName}`,
    text: [
      `Hello ${input.shopName},`,
      "",
      `${input.businessName} asks for your quote to repair ${car}. The damage, photos and a line-by-line estimate (${formatCents(revision.totalCents)}, for reference) are here, with a PDF:`,
      `${origin}/share/${share.token}`,
      "",
      `Enter your quote (amount, working days and any remarks) here; no account needed:`,
      `${origin}/repair-quote/${token}`,
      "",
      `Both links work for ${QUOTE_LINK_DAYS} days.`,
    ].join("\n"),
  });
  return quote;
}

export interface QuoteAnswer {
  amountCents: number;
  days: number | null;
  details: string | null;
}

/** The quote a shop's link answers, if the token is one (a used link can correct its answer). */
export function quoteByToken(token: string) {
  if (!isTokenShaped(token)) return undefined;
  const quote = db()
    .select()
    .from(repairQuotes)
    .where(eq(repairQuotes.tokenHash, hashToken(token)))
    .get();
  if (!quote) return undefined;
  if (quote.requestedAt.getTime() + QUOTE_LINK_DAYS * 86_400_000 < Date.now()) return undefined;
  return quote;
}

export function answerQuote(token: string, answer: QuoteAnswer) {
  const quote = quoteByToken(token);
  if (!quote) return undefined;
  return db()
    .update(repairQuotes)
    .set({ ...answer, status: "received", receivedAt: new Date() })
    .where(eq(repairQuotes.id, quote.id))
    .returning()
    .get();
}

/** A quote the host got another way (phone, paper), entered by hand. */
export function recordQuote(
  actor: RepairActor,
  input: { reportId: string; shopName: string } & QuoteAnswer,
) {
  const { report, revision } = finalRevision(actor.accountId, input.reportId);
  const now = new Date();
  return db()
    .insert(repairQuotes)
    .values({
      id: crypto.randomUUID(),
      accountId: actor.accountId,
      reportId: report.id,
      reportRevision: revision.number,
      shopName: input.shopName,
      status: "received",
      amountCents: input.amountCents,
      days: input.days,
      details: input.details,
      source: "host",
      createdByUserId: actor.userId,
      requestedAt: now,
      receivedAt: now,
    })
    .returning()
    .get();
}

/**
 * One page of the account's quotes, the latest asked first, each with the total of the revision
 * the shop was shown and that estimate's name.
 */
export function quotePage(accountId: string, page: ListPageRequest) {
  const rows = db()
    .select({ quote: repairQuotes, estimateCents: reportRevisions.totalCents, vehicle: vehicles })
    .from(repairQuotes)
    .innerJoin(
      reportRevisions,
      and(
        eq(reportRevisions.reportId, repairQuotes.reportId),
        eq(reportRevisions.number, repairQuotes.reportRevision),
      ),
    )
    .innerJoin(reports, eq(reports.id, repairQuotes.reportId))
    .leftJoin(vehicles, eq(vehicles.id, reports.vehicleId))
    .where(
      and(
        eq(repairQuotes.accountId, accountId),
        afterTime(repairQuotes.requestedAt, repairQuotes.id, timeCursor(page.cursor), "desc"),
      ),
    )
    .orderBy(desc(repairQuotes.requestedAt), desc(repairQuotes.id))
    .limit(page.limit + 1)
    .all()
    .map(({ quote, estimateCents, vehicle }) => ({
      quote,
      estimateCents,
      estimate: estimateLabel(vehicle, quote.reportRevision, estimateCents),
    }));
  return pageOf(rows, page.limit, ({ quote }) => ({
    key: quote.requestedAt.getTime(),
    id: quote.id,
  }));
}

export function quoteCount(accountId: string): number {
  return (
    db()
      .select({ count: count() })
      .from(repairQuotes)
      .where(eq(repairQuotes.accountId, accountId))
      .get()?.count ?? 0
  );
}

/** The quotes shops sent for one estimate, the latest asked first. */
export function receivedQuotesFor(accountId: string, reportId: string) {
  return db()
    .select()
    .from(repairQuotes)
    .where(
      and(
        eq(repairQuotes.accountId, accountId),
        eq(repairQuotes.reportId, reportId),
        eq(repairQuotes.status, "received"),
      ),
    )
    .orderBy(desc(repairQuotes.requestedAt))
    .all();
}

export interface NewConfirmation {
  reportId: string;
  invoiceCents: number;
  repairedOn: string;
  shopName: string | null;
}

/**
 * Records the repair: the confirmation (with the revision's estimate frozen beside the invoice),
 * the estimate's new damage marked repaired on that day, and each claim made from the estimate
 * updated — a draft claims the invoice; a filed one gets the invoice in its history.
 */
export function confirmRepair(actor: RepairActor, input: NewConfirmation) {
  const { report, revision } = finalRevision(actor.accountId, input.reportId);
  const repairedAt = new Date(`${input.repairedOn}T12:00:00Z`);
  return db().transaction((tx) => {
    const confirmation = tx
      .insert(repairConfirmations)
      .values({
        id: crypto.randomUUID(),
        accountId: actor.accountId,
        reportId: report.id,
        reportRevision: revision.number,
        estimateCents: revision.totalCents,
        estimateLowCents: revision.lowCents,
        estimateHighCents: revision.highCents,
        invoiceCents: input.invoiceCents,
        repairedOn: input.repairedOn,
        shopName: input.shopName,
        createdByUserId: actor.userId,
      })
      .returning()
      .get();
    tx.update(findings)
      .set({ repairedAt })
      .where(
        and(
          eq(findings.accountId, actor.accountId),
          eq(findings.reportId, report.id),
          eq(findings.preExisting, false),
          isNull(findings.repairedAt),
        ),
      )
      .run();
    const note = `Repair invoice ${formatCents(input.invoiceCents)}${input.shopName ? ` from ${input.shopName}` : ""}, finished ${input.repairedOn} (estimate ${formatCents(revision.totalCents)}).`;
    const related = tx
      .select()
      .from(claims)
      .where(and(eq(claims.accountId, actor.accountId), eq(claims.reportId, report.id)))
      .all();
    for (const claim of related) {
      const draft = claim.status === "draft";
      if (draft) {
        tx.update(claims)
          .set({ claimedCents: input.invoiceCents, updatedAt: new Date() })
          .where(eq(claims.id, claim.id))
          .run();
      }
      tx.insert(claimEvents)
        .values({
          claimId: claim.id,
          accountId: actor.accountId,
          status: claim.status,
          fromStatus: claim.status,
          claimedCents: draft ? input.invoiceCents : null,
          note: draft ? `${note} The claim now asks for the invoice.` : note,
          byUserId: actor.userId,
          byRole: actor.role,
          at: new Date(),
        })
        .run();
    }
    return confirmation;
  });
}

type ConfirmationRow = typeof repairConfirmations.$inferSelect;

/** One page of the account's confirmed repairs, the latest confirmed first, each with its estimate's name. */
export function confirmationPage(
  accountId: string,
  page: ListPageRequest,
): Page<ConfirmationRow & { estimate: string }> {
  const rows = db()
    .select({ confirmation: repairConfirmations, vehicle: vehicles })
    .from(repairConfirmations)
    .innerJoin(reports, eq(reports.id, repairConfirmations.reportId))
    .leftJoin(vehicles, eq(vehicles.id, reports.vehicleId))
    .where(
      and(
        eq(repairConfirmations.accountId, accountId),
        afterTime(
          repairConfirmations.createdAt,
          repairConfirmations.id,
          timeCursor(page.cursor),
          "desc",
        ),
      ),
    )
    .orderBy(desc(repairConfirmations.createdAt), desc(repairConfirmations.id))
    .limit(page.limit + 1)
    .all()
    .map(({ confirmation, vehicle }) => ({
      ...confirmation,
      estimate: estimateLabel(vehicle, confirmation.reportRevision, confirmation.estimateCents),
    }));
  return pageOf(rows, page.limit, (row) => ({ key: row.createdAt.getTime(), id: row.id }));
}

/** The repairs confirmed for one estimate, the latest confirmed first. */
export function confirmationsFor(accountId: string, reportId: string) {
  return db()
    .select()
    .from(repairConfirmations)
    .where(
      and(eq(repairConfirmations.accountId, accountId), eq(repairConfirmations.reportId, reportId)),
    )
    .orderBy(desc(repairConfirmations.createdAt))
    .all();
}

/** How close the account's estimates came to its invoices, over every confirmed repair. */
export function repairAccuracy(accountId: string) {
  return accuracySummary(
    db()
      .select({
        estimateCents: repairConfirmations.estimateCents,
        estimateLowCents: repairConfirmations.estimateLowCents,
        estimateHighCents: repairConfirmations.estimateHighCents,
        invoiceCents: repairConfirmations.invoiceCents,
      })
      .from(repairConfirmations)
      .where(eq(repairConfirmations.accountId, accountId))
      .all(),
  );
}

export function confirmationJson(row: ConfirmationRow) {
  return {
    id: row.id,
    reportId: row.reportId,
    reportRevision: row.reportRevision,
    estimateCents: row.estimateCents,
    estimateLowCents: row.estimateLowCents,
    estimateHighCents: row.estimateHighCents,
    invoiceCents: row.invoiceCents,
    repairedOn: row.repairedOn,
    shopName: row.shopName,
    createdAt: row.createdAt.toISOString(),
  };
}
