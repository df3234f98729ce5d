import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn("node", ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      LOG_LEVEL: "error",
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return server;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error("server did not start");
}

// Runs the production build: `npm test` builds before the unit stage; alone, `npm run build` first.
describe("crash safety", () => {
  it("keeps every acknowledged write and an intact database after SIGKILL mid-write", async () => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    expect(fs.existsSync(path.join(buildDir, "server/index.js")), "run `npm run build` first").toBe(
      true,
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-kill-"));
    const port = 3900 + Math.floor(Math.random() * 90);
    const server = await startServer(dataDir, port);
    const exited = new Promise((resolve) => server.on("exit", resolve));

    const acknowledged: string[] = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        const email = `kill${i}@fleet.test`;
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/demo-leads`, {
            method: "POST",
            // A new client address per lead keeps the per-address form limit out of the way.
            headers: {
              "Content-Type": "application/json",
              "X-Forwarded-For": `2001:db8:dead::${i.toString(16)}`,
            },
            body: JSON.stringify({
              email,
              firstName: "Kim",
              lastName: "Lee",
              phone: "555 010 9999",
              turoProfile: "https://turo.com/us/en/drivers/1",
              vehicleCount: 6,
            }),
          });
          if (response.status === 201) acknowledged.push(email);
        } catch {
          return; // The server is gone.
        }
      }
    })();

    // Let writes run, then kill the process without warning while requests are in flight.
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    server.kill("SIGKILL");
    await exited;
    stop = true;
    await writer;

    const db = new Database(path.join(dataDir, "fleetassist.db"));
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    const saved = new Set(
      (db.prepare("select email from demo_leads").all() as Array<{ email: string }>).map(
        (r) => r.email,
      ),
    );
    db.close();
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.filter((email) => !saved.has(email))).toEqual([]);

    // And the server starts again on the same data.
    const again = await startServer(dataDir, port);
    again.kill("SIGTERM");
    await new Promise((resolve) => again.on("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
