import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  CIRCUIT_OPEN_MESSAGE,
  apiQuery,
  apiRequest,
  createApiClient,
  pathFromQueryKey,
} from "./api-client";

// A real HTTP server on 127.0.0.1; each test sets `reply` and reads `received`.
interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}
type Reply = { status: number; body?: unknown; text?: string; statusText?: string };

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let reply: (req: Received) => Reply = () => ({ status: 200, body: {} });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = {
        method: req.method ?? "",
        url: req.url ?? "",
        contentType: req.headers["content-type"],
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(r);
      const { status, body, text, statusText } = reply(r);
      if (text !== undefined) {
        res.writeHead(status, statusText, { "Content-Type": "text/plain" }).end(text);
      } else if (body !== undefined) {
        res.writeHead(status, statusText, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      } else {
        res.writeHead(status, statusText).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  reply = () => ({ status: 200, body: {} });
});

/** Client against the test server with a fake clock and a recording (instant) sleep. */
function setup() {
  const clock = { t: 1_000_000 };
  const sleeps: number[] = [];
  const inits: RequestInit[] = [];
  const client = createApiClient({
    baseUrl,
    fetch: (input, init) => {
      if (init) inits.push(init);
      return fetch(input, init);
    },
    now: () => clock.t,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { client, clock, sleeps, inits };
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("rule 1: credentials, bodies, JSON responses", () => {
  it("sends credentials: include on every call", async () => {
    const { client, inits } = setup();
    await client.apiQuery(["/api/user"]);
    await client.apiRequest("POST", "/api/logout");
    expect(inits.map((i) => i.credentials)).toEqual(["include", "include"]);
  });

  it("sends object bodies as JSON with Content-Type application/json", async () => {
    const { client } = setup();
    await client.apiRequest("POST", "/api/login", { username: "a", password: "b" });
    expect(received[0]).toMatchObject({
      method: "POST",
      url: "/api/login",
      contentType: "application/json",
      body: '{"username":"a","password":"b"}',
    });
  });

  it("sends FormData as-is (multipart, no JSON header)", async () => {
    const { client } = setup();
    const form = new FormData();
    form.set("photo", new Blob(["img-bytes"], { type: "image/jpeg" }), "car.jpg");
    await client.apiRequest("POST", "/api/upload", form);
    expect(received[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]?.body).toContain("img-bytes");
  });

  it("reads success responses as JSON (empty body → null)", async () => {
    const { client } = setup();
    reply = () => ({ status: 200, body: { id: 7, name: "Ada" } });
    await expect(client.apiQuery<{ id: number }>(["/api/user"])).resolves.toEqual({
      id: 7,
      name: "Ada",
    });
    reply = () => ({ status: 204 });
    await expect(client.apiRequest("POST", "/api/logout")).resolves.toBeNull();
  });
});

describe("rule 2: query key → path", () => {
  it("builds paths from query keys", () => {
    expect(pathFromQueryKey(["/api/user"])).toBe("/api/user");
    expect(pathFromQueryKey(["/api/analysis", 42])).toBe("/api/analysis/42");
    expect(pathFromQueryKey(["/api/analysis/:id", "abc"])).toBe("/api/analysis/abc");
    expect(pathFromQueryKey(["/api/analysis", "a b/c"])).toBe("/api/analysis/a%20b%2Fc");
    expect(pathFromQueryKey(["/api/vehicles", { page: 2 }])).toBe("/api/vehicles");
    expect(() => pathFromQueryKey([42])).toThrow(TypeError);
  });

  it("apiQuery GETs the built path", async () => {
    const { client } = setup();
    await client.apiQuery(["/api/analysis", 42]);
    await client.apiQuery(["/api/analysis/:id", "abc"]);
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/analysis/42",
      "GET /api/analysis/abc",
    ]);
  });
});

describe("rule 3: non-OK responses become ApiError", () => {
  it("uses the message field, with status and parsed body", async () => {
    const { client } = setup();
    reply = () => ({ status: 400, body: { message: "Invalid credentials", error: "ignored" } });
    const err = await caught(client.apiRequest("POST", "/api/login", {}));
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe("400: Invalid credentials");
    expect(err.status).toBe(400);
    expect(err.body).toEqual({ message: "Invalid credentials", error: "ignored" });
  });

  it("falls back to the error field, stringified if not a string", async () => {
    const { client } = setup();
    reply = () => ({ status: 409, body: { error: "Email already in use" } });
    expect((await caught(client.apiRequest("POST", "/api/register", {}))).message).toBe(
      "409: Email already in use",
    );
    reply = () => ({ status: 422, body: { error: { field: "email" } } });
    expect((await caught(client.apiRequest("POST", "/api/register", {}))).message).toBe(
      '422: {"field":"email"}',
    );
  });

  it("falls back to the plain text body, then the status text", async () => {
    const { client } = setup();
    reply = () => ({ status: 500, text: "Database exploded" });
    const textErr = await caught(client.apiQuery(["/api/vehicles"]));
    expect(textErr.message).toBe("500: Database exploded");
    expect(textErr.body).toBe("Database exploded");
    reply = () => ({ status: 503, statusText: "Service Unavailable" });
    expect((await caught(client.apiQuery(["/api/vehicles"]))).message).toBe(
      "503: Service Unavailable",
    );
    reply = () => ({ status: 500, body: { detail: "x" }, statusText: "Internal Server Error" });
    expect((await caught(client.apiQuery(["/api/vehicles"]))).message).toBe(
      "500: Internal Server Error",
    );
  });

  it("sets exactly one flag per status", async () => {
    const { client } = setup();
    const flags = async (status: number, body: unknown) => {
      reply = () => ({ status, body });
      const e = await caught(client.apiQuery(["/api/x"]));
      return [
        e.requiresUpgrade && "requiresUpgrade",
        e.requiresAuth && "requiresAuth",
        e.requiresEmailVerification && "requiresEmailVerification",
        e.forbidden && "forbidden",
        e.notFound && "notFound",
      ].filter(Boolean);
    };
    expect(await flags(402, { message: "Upgrade" })).toEqual(["requiresUpgrade"]);
    expect(await flags(401, {})).toEqual(["requiresAuth"]);
    expect(await flags(403, { requiresEmailVerification: true })).toEqual([
      "requiresEmailVerification",
    ]);
    expect(await flags(403, { message: "No" })).toEqual(["forbidden"]);
    expect(await flags(404, {})).toEqual(["notFound"]);
    expect(await flags(500, {})).toEqual([]);
  });
});

describe("rule 4: 401 handling", () => {
  it("uses 'Authentication required' when the 401 carries no text", async () => {
    const { client } = setup();
    reply = () => ({ status: 401, body: {} });
    expect((await caught(client.apiQuery(["/api/vehicles"]))).message).toBe(
      "401: Authentication required",
    );
    reply = () => ({ status: 401 });
    expect((await caught(client.apiQuery(["/api/vehicles"]))).message).toBe(
      "401: Authentication required",
    );
  });

  it("GET /api/user with returnNull yields null on 401 with no error", async () => {
    const { client, sleeps } = setup();
    reply = () => ({ status: 401, body: { message: "Not logged in" } });
    await expect(client.apiQuery(["/api/user"], { on401: "returnNull" })).resolves.toBeNull();
    expect(sleeps).toEqual([]);
  });

  it("canRetry + retryAfter: waits retryAfter ms, then still errors", async () => {
    const { client, sleeps } = setup();
    reply = () => ({
      status: 401,
      body: { message: "Session refresh", canRetry: true, retryAfter: 250 },
    });
    const err = await caught(client.apiQuery(["/api/vehicles"]));
    expect(err.message).toBe("401: Session refresh");
    expect(sleeps).toEqual([250]);
  });

  it("canRetry + retryAfter with returnNull: waits, then returns null", async () => {
    const { client, sleeps } = setup();
    reply = () => ({ status: 401, body: { canRetry: true, retryAfter: 100 } });
    await expect(client.apiQuery(["/api/user"], { on401: "returnNull" })).resolves.toBeNull();
    expect(sleeps).toEqual([100]);
  });

  it("really waits with the default sleep (small retryAfter)", async () => {
    const client = createApiClient({ baseUrl });
    reply = () => ({ status: 401, body: { canRetry: true, retryAfter: 40 } });
    const start = performance.now();
    await caught(client.apiQuery(["/api/vehicles"]));
    expect(performance.now() - start).toBeGreaterThanOrEqual(35);
  });

  it("canRetry resets the circuit-breaker failure count", async () => {
    const { client } = setup();
    reply = () => ({ status: 401, body: {} });
    await caught(client.apiQuery(["/api/dashboard/stats"]));
    await caught(client.apiQuery(["/api/dashboard/stats"]));
    reply = () => ({ status: 401, body: { canRetry: true, retryAfter: 1 } });
    await caught(client.apiQuery(["/api/dashboard/stats"])); // would be the 3rd failure
    reply = () => ({ status: 401, body: {} });
    await caught(client.apiQuery(["/api/dashboard/stats"]));
    expect(received).toHaveLength(4); // breaker never opened
  });
});

describe("rule 5: 403 email verification with returnNull", () => {
  it("returns { requiresEmailVerification: true, message }", async () => {
    const { client } = setup();
    reply = () => ({
      status: 403,
      body: { message: "Please verify your email", requiresEmailVerification: true },
    });
    await expect(client.apiQuery(["/api/user"], { on401: "returnNull" })).resolves.toEqual({
      requiresEmailVerification: true,
      message: "Please verify your email",
    });
  });

  it("still throws for a plain 403, or without returnNull", async () => {
    const { client } = setup();
    reply = () => ({ status: 403, body: { message: "Forbidden" } });
    expect((await caught(client.apiQuery(["/api/user"], { on401: "returnNull" }))).forbidden).toBe(
      true,
    );
    reply = () => ({ status: 403, body: { message: "Verify", requiresEmailVerification: true } });
    const err = await caught(client.apiQuery(["/api/user"]));
    expect(err.message).toBe("403: Verify");
    expect(err.requiresEmailVerification).toBe(true);
  });
});

describe("rule 6: circuit breaker", () => {
  async function fail(client: ReturnType<typeof setup>["client"], path: string, times: number) {
    for (let i = 0; i < times; i++) await caught(client.apiQuery([path]));
  }

  it("opens after 3 auth failures on /api/dashboard/ and throws without a request", async () => {
    const { client } = setup();
    reply = () => ({ status: 401, body: {} });
    await fail(client, "/api/dashboard/stats", 3);
    expect(received).toHaveLength(3);
    const err = await caught(client.apiQuery(["/api/dashboard/other"]));
    expect(err.message).toBe(CIRCUIT_OPEN_MESSAGE);
    expect(err.circuitOpen).toBe(true);
    expect(received).toHaveLength(3);
  });

  it("guards /damage-overview paths too, and counts 403s", async () => {
    const { client } = setup();
    reply = () => ({ status: 403, body: { message: "Forbidden" } });
    await fail(client, "/api/vehicles/5/damage-overview", 3);
    await expect(client.apiQuery(["/api/vehicles/5/damage-overview"])).rejects.toThrow(
      CIRCUIT_OPEN_MESSAGE,
    );
    expect(received).toHaveLength(3);
  });

  it("ignores other paths entirely", async () => {
    const { client } = setup();
    reply = () => ({ status: 401, body: {} });
    await fail(client, "/api/dashboard", 5); // no trailing slash: not guarded
    await fail(client, "/api/vehicles", 5);
    expect(received).toHaveLength(10);
    reply = () => ({ status: 200, body: { ok: true } });
    await expect(client.apiQuery(["/api/dashboard/stats"])).resolves.toEqual({ ok: true });
  });

  it("does not count 5xx or other non-auth failures", async () => {
    const { client } = setup();
    reply = () => ({ status: 500, body: { message: "boom" } });
    await fail(client, "/api/dashboard/stats", 5);
    reply = () => ({ status: 404, body: {} });
    await fail(client, "/api/dashboard/stats", 5);
    expect(received).toHaveLength(10);
  });

  it("resets the count after 60 s without failure", async () => {
    const { client, clock } = setup();
    reply = () => ({ status: 401, body: {} });
    await fail(client, "/api/dashboard/stats", 3);
    clock.t += 59_999;
    await expect(client.apiQuery(["/api/dashboard/stats"])).rejects.toThrow(CIRCUIT_OPEN_MESSAGE);
    clock.t += 1;
    await fail(client, "/api/dashboard/stats", 2); // count restarts from 0
    expect(received).toHaveLength(5);
    await fail(client, "/api/dashboard/stats", 1);
    await expect(client.apiQuery(["/api/dashboard/stats"])).rejects.toThrow(CIRCUIT_OPEN_MESSAGE);
    expect(received).toHaveLength(6);
  });

  it("resets the count on success", async () => {
    const { client } = setup();
    reply = () => ({ status: 401, body: {} });
    await fail(client, "/api/dashboard/stats", 2);
    reply = () => ({ status: 200, body: {} });
    await client.apiQuery(["/api/dashboard/stats"]);
    reply = () => ({ status: 401, body: {} });
    await fail(client, "/api/dashboard/stats", 2);
    expect(received).toHaveLength(5);
    await fail(client, "/api/dashboard/stats", 1);
    expect(received).toHaveLength(6);
  });

  it("keeps separate state per client", async () => {
    const a = setup();
    const b = setup();
    reply = () => ({ status: 401, body: {} });
    await fail(a.client, "/api/dashboard/stats", 3);
    await fail(b.client, "/api/dashboard/stats", 1);
    expect(received).toHaveLength(4);
  });
});

describe("rule 7: default exports", () => {
  it("default apiQuery/apiRequest use relative URLs through global fetch", async () => {
    const original = globalThis.fetch;
    const urls: string[] = [];
    globalThis.fetch = (input, init) => {
      urls.push(String(input));
      return original(new URL(String(input), baseUrl), init);
    };
    try {
      await apiQuery(["/api/analysis", 42]);
      await apiRequest("post", "/api/logout");
    } finally {
      globalThis.fetch = original;
    }
    expect(urls).toEqual(["/api/analysis/42", "/api/logout"]);
    expect(received.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /api/analysis/42",
      "POST /api/logout",
    ]);
  });
});
