// What the load benchmarks (bench-auth-load, bench-inbound-load, bench-webhook-flood) share:
// the production build served on loopback with a throwaway DATA_DIR, a free port, a latency probe
// and its percentiles. Linux only (the benchmarks read /proc).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PROBE_INTERVAL_MS = 50;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the app into BUILD_DIR (default `build`) unless a build is there; exits if that fails. */
export function buildIfMissing() {
  if (fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) return;
  const built = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// Checked on 127.0.0.1, where the server (and its SMTP listener) will listen.
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `from` up to 3499. */
export async function firstFreePort(from) {
  for (let port = from; port < 3500; port++) if (await portIsFree(port)) return port;
  throw new Error("No free port in 3400-3499; set BENCH_PORT");
}

/** BENCH_PORT, else the first free port in 3400-3499. */
export async function benchPort() {
  return process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : firstFreePort(3400);
}

/**
 * Serves the production build (`node server/index.js`) on 127.0.0.1:`port` with a new DATA_DIR
 * under the system temp folder and `env` on top, and waits until /healthz answers. Its stdout is
 * dropped; its stderr lines go to `onStderrLine`, or are dropped too. `stop()` ends the server
 * and deletes its DATA_DIR.
 */
export async function startServer({ name, port, base, env, onStderrLine }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fleetassist-bench-${name}-`));
  const child = spawn("node", ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ["ignore", "ignore", onStderrLine ? "pipe" : "ignore"],
  });
  if (onStderrLine) readline.createInterface({ input: child.stderr }).on("line", onStderrLine);
  const exited = new Promise((resolve) => child.once("exit", resolve));

  const stop = async () => {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealthz(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { pid: child.pid, dataDir, stop };
}

async function waitForHealthz(base) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error("Server did not start");
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Count, p50/p95/p99 and max of latencies in ms, rounded; "-" where there are none. */
export function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value) => (Number.isNaN(value) ? "-" : Math.round(value));
  return {
    n: sorted.length,
    "p50 ms": ms(percentile(sorted, 50)),
    "p95 ms": ms(percentile(sorted, 95)),
    "p99 ms": ms(percentile(sorted, 99)),
    "max ms": ms(sorted.at(-1) ?? NaN),
  };
}

/**
 * Starts a fetch of `url` every PROBE_INTERVAL_MS, without waiting for the previous one (as
 * independent visitors would), until `until` settles; returns every latency. A stalled server
 * thus shows up in every request that arrives during the stall, not in one slow sample.
 * An answer other than 2xx stops the benchmark, unless `anyStatus` (/healthz answers 503 while
 * the database is busy, which is a measurement, not a broken benchmark).
 */
export async function probe(url, until, { anyStatus = false } = {}) {
  const requests = [];
  let done = false;
  const stop = () => (done = true);
  until.then(stop, stop);
  while (!done) {
    const started = performance.now();
    requests.push(
      fetch(url, { headers: { "Accept-Encoding": "gzip, br" } }).then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok && !anyStatus) throw new Error(`${url}: ${response.status}`);
        return performance.now() - started;
      }),
    );
    await sleep(PROBE_INTERVAL_MS);
  }
  return Promise.all(requests);
}
