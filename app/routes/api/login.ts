import type { Route } from "./+types/login";
import { authenticateLogin, signIn } from "~/lib/auth/service.server";
import { userJsonById } from "~/lib/auth/user-json.server";
import { methodNotAllowed, objectToForm, readJsonObject } from "~/lib/json.server";

/** POST /api/login: { identifier (or username / email), password } → the user; failure has `message`. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const { identifier, username, email, password } = body.value;
  const form = objectToForm({ identifier: identifier ?? username ?? email, password });
  const formRequest = new Request(request.url, {
    method: "POST",
    body: form,
    headers: request.headers.get("User-Agent")
      ? { "User-Agent": request.headers.get("User-Agent")! }
      : {},
  });
  const result = await authenticateLogin(formRequest, context);
  if (!result.ok) return Response.json({ message: result.message }, { status: result.status });
  const setCookie = await signIn(result.value.id, request, context);
  return Response.json(userJsonById(result.value.id), { headers: { "Set-Cookie": setCookie } });
}

export const loader = () => methodNotAllowed("POST");
