import type { Route } from "./+types/resend-verification";
import { sendVerificationEmail } from "~/lib/auth/service.server";
import { getCurrentSession } from "~/lib/auth/session.server";
import { methodNotAllowed } from "~/lib/json.server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/rate-limit.server";
import { clientIp } from "~/lib/request.server";

/** POST /api/resend-verification (signed in). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await getCurrentSession(request);
  if (!session) return Response.json({ message: "Authentication required" }, { status: 401 });
  if (!checkRateLimit(clientIp(context), "verify").allowed) {
    return Response.json(
      { message: RATE_LIMIT_MESSAGE, error: RATE_LIMIT_MESSAGE },
      { status: 429 },
    );
  }
  if (session.user.emailVerified) {
    return Response.json({ message: "Your email is already verified." }, { status: 409 });
  }
  const mail = sendVerificationEmail(session.user);
  if (!mail.sent) {
    return Response.json(
      { message: mail.message, error: mail.message },
      { status: 429, headers: { "Retry-After": String(mail.retryAfterSeconds) } },
    );
  }
  return Response.json({ message: "Verification Email Sent" });
}

export const loader = () => methodNotAllowed("POST");
