import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Runs the production build: `npm test` builds before the unit stage; alone, `npm run build` first.
describe("graceful shutdown", () => {
  it("finishes on SIGTERM with exit code 0 and closes the database cleanly", async () => {
    const buildDir = process.env.BUILD_DIR ?? "build";
    expect(fs.existsSync(path.join(buildDir, "server/index.js")), "run `npm run build` first").toBe(
      true,
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-shutdown-"));
    const port = 3400 + Math.floor(Math.random() * 500);
    const server = spawn("node", ["server/index.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) =>
      server.on("exit", (code) => resolve(code)),
    );
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    // A write, so the WAL has content to fold back into the database file on close.
    const page = await fetch(`http://127.0.0.1:${port}/?index`, {
      method: "POST",
      body: new URLSearchParams({ formId: "hero", intent: "start", email: "shutdown@fleet.test" }),
    });
    expect(page.status).toBe(200);

    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    // A cleanly closed WAL database leaves no -wal file behind.
    expect(fs.existsSync(path.join(dataDir, "fleetassist.db-wal"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
