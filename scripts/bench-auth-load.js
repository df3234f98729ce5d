// `npm run bench:auth-load`: how much a burst of wrong-password logins slows everybody else.
// Serves the production build (BUILD_DIR, default `build`; built first if missing) with a
// throwaway DATA_DIR and TRUST_PROXY=true, so every login carries its own X-Forwarded-For address
// and stays inside the per-address rate limits. While the logins are in flight it fetches `GET /`
// and one hashed asset every 50 ms each, and prints their latency (p50/p95/p99/max) per phase,
// plus how the logins were answered. Prints numbers; asserts nothing. BENCH_PORT picks the port
// (default: the first free one in 3400-3499).
import os from "node:os";
import { benchPort, buildIfMissing, probe, sleep, startServer, summary } from "./bench-support.js";

const IDLE_MS = 2_000;
const ACCOUNT = {
  username: "benchhost",
  email: "benchhost@fleet.test",
  password: "bench-correct-horse-battery-42",
  firstName: "Bench",
  lastName: "Host",
};

buildIfMissing();
const PORT = await benchPort();
const BASE = `http://localhost:${PORT}`;
const server = await startServer({
  name: "auth",
  port: PORT,
  base: BASE,
  env: { TRUST_PROXY: "true", LOG_LEVEL: "error" },
  // Errors only, without the request lines: every refused login is a logged 503.
  onStderrLine: (line) => {
    if (!line.includes('"msg":"request"')) process.stderr.write(line + "\n");
  },
});

/** One wrong-password login, as the browser's form post to /auth or as JSON to /api/login. */
async function wrongLogin(kind, address, attempt) {
  const password = `not-the-password-${attempt}`;
  const headers = { "X-Forwarded-For": address };
  const request =
    kind === "form"
      ? {
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ identifier: ACCOUNT.username, password }).toString(),
        }
      : {
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify({ identifier: ACCOUNT.username, password }),
        };
  const started = performance.now();
  const response = await fetch(`${BASE}${kind === "form" ? "/auth" : "/api/login"}`, {
    method: "POST",
    redirect: "manual",
    ...request,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

async function phase(name, logins, urls) {
  const burst = logins.length
    ? Promise.all(logins.map((login) => login()))
    : sleep(IDLE_MS).then(() => []);
  const [results, ...probes] = await Promise.all([burst, ...urls.map((url) => probe(url, burst))]);
  const statuses = {};
  for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;
  return { name, results, statuses, probes };
}

try {
  // Client addresses are documentation ones (RFC 5737): public, so never taken for a proxy.
  const registered = await fetch(`${BASE}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.99" },
    body: JSON.stringify(ACCOUNT),
  });
  if (registered.status !== 201) {
    throw new Error(`Registration failed: ${registered.status} ${await registered.text()}`);
  }
  const html = await (await fetch(`${BASE}/`)).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  if (!asset) throw new Error("No hashed asset under /assets/ in the home page");
  const urls = [`${BASE}/`, `${BASE}${asset}`];
  const labels = ["GET /", `GET ${asset}`];
  // Warm up: the first renders compile and fill caches.
  for (let i = 0; i < 5; i++) for (const url of urls) await (await fetch(url)).arrayBuffer();

  const phases = [];
  phases.push(await phase("idle (no logins)", [], urls));
  phases.push(
    await phase(
      "10 wrong logins, 1 address (form POST /auth)",
      Array.from({ length: 10 }, (_, i) => () => wrongLogin("form", "203.0.113.10", i)),
      urls,
    ),
  );
  await sleep(1_000);
  phases.push(
    await phase(
      "60 wrong logins, 60 addresses (JSON POST /api/login)",
      Array.from({ length: 60 }, (_, i) => () => wrongLogin("json", `198.51.100.${i + 1}`, i)),
      urls,
    ),
  );

  console.log(`\nLatency of other requests while logins are checked (${os.cpus().length} cores):`);
  const rows = [];
  for (const { name, probes } of phases) {
    probes.forEach((samples, i) =>
      rows.push({ phase: name, request: labels[i], ...summary(samples) }),
    );
  }
  console.table(rows);
  console.log("Logins:");
  console.table(
    phases
      .filter(({ results }) => results.length > 0)
      .map(({ name, results, statuses }) => ({
        phase: name,
        logins: results.length,
        401: statuses[401] ?? 0,
        429: statuses[429] ?? 0,
        503: statuses[503] ?? 0,
        other: results.filter(({ status }) => ![401, 429, 503].includes(status)).length,
        ...Object.fromEntries(
          Object.entries(summary(results.map(({ ms }) => ms))).map(([key, value]) => [
            key === "n" ? "answered" : `login ${key}`,
            value,
          ]),
        ),
      })),
  );
  console.log("Target: p95 < 150 ms for GET / and the asset during every burst.");
} finally {
  await server.stop();
}
