import type { Route } from "./+types/api.resend-verification";
import { sendVerificationEmail } from "~/lib/auth/service.server";
import { getCurrentSession } from "~/lib/auth/session.server";
import { AUTHENTICATION_REQUIRED, jsonError, methodNotAllowed } from "~/lib/http/json";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";

/** POST /api/resend-verification (signed in). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await getCurrentSession(request);
  if (!session) return jsonError(401, AUTHENTICATION_REQUIRED);
  if (!checkRateLimit(clientIp(context), "verify").allowed) {
    return jsonError(429, RATE_LIMIT_MESSAGE);
  }
  if (session.user.emailVerified) {
    return jsonError(409, "Your email is already verified.");
  }
  const mail = sendVerificationEmail(session.user);
  if (!mail.sent) {
    return jsonError(429, mail.message, {
      headers: { "Retry-After": String(mail.retryAfterSeconds) },
    });
  }
  return Response.json({ message: "Verification Email Sent" });
}

export const loader = () => methodNotAllowed("POST");
