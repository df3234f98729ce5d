import type { Route } from "./+types/api.demo-leads";
import { HONEYPOT_FIELD } from "~/lib/demo-lead";
import { parseDemoLead, submitDemoLead } from "~/lib/demo-lead.server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/rate-limit.server";
import { clientIp } from "~/lib/request.server";
import { readAttribution } from "~/lib/utm.server";

const MAX_BODY_BYTES = 16 * 1024;

/** POST /api/demo-leads (spec §7): JSON body of the demo form's step 2. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json(
      { error: "Method not allowed" },
      { status: 405, headers: { Allow: "POST" } },
    );
  }
  const limit = checkRateLimit(clientIp(context), "form");
  if (!limit.allowed) {
    return Response.json(
      { error: RATE_LIMIT_MESSAGE },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  if (!request.headers.get("Content-Type")?.includes("application/json")) {
    return Response.json(
      { error: "Send the lead as JSON (Content-Type: application/json)." },
      { status: 415 },
    );
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) {
    return Response.json({ error: "Request body is too large." }, { status: 413 });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return Response.json({ error: "Request body is not valid JSON." }, { status: 400 });
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return Response.json({ error: "Request body must be a JSON object." }, { status: 400 });
  }
  const honeypot = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return Response.json({ error: "Your request could not be submitted." }, { status: 400 });
  }
  const parsed = parseDemoLead(body);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? ["form", "Invalid lead."];
    return Response.json(
      { error: message, field, fieldErrors: parsed.fieldErrors },
      { status: 400 },
    );
  }
  const result = submitDemoLead(parsed.lead, {
    source: "api",
    attribution: await readAttribution(request),
  });
  if (!result.saved) {
    return Response.json(
      { error: "Error saving demo lead", redirectUrl: result.redirectUrl },
      { status: 503 },
    );
  }
  return Response.json({ ok: true, redirectUrl: result.redirectUrl }, { status: 201 });
}

export function loader() {
  return Response.json(
    { error: "Method not allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
