/** JSON request bodies for the API routes: size-capped, never throwing (bad input is a 4xx). */
export async function readJsonObject(
  request: Request,
  maxBytes = 16 * 1024,
): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; response: Response }> {
  const fail = (status: number, error: string) => ({
    ok: false as const,
    response: Response.json({ error, message: error }, { status }),
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

export function methodNotAllowed(allow: string) {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}
