import { and, eq, isNull } from "drizzle-orm";
import { accounts } from "~/db/schema";
import { DEFAULT_REMINDER_LEADS, parseLeadHours } from "~/domain/claims/reminder-leads";
import type { MeasurementUnits } from "~/domain/units";
import { db } from "~/lib/runtime/db.server";

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

export interface BusinessSettings {
  businessName: string | null;
  timeZone: string;
  units: MeasurementUnits;
}

export function saveBusinessSettings(accountId: string, settings: BusinessSettings): void {
  db().update(accounts).set(settings).where(eq(accounts.id, accountId)).run();
}

/** The browser's zone, taken only while the account has none (a choice is never overwritten). */
export function setDetectedTimeZone(accountId: string, timeZone: string): boolean {
  const result = db()
    .update(accounts)
    .set({ timeZone })
    .where(and(eq(accounts.id, accountId), isNull(accounts.timeZone)))
    .run();
  return result.changes > 0;
}

/** The owner's claim reminder settings: lead hours (largest first) and the morning digest. */
export function accountReminderSettings(accountId: string): {
  leadHours: number[];
  dailyDigest: boolean;
} {
  const row = db()
    .select({ leadHours: accounts.reminderLeadHours, dailyDigest: accounts.dailyDigest })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .get();
  if (!row) return { leadHours: DEFAULT_REMINDER_LEADS, dailyDigest: true };
  return { leadHours: parseLeadHours(row.leadHours), dailyDigest: row.dailyDigest };
}

/** The owner's reminder settings. */
export function saveReminderSettings(
  accountId: string,
  settings: { leadHours: number[]; dailyDigest: boolean },
) {
  db()
    .update(accounts)
    .set({
      reminderLeadHours: JSON.stringify(settings.leadHours),
      dailyDigest: settings.dailyDigest,
    })
    .where(eq(accounts.id, accountId))
    .run();
}
