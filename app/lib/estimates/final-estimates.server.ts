import { formatCents } from "~/domain/money";
import { listReports } from "./reports.server";
import { finalRevisions } from "./revisions.server";
import { listVehicles, vehicleLabel } from "~/lib/vehicles/vehicles.server";

/** The account's estimates with a final revision, newest first, labeled for a select. */
export function finalizedEstimates(accountId: string) {
  const labels = new Map(
    listVehicles(accountId).map((vehicle) => [vehicle.id, vehicleLabel(vehicle)]),
  );
  return listReports(accountId)
    .map((report) => ({ report, final: finalRevisions(report.id).at(-1) }))
    .filter(
      (entry): entry is { report: typeof entry.report; final: NonNullable<typeof entry.final> } =>
        entry.final !== undefined,
    )
    .map(({ report, final }) => ({
      id: report.id,
      vehicleId: report.vehicleId,
      revision: final.number,
      totalCents: final.totalCents,
      label: `${labels.get(report.vehicleId) ?? "Car"}: revision ${final.number}, ${formatCents(final.totalCents)}`,
    }));
}
