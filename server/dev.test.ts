import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

/**
 * `npm run dev`: Vite's dev server in front of the production Express entry. A page renders with
 * the hot-reload client, the entry's own headers and body limits still apply, and the process
 * stops cleanly.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-dev-test-"));
const port = 3800 + Math.floor(Math.random() * 100);
const child = spawn(process.execPath, ["server/dev.js"], {
  env: { ...process.env, NODE_ENV: "development", PORT: String(port), DATA_DIR: dataDir },
  stdio: ["ignore", "pipe", "pipe"],
});
let output = "";
child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
const exited = new Promise<number | null>((resolve) => child.once("close", resolve));

afterAll(async () => {
  if (child.exitCode === null) child.kill("SIGTERM");
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function listening(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!output.includes("FleetAssist listening")) {
    if (child.exitCode !== null) throw new Error(`dev server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`dev server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("serves pages with hot reload through the same entry, and stops on SIGTERM", async () => {
  await listening(45_000);
  const origin = `http://localhost:${port}`;
  const home = await fetch(`${origin}/`);
  expect(home.status).toBe(200);
  const html = await home.text();
  // Source modules straight from Vite, with React Router's hot-reload runtime.
  expect(html).toContain('"/app/entry.client.tsx"');
  expect(html).toContain("virtual:react-router/inject-hmr-runtime");
  expect(home.headers.get("content-security-policy")).toContain("connect-src 'self' ws:");
  expect((await fetch(`${origin}/@vite/client`)).status).toBe(200);
  expect((await fetch(`${origin}/app/root.tsx`)).status).toBe(200);

  const tooLarge = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identifier: "x".repeat(2_000_000), password: "y" }),
  });
  expect(tooLarge.status).toBe(413);

  // Vite ends the process itself on SIGTERM (exit code 143) once its watcher is closed.
  child.kill("SIGTERM");
  expect([0, 143]).toContain(await exited);
  expect(output).toContain("SIGTERM: shutting down");
}, 90_000);
