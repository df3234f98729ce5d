import type { Route } from "./+types/api.register";
import { registerAndSignIn } from "~/lib/auth/register.server";
import { registerSchema } from "~/lib/auth/schemas";
import { userJsonById } from "~/lib/auth/user-json.server";
import { fieldErrorsOf } from "~/lib/http/form.server";
import { jsonError, methodNotAllowed, readJsonObject } from "~/lib/http/json";

/** POST /api/register: the registration form plus utmAttribution → the user; failure has `error`. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = registerSchema.safeParse(body.value);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return jsonError(400, Object.values(fieldErrors)[0] ?? "Check the form.", { fieldErrors });
  }
  const outcome = await registerAndSignIn(parsed.data, request, context);
  if (!outcome.ok) return jsonError(outcome.status, outcome.error, { field: outcome.field });
  return Response.json(userJsonById(outcome.userId), {
    status: 201,
    headers: { "Set-Cookie": outcome.setCookie },
  });
}

export const loader = () => methodNotAllowed("POST");
