/**
 * The forms of /concierge-dashboard, one zod schema each (ADR 0013): the item buttons, the
 * owner's VA permissions, the shift's start and end, and the onboarding profile.
 */
import { z } from "zod";
import { conciergeRegisterSchema } from "~/lib/auth/schemas";
import type { FormReply } from "~/lib/http/form";
import { intentSchema } from "~/lib/http/intent";

export const CONCIERGE_INTENTS = [
  "take",
  "done",
  "for-owner",
  "reopen",
  "permissions",
  "start-shift",
  "end-shift",
  "onboarding-profile",
] as const;
export type ConciergeIntent = (typeof CONCIERGE_INTENTS)[number];

/** Each form of the queue posts its intent; anything else is refused. */
export const conciergeIntentSchema = intentSchema(CONCIERGE_INTENTS, {
  message: "Unknown action.",
});

export type ConciergeReply = FormReply<ConciergeIntent>;

/** Take, done, pass to owner, reopen: which item. */
export const itemSchema = z.object({
  itemId: z
    .string({ error: "Choose an item." })
    .trim()
    .min(1, "Choose an item.")
    .max(64, "Choose an item."),
});

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

export const permissionsSchema = z.object({
  userId: z.string({ error: "Choose a VA." }).trim().min(1, "Choose a VA.").max(64),
  reimbursementLimit: z
    .string({ error: "Enter a dollar amount (0 means always ask you)." })
    .trim()
    .regex(/^\d{1,5}(?:\.\d{1,2})?$/, "Enter a dollar amount from 0 to 99,999.")
    .transform((value) => Math.round(Number(value) * 100)),
  sendReplies: checkbox,
  tripChanges: checkbox,
});

export const startShiftSchema = z.object({});

export const endShiftSchema = z.object({
  handoverNote: z
    .string({ error: "Write a handover note for the next person on shift." })
    .trim()
    .min(1, "Write a handover note for the next person on shift.")
    .max(2000, "Keep the handover note under 2,000 characters."),
});

export const onboardingProfileSchema = conciergeRegisterSchema.pick({
  conciergeFleetSize: true,
  marketplaceProfile: true,
});
