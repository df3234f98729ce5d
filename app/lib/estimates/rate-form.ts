/**
 * The shop-rates form (/dashboard/rates): a home state (blank = the national average) and any of
 * the shop's own rates as typed, blank keeping the default. The server reads the amounts and
 * checks their ranges (`parseRateForm`), so its messages arrive with the reply.
 */
import { z } from "zod";
import { RATE_FIELDS, type RateField } from "~/domain/estimate/rate-card";

const rateText = z.string().max(20).optional();

export const rateFormSchema = z.object({
  state: z.string().optional(),
  ...(Object.fromEntries(RATE_FIELDS.map((field) => [field, rateText])) as Record<
    RateField,
    typeof rateText
  >),
});
