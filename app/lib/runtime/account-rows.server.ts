import { and, eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** How a list of an account's rows of one kind (trips, reports) may be narrowed. */
export interface AccountListOptions {
  /** Only this car's rows. */
  vehicleId?: string;
  limit?: number;
}

/** The condition for the account's rows, and only one car's when `vehicleId` is given. */
export function ofAccountAndVehicle(
  table: { accountId: SQLiteColumn; vehicleId: SQLiteColumn },
  accountId: string,
  vehicleId: string | undefined,
) {
  return and(
    eq(table.accountId, accountId),
    vehicleId ? eq(table.vehicleId, vehicleId) : undefined,
  );
}
