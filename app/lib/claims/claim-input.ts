/**
 * The one validation of what a claim form or the JSON API sends: a new claim, or a change of
 * status (with the amounts an approval or a payment needs) and a note. Amounts arrive as cents
 * from the API and as dollars from forms.
 */
import { z } from "zod";
import { CLAIM_KINDS, CLAIM_STATUSES } from "~/domain/claims/claim";
import { parseMoneyToCents } from "~/domain/money";

const note = z
  .string()
  .trim()
  .max(2_000, "Keep the note under 2,000 characters.")
  .optional()
  .nullable()
  .transform((value) => value || null);

const cents = z
  .number()
  .int("Amounts are whole cents.")
  .min(0)
  .max(100_000_000)
  .optional()
  .nullable();

/** "$1,250.50" or "1250.5" → cents; empty → null. */
const dollars = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const parsed = parseMoneyToCents(value);
    if (parsed === null || parsed < 0 || parsed > 100_000_000) {
      context.addIssue({ code: "custom", message: "Enter an amount in dollars, e.g. 1,250.00." });
      return z.NEVER;
    }
    return parsed;
  });

const kind = z.enum(CLAIM_KINDS, { error: "Choose what the claim is for." });
const status = z.enum(CLAIM_STATUSES, { error: "Choose a status." });
const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);

export const newClaimApiSchema = z.object({
  tripId: id("Choose the trip."),
  kind,
  reportId: z.string().trim().max(100).optional().nullable(),
  claimedCents: cents,
  note,
});

export const claimChangeApiSchema = z.object({
  status: status.optional(),
  claimedCents: cents,
  approvedCents: cents,
  paidCents: cents,
  note,
});

export const newClaimFormSchema = z.object({
  tripId: id("Choose the trip."),
  kind,
  reportId: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => value || null),
  claimed: dollars,
  note,
});

export const claimChangeFormSchema = z.object({
  status: z.preprocess((value) => (value === "" ? undefined : value), status.optional()),
  claimed: dollars,
  approved: dollars,
  paid: dollars,
  note,
});
