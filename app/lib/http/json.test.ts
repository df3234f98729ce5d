import { describe, expect, it } from "vitest";
import { jsonError, jsonErrorBody, methodNotAllowed, privateJson, readJsonObject } from "./json";

describe("jsonError", () => {
  it("answers { error, message } with the status and a JSON Content-Type", async () => {
    const response = jsonError(404, "Not found");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: "Not found", message: "Not found" });
  });

  it("adds fieldErrors and the extra fields, sends the headers, and leaves out undefined", async () => {
    const response = jsonError(429, "Too many attempts.", {
      fieldErrors: { email: "Too many." },
      field: "email",
      retryAfter: undefined,
      headers: { "Retry-After": "60" },
    });
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(await response.json()).toEqual({
      error: "Too many attempts.",
      message: "Too many attempts.",
      fieldErrors: { email: "Too many." },
      field: "email",
    });
  });

  it("never lets an extra field change error or message", () => {
    expect(
      jsonErrorBody("Right", { error: "wrong", message: "wrong", requiresUpgrade: true }),
    ).toEqual({ error: "Right", message: "Right", requiresUpgrade: true });
  });
});

describe("methodNotAllowed", () => {
  it("is a JSON 405 naming the allowed methods", async () => {
    const response = methodNotAllowed("GET, POST");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
    expect(await response.json()).toEqual({
      error: "Method not allowed",
      message: "Method not allowed",
    });
  });
});

describe("readJsonObject", () => {
  const post = (body: string, type = "application/json") =>
    new Request("http://localhost/api/x", {
      method: "POST",
      headers: { "Content-Type": type },
      body,
    });

  it("reads a JSON object", async () => {
    expect(await readJsonObject(post('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
  });

  it.each([
    [post("{}", "text/plain"), 415],
    [post("x".repeat(20_000)), 413],
    [post("[1]"), 400],
    [post("{nope"), 400],
  ])("refuses bad bodies with a JSON error (%#)", async (request, status) => {
    const read = await readJsonObject(request);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(status);
    const body = (await read.response.json()) as { error: unknown; message: unknown };
    expect(typeof body.error).toBe("string");
    expect(body.message).toBe(body.error);
  });
});

describe("privateJson", () => {
  it("answers the body with private, no-store, keeping the status and other headers", async () => {
    const response = privateJson({ ok: 1 }, { status: 201, headers: { "X-Extra": "yes" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Extra")).toBe("yes");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ ok: 1 });
  });
});
