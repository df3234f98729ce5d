/**
 * The account's home state, asked before its first estimate: labor rates and sales tax depend on
 * it. Answering "the US national average" counts as an answer too (a settings row with no state),
 * so the question is asked once; the host can change it on the shop-rates page.
 */
import { eq } from "drizzle-orm";
import { rateSettings } from "~/db/schema";
import { isUsStateCode } from "~/domain/estimate/rate-card";
import { z } from "zod";
import { postedFields, postedString, postedText } from "~/lib/http/intent";
import { db } from "~/lib/runtime/db.server";

export function needsHomeState(accountId: string): boolean {
  const row = db()
    .select({ accountId: rateSettings.accountId })
    .from(rateSettings)
    .where(eq(rateSettings.accountId, accountId))
    .get();
  return row === undefined;
}

/** The home-state form: its state select, or the national-average button (`national=1`). */
const homeStateSchema = z.object({ state: postedString, national: postedText });

export const HOME_STATE_MESSAGE = "Choose your state from the list, or the US national average.";

/**
 * The posted answer: a state code, null for the national average (its own button, or "US"), or
 * undefined when neither was given properly (refused with HOME_STATE_MESSAGE).
 */
export function parseHomeState(form: FormData): string | null | undefined {
  const posted = postedFields(form, homeStateSchema);
  if (posted.national === "1") return null;
  const code = posted.state.trim().toUpperCase();
  if (code === "US") return null;
  return isUsStateCode(code) ? code : undefined;
}

/** Sets the home state, keeping any shop rates already saved. */
export function saveHomeState(accountId: string, state: string | null): void {
  const now = new Date();
  db()
    .insert(rateSettings)
    .values({ accountId, state, updatedAt: now })
    .onConflictDoUpdate({ target: rateSettings.accountId, set: { state, updatedAt: now } })
    .run();
}
