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

export interface TextAiConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

/** A strict JSON schema the answer must follow (OpenAI's `response_format.json_schema`). */
export interface AnswerSchema {
  name: string;
  schema: Record<string, unknown>;
}

const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/**
 * One chat completion whose answer is JSON under `answerSchema`, parsed but not yet validated
 * (the caller checks it with its own zod schema). Any failure is a `TextDraftError`.
 */
export async function requestJsonAnswer(
  config: TextAiConfig,
  { system, user }: { system: string; user: string },
  answerSchema: AnswerSchema,
  signal?: AbortSignal,
): Promise<unknown> {
  const endpoint = chatCompletionsUrl(config.baseUrl);
  const timeout = AbortSignal.timeout(config.timeoutMs);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...authHeaders(endpoint, config.apiKey) },
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
          json_schema: { name: answerSchema.name, strict: true, schema: answerSchema.schema },
        },
      }),
    });
  } catch {
    throw new TextDraftError("The AI server couldn't be reached.");
  }
  if (!response.ok) throw new TextDraftError(`The AI server answered ${response.status}.`);
  const completion = Completion.safeParse(await response.json().catch(() => null));
  const content = completion.success ? completion.data.choices[0]!.message.content : null;
  try {
    return content ? JSON.parse(content) : null;
  } catch {
    throw new TextDraftError("The AI's answer couldn't be read.");
  }
}

const Answer = z.object({ draft: z.string().trim().min(1).max(8_000) });

export function createTextDrafter(config: TextAiConfig): TextDrafter {
  return {
    async draft(messages, signal) {
      const parsed = await requestJsonAnswer(
        config,
        messages,
        {
          name: "claim_draft",
          schema: {
            type: "object",
            properties: { draft: { type: "string" } },
            required: ["draft"],
            additionalProperties: false,
          },
        },
        signal,
      );
      const answer = Answer.safeParse(parsed);
      if (!answer.success) throw new TextDraftError("The AI's answer couldn't be read.");
      return answer.data.draft;
    },
  };
}

/** The text AI settings, or null when AI_BASE_URL is unset (templates write the drafts). */
export function textAiConfigFromEnv(): TextAiConfig | null {
  const { AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS } = env();
  return AI_BASE_URL
    ? { baseUrl: AI_BASE_URL, apiKey: AI_API_KEY, model: AI_MODEL, timeoutMs: AI_TIMEOUT_MS }
    : null;
}

/** The configured drafter, or null when AI_BASE_URL is unset (templates write the drafts). */
export function textDrafterFromEnv(): TextDrafter | null {
  const config = textAiConfigFromEnv();
  return config ? createTextDrafter(config) : null;
}
