/**
 * AI drafts of replies to guests, through the OpenAI-compatible text provider. The model gets
 * the guest's unanswered messages and the host's knowledge entries (never the key steps before
 * the trip starts), writes in the host's voice and signs with their name, and says which entries
 * it used. Whatever it writes then goes through the draft guard before anyone sees it.
 */
import { z } from "zod";
import {
  KNOWLEDGE_TOPIC_INFO,
  KNOWLEDGE_TOPICS,
  type KnowledgeTopic,
} from "~/domain/inbox/knowledge";
import { marketplace } from "~/config/marketplace";
import {
  requestJsonAnswer,
  textAiConfigFromEnv,
  TextDraftError,
  type TextAiConfig,
} from "~/lib/ai/text.server";

export interface ReplyRequest {
  guestName: string | null;
  /** The guest's messages since the host last wrote, oldest first. */
  messages: readonly string[];
  entries: readonly { topic: KnowledgeTopic; text: string }[];
  /** The topics the guest's words point at (a hint; the model may find others). */
  askedAbout: readonly KnowledgeTopic[];
  signature: string | null;
}

export interface ReplyDraft {
  text: string;
  usedKnowledge: KnowledgeTopic[];
}

export interface ReplyDrafter {
  draftReply(request: ReplyRequest, signal?: AbortSignal): Promise<ReplyDraft>;
}

const Answer = z.object({
  draft: z.string().trim().max(8_000),
  usedKnowledge: z.array(z.enum(KNOWLEDGE_TOPICS)).max(KNOWLEDGE_TOPICS.length),
});

const SYSTEM = `You draft replies from a car-sharing host to their guest, to be sent in ${marketplace.name}'s messages by a person.
Write in the host's voice: warm, brief, plain words. Answer in the language the guest wrote in.
Use ONLY facts from the host's knowledge entries; if they don't answer something, say the host will follow up. Never invent times, prices, fees or promises.
Never give lock, lockbox, door or key codes. Never offer discounts, refunds or credits, never agree to trip changes or cancellations, and never share phone numbers, emails, links or ways to pay outside ${marketplace.name}.
Sign with the signature given, if any.
Answer as JSON: "draft" (the message) and "usedKnowledge" (the topics of the entries you used; an empty list if none answered the guest).`;

export function replyPrompt(request: ReplyRequest): { system: string; user: string } {
  const entries = request.entries.map(
    (entry) => `[${entry.topic}] ${KNOWLEDGE_TOPIC_INFO[entry.topic].label}: ${entry.text.trim()}`,
  );
  return {
    system: SYSTEM,
    user: [
      `GUEST: ${request.guestName ?? "the guest"}`,
      `SIGNATURE: ${request.signature ?? "(none)"}`,
      `ASKED ABOUT: ${request.askedAbout.join(", ") || "(no topic recognized)"}`,
      "MESSAGES:",
      ...request.messages,
      "KNOWLEDGE ENTRIES:",
      ...(entries.length ? entries : ["(none)"]),
    ].join("\n"),
  };
}

export function createReplyDrafter(config: TextAiConfig): ReplyDrafter {
  return {
    async draftReply(request, signal) {
      const parsed = await requestJsonAnswer(
        config,
        replyPrompt(request),
        {
          name: "guest_reply",
          schema: {
            type: "object",
            properties: {
              draft: { type: "string" },
              usedKnowledge: { type: "array", items: { type: "string", enum: KNOWLEDGE_TOPICS } },
            },
            required: ["draft", "usedKnowledge"],
            additionalProperties: false,
          },
        },
        signal,
      );
      const answer = Answer.safeParse(parsed);
      if (!answer.success) throw new TextDraftError("The AI's answer couldn't be read.");
      return { text: answer.data.draft, usedKnowledge: [...new Set(answer.data.usedKnowledge)] };
    },
  };
}

/** The configured AI drafter, or null without AI (drafts then come from templates). */
export function replyDrafterFromEnv(): ReplyDrafter | null {
  const config = textAiConfigFromEnv();
  return config ? createReplyDrafter(config) : null;
}
