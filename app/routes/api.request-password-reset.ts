import type { Route } from "./+types/api.request-password-reset";
import { resetRequestSchema } from "~/lib/auth/schemas";
import { requestPasswordReset } from "~/lib/auth/service.server";
import { jsonError, methodNotAllowed, readJsonObject } from "~/lib/http/json";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import { RESET_SENT } from "~/routes/reset-password";

/** POST /api/request-password-reset: { email }; the same answer whether or not it has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (!checkRateLimit(clientIp(context), "reset").allowed) {
    return jsonError(429, RATE_LIMIT_MESSAGE);
  }
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = resetRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Enter a valid email address.";
    return jsonError(400, message);
  }
  requestPasswordReset(parsed.data.email);
  return Response.json({ message: RESET_SENT.description });
}

export const loader = () => methodNotAllowed("POST");
