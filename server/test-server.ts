// Spawns the real production server (server/index.js on the build in BUILD_DIR, default
// "build") for tests that need whole processes: `npm test` builds before the unit stage; alone,
// `npm run build` first.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const buildDir = process.env.BUILD_DIR ?? "build";

export interface TestServer {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stderr so far. */
  stderr: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export function spawnServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): TestServer {
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    throw new Error(`No build in ${buildDir}: run \`npm run build\` first`);
  }
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until /healthz answers 200, or throws (with the server's stderr) if it exits first. */
export async function waitUntilServing(server: TestServer, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`server exited (${exitCode}) before serving:\n${server.stderr()}`);
    }
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start in ${timeoutMs} ms:\n${server.stderr()}`);
}

export async function startServer(dataDir: string, port: number, env?: Record<string, string>) {
  return waitUntilServing(spawnServer(dataDir, port, env));
}

/** A port in 3500–3599 for this test file (the ones tests may use), varied between runs. */
export function testPort(slot: number) {
  return 3500 + ((slot * 10 + Math.floor(Math.random() * 10)) % 100);
}
