import type { Route } from "./+types/api.login";
import { loginSchema } from "~/lib/auth/schemas";
import { logIn } from "~/lib/auth/service.server";
import { toSessionUser } from "~/lib/auth/session.server";
import { userJson } from "~/lib/auth/user-json.server";
import { jsonError, methodNotAllowed, readJsonObject } from "~/lib/http/json";

const credentialsSchema = loginSchema.pick({ identifier: true, password: true });

/** POST /api/login: { identifier (or username / email), password } → the user; failure has `message` (and `error`). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const { identifier, username, email, password } = body.value;
  const parsed = credentialsSchema.safeParse({
    identifier: identifier ?? username ?? email,
    password,
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Enter your username or email and password.";
    return jsonError(400, message);
  }
  const result = await logIn(parsed.data, request, context);
  if (!result.ok) {
    return jsonError(result.status, result.message, {
      headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {},
    });
  }
  return Response.json(userJson(toSessionUser(result.value.user)), {
    headers: { "Set-Cookie": result.value.setCookie },
  });
}

export const loader = () => methodNotAllowed("POST");
