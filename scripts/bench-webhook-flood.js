// `npm run bench:webhook-flood`: how much a flood of bad-signature posts to the Stripe webhook
// slows everybody else. Serves the production build (BUILD_DIR, default `build`; built first if
// missing) on loopback with billing on (a local Stripe-compatible server, tests/support) and
// TRUST_PROXY=true, then fetches GET /privacy every 50 ms while a child process posts FLOOD_RATE
// bad deliveries a second (default 300, at most 2000; "skipped" counts posts not sent because 200
// were still unanswered):
//   1. nothing (idle);
//   2. bad signatures from one address: past its allowance of failures it gets a 429 at the door;
//   3. bad signatures from a new address each time: none is limited, so every post reaches the
//      signature check (the cost of the flood before failures were limited).
// Bounded: FLOOD_REQUESTS posts per phase (default 3000, at most 20000) and FLOOD_SECONDS per
// phase (default 20, at most 60), loopback only. Prints p50/p95/p99/max of /privacy per phase and
// how the posts were answered, with the server's CPU time per post (a figure a busy machine
// disturbs less than latency); asserts nothing. BENCH_PORT picks the port (default: the first free
// one in 3400-3499).
import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { startStripeServer } from "../tests/support/stripe-server.js";
import { benchPort, buildIfMissing, probe, sleep, startServer, summary } from "./bench-support.js";

const REQUESTS = Math.min(20_000, Math.max(1, Number(process.env.FLOOD_REQUESTS ?? 3_000)));
const SECONDS = Math.min(60, Math.max(1, Number(process.env.FLOOD_SECONDS ?? 20)));
const RATE = Math.min(2_000, Math.max(1, Number(process.env.FLOOD_RATE ?? 300)));
const MAX_IN_FLIGHT = 200;
const IDLE_MS = 3_000;

// The flood runs in a child process of its own (`--flood BASE ADDRESS-MODE`), so the time its
// client spends building and sending posts never shows up in the probe's latencies.
if (process.argv[2] === "--flood") {
  const [, , , base, mode] = process.argv;
  if (new URL(base).hostname !== "127.0.0.1") throw new Error("The flood only goes to loopback");
  const result = await flood(base, (n) =>
    mode === "one" ? "203.0.113.7" : `2001:db8::${n.toString(16)}`,
  );
  process.send(result);
  process.exit(0);
}

buildIfMissing();
const PORT = await benchPort();
const BASE = `http://127.0.0.1:${PORT}`;
const stripe = await startStripeServer({ port: 0 });
const server = await startServer({
  name: "webhook",
  port: PORT,
  base: BASE,
  env: {
    TRUST_PROXY: "true",
    // What a production server logs: one line per request.
    LOG_LEVEL: "info",
    STRIPE_SECRET_KEY: "sk_test_bench",
    STRIPE_WEBHOOK_SECRET: "whsec_bench",
    STRIPE_PRICE_FLEET: "price_fleet",
    STRIPE_PRICE_CONCIERGE: "price_concierge",
    STRIPE_API_URL: stripe.url,
  },
});

/** A Stripe-sized event body with a signature header that doesn't match it. */
function badDelivery(n) {
  const created = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    id: `evt_flood_${n}`,
    object: "event",
    type: "invoice.payment_failed",
    created,
    data: { object: { id: `in_flood_${n}`, object: "invoice", pad: "x".repeat(800) } },
  });
  const signature = `t=${created},v1=${crypto.randomBytes(32).toString("hex")}`;
  return { body, signature };
}

/**
 * Posts bad deliveries at a steady RATE a second (as a botnet would, whatever the answers), up to
 * REQUESTS of them, for at most SECONDS, with at most MAX_IN_FLIGHT unanswered at once.
 */
async function flood(base, addressOf) {
  const statuses = {};
  const deadline = Date.now() + SECONDS * 1000;
  const started = performance.now();
  const pending = new Set();
  let sent = 0;
  const post = (n) => {
    const { body, signature } = badDelivery(n);
    const request = fetch(`${base}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": signature,
        "X-Forwarded-For": addressOf(n),
      },
      body,
    })
      .then(async (response) => {
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      })
      .catch(() => (statuses.error = (statuses.error ?? 0) + 1))
      .finally(() => pending.delete(request));
    pending.add(request);
  };
  while (sent < REQUESTS && Date.now() < deadline) {
    // Due by now at the steady rate; a slow server gets no more than MAX_IN_FLIGHT waiting.
    const due = Math.min(REQUESTS, Math.floor(((performance.now() - started) / 1000) * RATE));
    while (sent < due && pending.size < MAX_IN_FLIGHT) post(sent++);
    if (sent < due) statuses.skipped = (statuses.skipped ?? 0) + (due - sent);
    sent = Math.max(sent, due);
    await sleep(5);
  }
  await Promise.all(pending);
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

/** Runs the flood in a child process; resolves with how its posts were answered. */
function floodFrom(mode) {
  const child = fork(fileURLToPath(import.meta.url), ["--flood", BASE, mode], { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => (code ? reject(new Error(`flood exited with ${code}`)) : null));
  });
}

const sum = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The server process's CPU time so far in ms (user + system; Linux /proc, 100 ticks a second). */
function serverCpuMs() {
  try {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function phase(name, mode) {
  const cpuBefore = serverCpuMs();
  const posts = mode ? floodFrom(mode) : sleep(IDLE_MS).then(() => null);
  const [result, samples] = await Promise.all([posts, probe(`${BASE}/privacy`, posts)]);
  return {
    name,
    result,
    samples,
    cpuMs: serverCpuMs() - cpuBefore,
    seconds: result ? result.seconds : IDLE_MS / 1000,
  };
}

try {
  for (let i = 0; i < 10; i++) await (await fetch(`${BASE}/privacy`)).arrayBuffer();
  // Documentation addresses (RFC 5737 and 3849): public, so never taken for a proxy.
  const phases = [
    await phase("idle", null),
    await phase("bad signatures, one address", "one"),
    await phase("bad signatures, a new address each", "each"),
  ];
  const idleCpuPerSecond = phases[0].cpuMs / phases[0].seconds;
  const posted = (result) => sum(result.statuses) - (result.statuses.skipped ?? 0);
  console.log(`\nGET /privacy during a webhook flood (${os.cpus().length} cores):`);
  console.table(
    phases.map(({ name, result, samples, cpuMs, seconds }) => ({
      phase: name,
      posts: result ? sum(result.statuses) - (result.statuses.skipped ?? 0) : 0,
      "posts/s": result
        ? Math.round((sum(result.statuses) - (result.statuses.skipped ?? 0)) / result.seconds)
        : 0,
      answers: result ? JSON.stringify(result.statuses) : "-",
      // What each post cost the server beyond the probe's pages (the idle phase's CPU a second).
      "server CPU ms/post": result
        ? Math.round(((cpuMs - idleCpuPerSecond * seconds) / Math.max(1, posted(result))) * 100) /
          100
        : "-",
      ...summary(samples),
    })),
  );
} finally {
  await server.stop();
  await stripe.close();
}
