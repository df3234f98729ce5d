/**
 * JSON answers of the resource routes (the JSON API, /api/demo-leads, the PDF downloads).
 *
 * Every error is `{ error, message, fieldErrors?, ...extra }` with `error` and `message` the same
 * sentence: some clients read `message` (sign-in), others `error`, and both keep working. Success
 * bodies are each route's own.
 */

export const AUTHENTICATION_REQUIRED = "Authentication required";
export const NOT_FOUND = "Not found";
export const METHOD_NOT_ALLOWED = "Method not allowed";

export interface JsonErrorOptions {
  /** Per-field messages, keyed by field name (nested for lists). */
  fieldErrors?: Record<string, unknown>;
  headers?: HeadersInit;
  /** Other fields a client reads, such as `field`, `redirectUrl` or `rejections`. */
  [extra: string]: unknown;
}

export interface JsonErrorBody {
  error: string;
  message: string;
  fieldErrors?: Record<string, unknown>;
  [extra: string]: unknown;
}

/** The body of a JSON error; `error` and `message` cannot be overridden by the extra fields. */
export function jsonErrorBody(
  message: string,
  extra: Omit<JsonErrorOptions, "headers"> = {},
): JsonErrorBody {
  const body: JsonErrorBody = { error: message, message };
  for (const [key, value] of Object.entries(extra)) {
    if (key === "error" || key === "message" || value === undefined) continue;
    body[key] = value;
  }
  return body;
}

/** A JSON error answer: `{ error: message, message, fieldErrors?, ...extra }` with the status. */
export function jsonError(
  status: number,
  message: string,
  { headers, ...extra }: JsonErrorOptions = {},
): Response {
  return Response.json(jsonErrorBody(message, extra), { status, headers });
}

/**
 * A success answer with an account's data: `private, no-store`, so neither the browser's cache
 * nor a proxy keeps a copy another person on the machine or network could read back.
 */
export function privateJson(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "private, no-store");
  return Response.json(body, { ...init, headers });
}

/** 405 with the methods the route does answer. */
export function methodNotAllowed(allow: string): Response {
  return jsonError(405, METHOD_NOT_ALLOWED, { headers: { Allow: allow } });
}

/** JSON request bodies for the API routes: size-capped, never throwing (bad input is a 4xx). */
export async function readJsonObject(
  request: Request,
  maxBytes = 16 * 1024,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; response: Response }> {
  const fail = (status: number, message: string) => ({
    ok: false as const,
    response: jsonError(status, message),
  });
  if (!request.headers.get("Content-Type")?.includes("application/json")) {
    return fail(415, "Send JSON (Content-Type: application/json).");
  }
  const text = await request.text();
  if (text.length > maxBytes) return fail(413, "Request body is too large.");
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value))
      return fail(400, "Request body must be a JSON object.");
    return { ok: true, value: value as Record<string, unknown> };
  } catch {
    return fail(400, "Request body is not valid JSON.");
  }
}
