/** The guest inbox's forms (ADR 0013): a conversation pasted by hand. */
import { z } from "zod";

/** Browsers post a textarea's line breaks as CRLF; messages keep plain newlines. */
const newlines = (text: string) => text.replace(/\r\n?/g, "\n");

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
    .max(MAX_PASTED_MESSAGE_CHARS, "Paste at most 4,000 characters.")
    .transform(newlines),
});

export const MAX_KNOWLEDGE_CHARS = 1_000;

/** "Mark as sent": what the person sent in the marketplace, and the draft it was made from. */
export const markSentSchema = z.object({
  text: z
    .string({ error: "Enter the reply you sent." })
    .trim()
    .min(1, "Enter the reply you sent.")
    .max(MAX_PASTED_MESSAGE_CHARS, "Keep the reply under 4,000 characters.")
    .transform(newlines),
  draftId: z.string().uuid().optional(),
  /** The form showed the guest's open questions ("Needs you")… */
  questionsShown: z.literal("1").optional(),
  /** …and the person kept them open (the reply held them, it didn't answer them). */
  keepOpen: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
});

/** "Mark resolved" on "Needs you": nothing to fill in, the intent says it all. */
export const NOTHING_OPEN = "Nothing here needs you any more.";

export const NOTHING_TO_ANSWER = "The guest has no unanswered message to draft a reply to.";
export const NO_KNOWLEDGE_ANSWERS =
  "Nothing in your knowledge base answers this message: write the reply yourself, or add the answer to your knowledge base.";

/** The host's own holding reply; empty goes back to the default. */
export const holdingReplySchema = z.object({
  holdingReply: z
    .string()
    .trim()
    .max(600, "Keep the holding reply under 600 characters.")
    .transform(newlines)
    .optional(),
});
