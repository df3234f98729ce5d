/** The guest inbox's forms (ADR 0013): a conversation pasted by hand. */
import { z } from "zod";

export const MAX_PASTED_MESSAGE_CHARS = 4_000;

export const pasteConversationSchema = z.object({
  guestName: z
    .string({ error: "Enter the guest's name." })
    .trim()
    .min(1, "Enter the guest's name.")
    .max(80, "Keep the name under 80 characters."),
  reservationId: z
    .string()
    .trim()
    .max(40, "Enter the reservation id as the marketplace shows it.")
    .regex(/^[\w-]*$/, "Enter the reservation id as the marketplace shows it.")
    .optional(),
  text: z
    .string({ error: "Paste the guest's message." })
    .trim()
    .min(1, "Paste the guest's message.")
    .max(MAX_PASTED_MESSAGE_CHARS, "Paste at most 4,000 characters."),
});
