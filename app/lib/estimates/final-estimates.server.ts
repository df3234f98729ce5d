import { and, desc, eq, max } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { reportRevisions, reports, vehicles } from "~/db/schema";
import { formatCents } from "~/domain/money";
import { db } from "~/lib/runtime/db.server";
import { vehicleLabel, type VehicleRow } from "~/lib/vehicles/vehicles.server";

/** How many estimates a select offers: the newest, as a claim or a repair is for a recent one. */
export const ESTIMATE_CHOICES = 200;

/**
 * The account's newest estimates with a final revision (each at its latest final revision),
 * labeled for a select. One query, whatever the number of reports.
 */
export function finalizedEstimates(accountId: string, limit = ESTIMATE_CHOICES) {
  const other = alias(reportRevisions, "other_revision");
  const latestNumber = db()
    .select({ number: max(other.number) })
    .from(other)
    .where(eq(other.reportId, reports.id));
  return db()
    .select({
      id: reports.id,
      vehicleId: reports.vehicleId,
      revision: reportRevisions.number,
      totalCents: reportRevisions.totalCents,
      vehicle: vehicles,
    })
    .from(reports)
    .innerJoin(
      reportRevisions,
      and(eq(reportRevisions.reportId, reports.id), eq(reportRevisions.number, latestNumber)),
    )
    .leftJoin(vehicles, eq(vehicles.id, reports.vehicleId))
    .where(eq(reports.accountId, accountId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(limit)
    .all()
    .map(({ vehicle, ...estimate }) => ({
      ...estimate,
      label: estimateLabel(vehicle, estimate.revision, estimate.totalCents),
    }));
}

/** How an estimate is named in selects and lists: "Civic (2019 Honda Civic): revision 2, $1,234.00". */
export function estimateLabel(vehicle: VehicleRow | null, revision: number, totalCents: number) {
  return `${vehicle ? vehicleLabel(vehicle) : "Car"}: revision ${revision}, ${formatCents(totalCents)}`;
}
