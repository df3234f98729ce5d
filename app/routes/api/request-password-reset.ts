import type { Route } from "./+types/request-password-reset";
import { resetRequestSchema } from "~/lib/auth/schemas";
import { requestPasswordReset } from "~/lib/auth/service.server";
import { methodNotAllowed, readJsonObject } from "~/lib/json.server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/rate-limit.server";
import { clientIp } from "~/lib/request.server";
import { RESET_SENT } from "~/routes/reset-password";

/** POST /api/request-password-reset: { email }; the same answer whether or not it has an account. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (!checkRateLimit(clientIp(context), "reset").allowed) {
    return Response.json(
      { message: RATE_LIMIT_MESSAGE, error: RATE_LIMIT_MESSAGE },
      { status: 429 },
    );
  }
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = resetRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Enter a valid email address.";
    return Response.json({ message, error: message }, { status: 400 });
  }
  requestPasswordReset(parsed.data.email);
  return Response.json({ message: RESET_SENT.description });
}

export const loader = () => methodNotAllowed("POST");
