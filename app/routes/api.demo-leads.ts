import type { Route } from "./+types/api.demo-leads";
import { HONEYPOT_FIELD } from "~/lib/demo/demo-lead";
import { parseDemoLead, submitDemoLead } from "~/lib/demo/demo-lead.server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import { jsonError, methodNotAllowed, readJsonObject } from "~/lib/http/json";
import { readAttribution } from "~/lib/analytics/utm.server";

/** POST /api/demo-leads: JSON body of the demo form's step 2. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const limit = checkRateLimit(clientIp(context), "demo");
  if (!limit.allowed) {
    return jsonError(429, RATE_LIMIT_MESSAGE, {
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const body = read.value;
  const honeypot = body[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return jsonError(400, "Your request could not be submitted.");
  }
  const parsed = parseDemoLead(body);
  if (!parsed.ok) {
    const [field, message] = Object.entries(parsed.fieldErrors)[0] ?? ["form", "Invalid lead."];
    return jsonError(400, message ?? "Invalid lead.", { field, fieldErrors: parsed.fieldErrors });
  }
  const result = submitDemoLead(parsed.lead, {
    source: "api",
    attribution: await readAttribution(request),
  });
  if (!result.saved) {
    return jsonError(503, "Error saving demo lead", { redirectUrl: result.redirectUrl });
  }
  return Response.json({ ok: true, redirectUrl: result.redirectUrl }, { status: 201 });
}

export const loader = () => methodNotAllowed("POST");
