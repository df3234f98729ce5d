import { eq } from "drizzle-orm";
import { accounts } from "../../../db/schema";
import type { MeasurementUnits } from "~/domain/units";
import { db } from "../runtime/db.server";

/** How an account wants its pages, reports and PDFs written. */
export interface AccountPreferences {
  businessName: string | null;
  logoKey: string | null;
  /** IANA zone; null until the host (or their browser) set one. */
  timeZone: string | null;
  units: MeasurementUnits;
}

export function accountPreferences(accountId: string): AccountPreferences {
  const row = db()
    .select({
      businessName: accounts.businessName,
      logoKey: accounts.logoKey,
      timeZone: accounts.timeZone,
      units: accounts.units,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .get();
  return row ?? { businessName: null, logoKey: null, timeZone: null, units: "us" };
}
