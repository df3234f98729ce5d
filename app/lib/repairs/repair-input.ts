/** The one validation of quotes and repair confirmations, from forms (dollars) and the API (cents). */
import { z } from "zod";
import { parseMoneyToCents } from "~/domain/money";
import { isRealDate, parseIsoDate } from "~/domain/zoned-time";
import { emailField } from "~/lib/auth/schemas";

const dollars = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(20)
    .transform((value, context) => {
      const cents = parseMoneyToCents(value);
      if (cents === null || cents <= 0 || cents > 100_000_000) {
        context.addIssue({
          code: "custom",
          message: `Enter the ${label} in dollars, e.g. 1,250.00.`,
        });
        return z.NEVER;
      }
      return cents;
    });

const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .nullable()
    .transform((value) => value || null);

const day = z.string({ error: "Enter the day the repair was finished." }).refine((value) => {
  const date = parseIsoDate(value);
  return date !== null && isRealDate(date) && date.year >= 2015 && date.year <= 2100;
}, "Enter the day the repair was finished.");

const reportId = z
  .string({ error: "Choose the estimate." })
  .trim()
  .min(1, "Choose the estimate.")
  .max(100);
const shopName = z
  .string({ error: "Enter the shop's name." })
  .trim()
  .min(1, "Enter the shop's name.")
  .max(120);
const days = z
  .union([z.string(), z.number()])
  .optional()
  .nullable()
  .transform((value, context) => {
    if (value === undefined || value === null || value === "") return null;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 0 || number > 365) {
      context.addIssue({ code: "custom", message: "Enter whole working days, 0 to 365." });
      return z.NEVER;
    }
    return number;
  });

export const requestQuoteSchema = z.object({ reportId, shopName, shopEmail: emailField });

/** What the shop enters through its link. */
export const shopQuoteSchema = z.object({
  amount: dollars("quote amount"),
  days,
  details: text(4_000, "Keep the remarks under 4,000 characters."),
});

export const recordQuoteSchema = z.object({
  reportId,
  shopName,
  amount: dollars("quote amount"),
  days,
  details: text(4_000, "Keep the remarks under 4,000 characters."),
});

export const confirmRepairSchema = z.object({
  reportId,
  invoice: dollars("invoice amount"),
  repairedOn: day,
  shopName: text(120, "Keep the shop's name under 120 characters."),
});

export const confirmRepairApiSchema = z.object({
  reportId,
  invoiceCents: z
    .number({ error: "Send invoiceCents as whole cents." })
    .int()
    .min(1)
    .max(100_000_000),
  repairedOn: day,
  shopName: text(120, "Keep the shop's name under 120 characters."),
});
