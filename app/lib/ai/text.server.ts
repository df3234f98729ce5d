/**
 * Text drafts through the same OpenAI-compatible chat-completions server as photo analysis
 * (AI_BASE_URL, AI_API_KEY, AI_MODEL): a system and a user message in, one draft out, as JSON
 * under a strict schema. One attempt within the timeout; any failure is a `TextDraftError` and
 * the caller falls back to its template.
 */
import { z } from "zod";
import { env } from "~/lib/runtime/env.server";
import { authHeaders, chatCompletionsUrl } from "./openai-http.server";

export class TextDraftError extends Error {}

export interface TextDrafter {
  draft(messages: { system: string; user: string }, signal?: AbortSignal): Promise<string>;
}

const Answer = z.object({ draft: z.string().trim().min(1).max(8_000) });
const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export function createTextDrafter(config: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}): TextDrafter {
  const endpoint = chatCompletionsUrl(config.baseUrl);
  const headers = { "Content-Type": "application/json", ...authHeaders(endpoint, config.apiKey) };
  return {
    async draft({ system, user }, signal) {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          body: JSON.stringify({
            model: config.model,
            temperature: 0.2,
            messages: [
              { role: "system", content: system },
              { role: "user", content: user },
            ],
            response_format: {
              type: "json_schema",
              json_schema: {
                name: "claim_draft",
                strict: true,
                schema: {
                  type: "object",
                  properties: { draft: { type: "string" } },
                  required: ["draft"],
                  additionalProperties: false,
                },
              },
            },
          }),
        });
      } catch {
        throw new TextDraftError("The AI server couldn't be reached.");
      }
      if (!response.ok) throw new TextDraftError(`The AI server answered ${response.status}.`);
      const completion = Completion.safeParse(await response.json().catch(() => null));
      const content = completion.success ? completion.data.choices[0]!.message.content : null;
      let parsed: unknown = null;
      try {
        parsed = content ? JSON.parse(content) : null;
      } catch {
        parsed = null;
      }
      const answer = Answer.safeParse(parsed);
      if (!answer.success) throw new TextDraftError("The AI's answer couldn't be read.");
      return answer.data.draft;
    },
  };
}

/** The configured drafter, or null when AI_BASE_URL is unset (templates write the drafts). */
export function textDrafterFromEnv(): TextDrafter | null {
  const { AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS } = env();
  return AI_BASE_URL
    ? createTextDrafter({
        baseUrl: AI_BASE_URL,
        apiKey: AI_API_KEY,
        model: AI_MODEL,
        timeoutMs: AI_TIMEOUT_MS,
      })
    : null;
}
