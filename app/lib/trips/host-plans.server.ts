/**
 * The host protection plan each vehicle was on over time. Account id first in every query.
 */
import { and, asc, eq } from "drizzle-orm";
import { vehicleHostPlans } from "~/db/schema";
import type { HostPlanId } from "~/domain/marketplace-rules";
import { db } from "~/lib/runtime/db.server";

export function hostPlanHistory(accountId: string, vehicleId: string) {
  return db()
    .select()
    .from(vehicleHostPlans)
    .where(
      and(eq(vehicleHostPlans.accountId, accountId), eq(vehicleHostPlans.vehicleId, vehicleId)),
    )
    .orderBy(asc(vehicleHostPlans.effectiveFrom))
    .all();
}

/** Sets the plan from a date on; a second plan on the same date replaces the first. */
export function setHostPlan(
  accountId: string,
  vehicleId: string,
  planId: HostPlanId,
  effectiveFrom: string,
) {
  db()
    .insert(vehicleHostPlans)
    .values({ accountId, vehicleId, planId, effectiveFrom })
    .onConflictDoUpdate({
      target: [vehicleHostPlans.vehicleId, vehicleHostPlans.effectiveFrom],
      set: { planId },
    })
    .run();
}

export function removeHostPlan(accountId: string, vehicleId: string, id: number): boolean {
  return (
    db()
      .delete(vehicleHostPlans)
      .where(
        and(
          eq(vehicleHostPlans.accountId, accountId),
          eq(vehicleHostPlans.vehicleId, vehicleId),
          eq(vehicleHostPlans.id, id),
        ),
      )
      .run().changes > 0
  );
}
