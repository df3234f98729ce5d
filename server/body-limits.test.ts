import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phonePhoto } from "../tests/support/photos";
import { DEFAULT_LIMITS, limitFor, routeAllowances } from "./body-limits.js";
import { postStream, rssMb, startEntryServer, type EntryServer } from "./http-test-support";

const MB = 1024 * 1024;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "Content-Type": "application/json" };

// The production build on a real port, with a real database: `npm test` builds first.
describe("request body limits", () => {
  let server: EntryServer;
  let address = 0;
  /** A client address of its own per request, so the per-address limits stay out of the way. */
  const fresh = () => ({ "X-Forwarded-For": `2001:db8:b0d1::${(++address).toString(16)}` });

  beforeAll(async () => {
    server = await startEntryServer({ TRUST_PROXY: "loopback", MAX_UPLOAD_MB: "5" }, [3600, 3639]);
    // Warm up the paths under test, so the timings below measure the limits, not the first call.
    for (let i = 0; i < 3; i++) {
      await fetch(`${server.origin}/healthz`);
      await fetch(`${server.origin}/auth`, { method: "POST", headers: { ...FORM, ...fresh() } });
    }
  });
  afterAll(async () => {
    await server?.stop();
    console.log(`[body-limits] server log tail:\n${server?.stderr().slice(-2000)}`);
  });

  it("refuses six parallel 150 MB form posts to /auth at once, without memory growth, while /healthz keeps answering", async () => {
    const before = rssMb(server.pid);
    let peak = before;
    const latencies: number[] = [];
    let running = true;
    const watch = (async () => {
      while (running) {
        peak = Math.max(peak, rssMb(server.pid));
        const started = performance.now();
        const health = await fetch(`${server.origin}/healthz`);
        latencies.push(performance.now() - started);
        expect(health.status).toBe(200);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    // Three announce their 150 MB, three stream it chunked without a length.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postStream({
          port: server.port,
          path: "/auth",
          headers: { ...FORM, ...fresh(), Accept: "text/html" },
          maxBytes: 150 * MB,
          declare: i % 2 === 0,
        }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await watch;
    const after = rssMb(server.pid);
    const slowestHealthz = Math.max(...latencies);

    console.log(
      `[body-limits] RSS before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB, after ${after.toFixed(1)} MB; /healthz ${latencies.length} times, slowest ${slowestHealthz.toFixed(1)} ms (${latencies.map((ms) => ms.toFixed(0)).join(" ")}); sent before the answer: ${answers.map((a) => `${(a.sent / MB).toFixed(2)} MB in ${a.ms} ms`).join(", ")}`,
    );
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.headers["content-type"]).toMatch(/text\/html/);
      expect(answer.body).toContain("That request is too large. Forms accept up to 64 KB.");
      expect(answer.body).toContain('href="/"');
      expect(answer.ms).toBeLessThan(2_000);
      expect(answer.sent).toBeLessThan(20 * MB);
    }
    expect(peak - before).toBeLessThan(64);
    expect(slowestHealthz).toBeLessThan(200);
  }, 60_000);

  it("answers a JSON body that never ends (no Content-Length) with a 413 in JSON, never a 500", async () => {
    const answer = await postStream({
      port: server.port,
      path: "/api/login",
      headers: { ...JSON_TYPE, ...fresh() },
      maxBytes: 600 * MB,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(answer.body)).toEqual({
      error: "That request is too large. JSON requests accept up to 1 MB.",
      message: "That request is too large. JSON requests accept up to 1 MB.",
    });
    expect(answer.sent).toBeLessThan(20 * MB);
  }, 60_000);

  it("refuses a declared length over the limit before reading any of it", async () => {
    const response = await fetch(`${server.origin}/api/login`, {
      method: "POST",
      headers: { ...JSON_TYPE, ...fresh() },
      body: new Uint8Array(2 * MB),
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toMatch(/up to 1 MB/);
  });

  it("answers in JSON when the client asks for JSON, and in text for single-fetch requests", async () => {
    const json = await postStream({
      port: server.port,
      path: "/auth",
      headers: { ...FORM, ...fresh(), Accept: "application/json" },
      maxBytes: 1 * MB,
    });
    expect(json.status).toBe(413);
    expect(JSON.parse(json.body).message).toBe(
      "That request is too large. Forms accept up to 64 KB.",
    );
    const data = await postStream({
      port: server.port,
      path: "/auth.data",
      headers: { ...FORM, ...fresh() },
      maxBytes: 1 * MB,
    });
    expect(data.status).toBe(413);
    expect(data.headers["content-type"]).toMatch(/text\/plain/);
    expect(data.body).toBe("That request is too large. Forms accept up to 64 KB.");
  });

  it("keeps the connection usable after a 413 when the client finishes its body", async () => {
    const big = "a".repeat(100 * 1024);
    const first = await fetch(`${server.origin}/auth`, {
      method: "POST",
      headers: { ...FORM, ...fresh() },
      body: `identifier=${big}`,
    });
    expect(first.status).toBe(413);
    await first.text();
    const second = await fetch(`${server.origin}/healthz`);
    expect(second.status).toBe(200);
  });

  it("lets ordinary forms and JSON through, up to their limits", async () => {
    const signIn = await fetch(`${server.origin}/auth`, {
      method: "POST",
      headers: { ...FORM, ...fresh() },
      body: new URLSearchParams({
        identifier: "nobody@fleet.test",
        password: "wrong password",
        note: "x".repeat(60 * 1024),
      }),
    });
    expect(signIn.status).toBe(401);
    expect(await signIn.text()).toContain("Invalid username/email or password.");

    const login = await fetch(`${server.origin}/api/login`, {
      method: "POST",
      headers: { ...JSON_TYPE, ...fresh() },
      body: JSON.stringify({ identifier: "nobody@fleet.test", password: "wrong password" }),
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({
      error: "Invalid username/email or password.",
      message: "Invalid username/email or password.",
    });

    // 900 KB of JSON passes the entry; the route applies its own, smaller cap.
    const bigJson = await fetch(`${server.origin}/api/login`, {
      method: "POST",
      headers: { ...JSON_TYPE, ...fresh() },
      body: JSON.stringify({ identifier: "x".repeat(900 * 1024), password: "y" }),
    });
    expect(bigJson.status).toBe(413);
    expect(((await bigJson.json()) as { error: string }).error).toBe("Request body is too large.");
  });

  it("allows large multipart bodies only on the routes that take uploads", async () => {
    const form = new FormData();
    form.set("identifier", "nobody@fleet.test");
    form.set("photo", new Blob([new Uint8Array(200 * 1024)]), "a.jpg");
    const auth = await fetch(`${server.origin}/auth`, {
      method: "POST",
      headers: fresh(),
      body: form,
    });
    expect(auth.status).toBe(413);
    expect(await auth.text()).toContain("Forms accept up to 64 KB.");

    const unknown = await fetch(`${server.origin}/auth`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream", ...fresh() },
      body: new Uint8Array(100 * 1024),
    });
    expect(unknown.status).toBe(413);
    expect(await unknown.text()).toContain("Requests accept up to 64 KB.");

    // On an upload route the same body reaches the route (which wants a session first).
    const photos = await fetch(`${server.origin}/api/photos`, {
      method: "POST",
      headers: fresh(),
      body: form,
    });
    expect(photos.status).toBe(401);
  });

  it("lets a client still sending on a `Connection: close` request read a route's early answer, without a reset", async () => {
    // The route answers 401 after a few chunks; the client keeps sending until it reads that.
    // Closing the socket right after the answer reset the connection under the client's writes.
    for (let i = 0; i < 10; i++) {
      const answer = await postStream({
        port: server.port,
        path: "/api/photos",
        headers: { ...fresh(), "Content-Type": "multipart/form-data; boundary=x" },
        maxBytes: 50 * MB,
      });
      expect(answer.status).toBe(401);
      expect(answer.errorAfterAnswer).toBeUndefined();
    }
  });

  it("still takes a multi-megabyte photo upload, and the route's own cap still answers", async () => {
    const headers = fresh();
    const register = await fetch(`${server.origin}/api/register`, {
      method: "POST",
      headers: { ...JSON_TYPE, ...headers },
      body: JSON.stringify({
        username: "uploader_bodylimits",
        email: "uploader-bodylimits@fleet.test",
        password: "Fleet-b0dy-keys under the mat",
        firstName: "Upton",
        lastName: "Loader",
      }),
    });
    expect(register.status, await register.clone().text()).toBe(201);
    const cookie = register.headers.get("set-cookie")!.split(";")[0]!;

    const file = await phonePhoto("body-limits.jpg", { width: 2400, height: 1800 });
    const bytes = fs.readFileSync(file);
    expect(bytes.length).toBeGreaterThan(1 * MB);
    const form = new FormData();
    form.set("photo", new Blob([bytes], { type: "image/jpeg" }), "body-limits.jpg");
    form.set("phase", "post_trip");
    const upload = await fetch(`${server.origin}/api/photos`, {
      method: "POST",
      headers: { ...headers, Cookie: cookie },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);

    // Past MAX_UPLOAD_MB (5 here) while streaming: the route's own 413 reaches the client.
    const boundary = "----fleetassist-test";
    const streamed = await postStream({
      port: server.port,
      path: "/api/photos",
      headers: {
        ...headers,
        Cookie: cookie,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
      },
      chunk: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        Buffer.alloc(64 * 1024 - 200, 1),
      ]),
      maxBytes: 50 * MB,
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).error).toMatch(/over 5 MB in total/);

    // Announced past the entry's backstop: refused before the route runs.
    const declared = await postStream({
      port: server.port,
      path: "/api/photos",
      headers: { ...headers, Cookie: cookie, "Content-Type": "multipart/form-data; boundary=x" },
      maxBytes: 50 * MB,
      declare: true,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error).toBe(
      "That request is too large. Uploads accept up to 5 MB.",
    );
  }, 60_000);
});

describe("which limit a request gets", () => {
  const allowances = routeAllowances({ MAX_UPLOAD_MB: 150 });
  const limit = (path: string, contentType: string) =>
    limitFor({ path, headers: { "content-type": contentType } }, allowances).limit;

  it("matches a route whose path holds a parameter (the inbound-email webhook's token)", () => {
    const token = "A".repeat(43);
    expect(limit(`/api/inbound/email/${token}`, "message/rfc822")).toBe(10_000_000);
    expect(limit(`/api/inbound/email/${token}`, "text/plain")).toBe(10_000_000);
    // Mailgun's URL-encoded form and Postmark's JSON carry the same email.
    expect(limit(`/api/inbound/email/${token}`, "application/x-www-form-urlencoded")).toBe(
      10_000_000,
    );
    expect(limit(`/api/inbound/email/${token}`, "application/json")).toBe(10_000_000);
    expect(limit(`/api/inbound/email/${token}/mime`, "multipart/form-data")).toBe(10_000_000);
    // Another depth, or no token, is not that route.
    expect(limit(`/api/inbound/email/${token}/x`, "message/rfc822")).toBe(DEFAULT_LIMITS.other);
    expect(limit("/api/inbound/email/", "message/rfc822")).toBe(DEFAULT_LIMITS.other);
    expect(limit("/api/photos", "multipart/form-data")).toBe(150_000_000);
  });
});
