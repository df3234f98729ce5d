import type { Route } from "./+types/api.knowledge";
import { requireApiFeature } from "~/lib/billing/gates.server";
import { KNOWLEDGE_TOPICS, type KnowledgeTopic } from "~/domain/inbox/knowledge";
import { requireApiSession } from "~/lib/auth/guards.server";
import { getVehicle } from "~/lib/vehicles/vehicles.server";
import { jsonError, methodNotAllowed, readJsonObject, privateJson } from "~/lib/http/json";
import { MAX_KNOWLEDGE_CHARS } from "~/lib/inbox/inbox-forms";
import { knowledgeBase, saveKnowledge } from "~/lib/inbox/knowledge.server";

const UNKNOWN_CAR = "vehicleId must be one of this account's cars.";

/**
 * GET /api/knowledge[?vehicleId=]: every topic with the account's answer (or a car's own, with
 * the account's as `accountText`), version and last confirmation.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const vehicleId = new URL(request.url).searchParams.get("vehicleId");
  if (vehicleId && !getVehicle(session.accountId, vehicleId)) return jsonError(400, UNKNOWN_CAR);
  return privateJson({
    vehicleId: vehicleId || null,
    entries: knowledgeBase(session.accountId, vehicleId || null),
  });
}

/**
 * PUT /api/knowledge { topic, text, vehicleId? }: saves and confirms one answer, the account's
 * or a car's own; an empty text removes it.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const session = await requireApiSession(request);
  requireApiFeature(session, "inbox");
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const {
    topic,
    text,
    vehicleId = null,
  } = body.value as {
    topic?: unknown;
    text?: unknown;
    vehicleId?: unknown;
  };
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
  if (
    vehicleId !== null &&
    (typeof vehicleId !== "string" || !getVehicle(session.accountId, vehicleId))
  ) {
    return jsonError(400, UNKNOWN_CAR, { fieldErrors: { vehicleId: UNKNOWN_CAR } });
  }
  saveKnowledge(session.accountId, topic as KnowledgeTopic, text.trim(), vehicleId);
  return Response.json({ vehicleId, entries: knowledgeBase(session.accountId, vehicleId) });
}
