import type { Route } from "./+types/api.knowledge";
import { KNOWLEDGE_TOPICS, type KnowledgeTopic } from "~/domain/inbox/knowledge";
import { requireApiSession } from "~/lib/auth/guards.server";
import { jsonError, methodNotAllowed, readJsonObject } from "~/lib/http/json";
import { MAX_KNOWLEDGE_CHARS } from "~/lib/inbox/inbox-forms";
import { knowledgeBase, saveKnowledge } from "~/lib/inbox/knowledge.server";

/** GET /api/knowledge: every topic with the account's answer, version and last confirmation. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  return Response.json(
    { entries: knowledgeBase(session.accountId) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** PUT /api/knowledge { topic, text }: saves and confirms one answer; an empty text removes it. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const session = await requireApiSession(request);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const { topic, text } = body.value as { topic?: unknown; text?: unknown };
  if (typeof topic !== "string" || !KNOWLEDGE_TOPICS.includes(topic as KnowledgeTopic)) {
    return jsonError(400, `topic must be one of: ${KNOWLEDGE_TOPICS.join(", ")}.`, {
      fieldErrors: { topic: "Choose one of the topics." },
    });
  }
  if (typeof text !== "string" || text.trim().length > MAX_KNOWLEDGE_CHARS) {
    return jsonError(400, "text must be a string of at most 1,000 characters.", {
      fieldErrors: { text: "Keep an answer under 1,000 characters." },
    });
  }
  saveKnowledge(session.accountId, topic as KnowledgeTopic, text.trim());
  return Response.json({ entries: knowledgeBase(session.accountId) });
}
