import type { z } from "zod";
import { fieldErrorsOf } from "./form.server";
import type { InputError } from "./input-error";
import { jsonError, readJsonObject } from "./json";

/**
 * An API route's JSON body, checked against `schema`: the parsed data, or the answer to send
 * instead (the body's own 4xx, or 400 with `message` and a message per field).
 */
export async function readJsonInput<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  message: string,
): Promise<{ ok: true; data: z.output<Schema> } | { ok: false; response: Response }> {
  const body = await readJsonObject(request);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    return {
      ok: false,
      response: jsonError(400, message, { fieldErrors: fieldErrorsOf(parsed.error.issues) }),
    };
  }
  return { ok: true, data: parsed.data };
}

/** A refusal from lib (`InputError`) as the API's error, with the message on its field if asked. */
export function inputErrorJson(error: InputError, { onField = false } = {}): Response {
  if (!onField) return jsonError(error.status, error.message);
  return jsonError(error.status, error.message, {
    fieldErrors: { [error.field ?? "form"]: error.message },
  });
}
