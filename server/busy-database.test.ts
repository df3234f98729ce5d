/**
 * The real server while another process holds the database's write lock (a backup, the sqlite3
 * CLI): a write answers 503 with Retry-After within about a second, as JSON for the API and as
 * the error page for a page, /healthz and reads keep answering, and writes work again after.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdSqliteLock } from "../tests/support/sqlite-lock";
import { startServer, testPort, type TestServer } from "./test-server";

const BUSY = "The database is busy. Please try again in a few seconds.";
const PASSWORD = "Fleet-busy-keys under the mat";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-busy-server-"));
let server: TestServer;
let cookie = "";

const vehicle = {
  year: "2019",
  make: "Honda",
  model: "Civic",
  bodyType: "sedan",
  priceClass: "economy",
  paintType: "solid",
};

async function timed(path: string, init?: RequestInit) {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { Cookie: cookie, ...init?.headers },
    redirect: "manual",
  });
  const body = await response.text();
  return { response, body, ms: Math.round(performance.now() - started) };
}

beforeAll(async () => {
  server = await startServer(dataDir, testPort(6));
  const registered = await fetch(`${server.url}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username: "busyhost",
      email: "busy@fleet.test",
      password: PASSWORD,
      firstName: "Busy",
      lastName: "Host",
    }),
  });
  expect(registered.status, await registered.text()).toBe(201);
  cookie = registered.headers.getSetCookie()[0]!.split(";")[0]!;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a server whose database another process holds locked", () => {
  it("answers writes 503 with Retry-After at once, and keeps reads and /healthz working", async () => {
    const lock = await holdSqliteLock(path.join(dataDir, "fleetassist.db"), 8000);
    const timings: Record<string, number> = {};
    try {
      const api = await timed("/api/user/vehicles", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(vehicle),
      });
      timings.apiWrite = api.ms;
      expect(api.response.status).toBe(503);
      expect(api.response.headers.get("Retry-After")).toBe("5");
      expect(api.response.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(JSON.parse(api.body)).toEqual({ error: BUSY, message: BUSY });
      expect(api.ms).toBeLessThan(1000);

      // A page's form post: the error page, with the same status and Retry-After.
      const page = await timed("/dashboard/vehicles/new", {
        method: "POST",
        body: new URLSearchParams(vehicle),
      });
      timings.pageWrite = page.ms;
      expect(page.response.status).toBe(503);
      expect(page.response.headers.get("Retry-After")).toBe("5");
      expect(page.response.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(page.body).toContain(BUSY);
      expect(page.body).toContain("503 Service Unavailable");
      expect(page.ms).toBeLessThan(1000);

      // Signing in writes a session: the right password gets the 503, never "wrong password".
      const login = await timed("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: "" },
        body: JSON.stringify({ identifier: "busyhost", password: PASSWORD }),
      });
      timings.login = login.ms;
      expect(login.response.status).toBe(503);
      expect(login.response.headers.get("Retry-After")).toBe("5");
      expect(JSON.parse(login.body)).toEqual({ error: BUSY, message: BUSY });

      // The event loop isn't blocked for long, and a writer doesn't block readers (WAL):
      // /healthz asked while a write waits for the lock answers right after it.
      const [, health] = await Promise.all([
        timed("/api/user/vehicles", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(vehicle),
        }),
        timed("/healthz"),
      ]);
      timings.healthz = health.ms;
      expect(health.response.status).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: "ok", database: "ok" });
      expect(health.ms).toBeLessThan(1000);
      const read = await timed("/api/user/vehicles");
      expect(read.response.status).toBe(200);
      expect(JSON.parse(read.body)).toEqual({ vehicles: [], nextCursor: null });
    } finally {
      await lock.release();
    }
    console.log("Under a held write lock (ms):", JSON.stringify(timings));

    const after = await timed("/api/user/vehicles", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(vehicle),
    });
    expect(after.response.status, after.body).toBe(201);
    // The server logged the busy requests as warnings and kept running.
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
