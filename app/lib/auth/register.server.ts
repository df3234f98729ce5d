import type { AppLoadContext } from "react-router";
import { recordEvent } from "~/lib/analytics/server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import { readAttribution } from "~/lib/analytics/utm.server";
import { sendVerificationEmail, signIn } from "./service.server";
import { RegistrationError, registerUser, type NewUser } from "./users.server";

export type RegisterOutcome =
  | { ok: true; userId: string; setCookie: string }
  | { ok: false; status: number; error: string; field?: string };

/**
 * Registration shared by /auth, /join-concierge and the JSON API: creates the user and account,
 * attaches UTM attribution, sends the verification email and starts a session.
 */
export async function registerAndSignIn(
  input: Omit<NewUser, "attribution">,
  request: Request,
  context: AppLoadContext,
): Promise<RegisterOutcome> {
  if (!checkRateLimit(clientIp(context), "register").allowed) {
    return { ok: false, status: 429, error: RATE_LIMIT_MESSAGE };
  }
  try {
    const { userId } = await registerUser({
      ...input,
      attribution: await readAttribution(request),
    });
    // Refused only when the address had too many emails lately; the account page resends.
    sendVerificationEmail({
      id: userId,
      email: input.email.toLowerCase(),
      firstName: input.firstName,
    });
    recordEvent("user_registered", { method: input.concierge ? "concierge" : "password" }, userId);
    return { ok: true, userId, setCookie: await signIn(userId, request, context) };
  } catch (error) {
    if (error instanceof RegistrationError) {
      return {
        ok: false,
        status: error.field === "password" ? 400 : 409,
        error: error.message,
        field: error.field,
      };
    }
    throw error;
  }
}
