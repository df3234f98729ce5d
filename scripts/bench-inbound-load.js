// `npm run bench:inbound-load`: how much hostile inbound email slows everybody else, and how much
// one SMTP client can make the database grow. Serves the production build (BUILD_DIR, default
// `build`; built first if missing) with a throwaway DATA_DIR and the SMTP listener on, makes one
// account with a known inbound token in its database, then:
//   1. idle: /healthz alone;
//   2. webhook: four 9.45 MB text/html emails of nested tables posted at once, twice;
//   3. SMTP: one client sending 9 MB emails to the account back to back for 10 seconds.
// During each phase it fetches /healthz every 50 ms and prints its latency (p50/p95/p99/max),
// how the emails were answered, the CPU time of the server's main thread (what a stall is made
// of, and unlike latency not inflated by whatever else the machine runs), the server's memory
// and the database's growth. Prints numbers;
// asserts nothing. BENCH_PORT picks the HTTP port (default: the first free one in 3400-3499),
// the SMTP port is the next free one.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import Database from "better-sqlite3";
import nodemailer from "nodemailer";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PROBE_INTERVAL_MS = 50;
const IDLE_MS = 2_000;
const SMTP_FLOOD_MS = 10_000;

if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
  const built = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "0.0.0.0", () => probe.close(() => resolve(true)));
  });
}

async function choosePort(from) {
  for (let port = from; port < 3500; port++) if (await portIsFree(port)) return port;
  throw new Error("No free port in 3400-3499; set BENCH_PORT");
}

const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await choosePort(3400);
const SMTP_PORT = await choosePort(PORT + 1);
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-bench-inbound-"));
const server = spawn("node", ["server/index.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    INBOUND_SMTP_PORT: String(SMTP_PORT),
    LOG_LEVEL: "error",
  },
  stdio: ["ignore", "ignore", "pipe"],
});
readline.createInterface({ input: server.stderr }).on("line", (line) => {
  process.stderr.write(line + "\n");
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
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

function summary(samples) {
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

/** Fetches /healthz every PROBE_INTERVAL_MS, without waiting for the last one, until `until`. */
async function probe(until) {
  const requests = [];
  let done = false;
  const stop = () => (done = true);
  until.then(stop, stop);
  while (!done) {
    const started = performance.now();
    requests.push(
      fetch(`${BASE}/healthz`).then(async (response) => {
        await response.arrayBuffer();
        return performance.now() - started;
      }),
    );
    await sleep(PROBE_INTERVAL_MS);
  }
  return Promise.all(requests);
}

/** Resident memory of the server process, sampled until `until` settles; the most seen, in MB. */
async function peakRssMb(until) {
  let peak = 0;
  let done = false;
  const stop = () => (done = true);
  until.then(stop, stop);
  while (!done) {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
    peak = Math.max(peak, Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
    await sleep(100);
  }
  return Math.round(peak);
}

/** CPU time the server's main thread has used, in ms: unlike latency, not skewed by other load. */
function mainThreadCpuMs() {
  const stat = fs.readFileSync(`/proc/${server.pid}/task/${server.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function databaseMb() {
  let bytes = 0;
  for (const name of fs.readdirSync(dataDir)) {
    if (name.startsWith("fleetassist.db")) bytes += fs.statSync(path.join(dataDir, name)).size;
  }
  return Math.round(bytes / 1e5) / 10;
}

function accountWithToken(name) {
  const db = new Database(path.join(dataDir, "fleetassist.db"));
  db.pragma("busy_timeout = 5000");
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  const token = crypto.randomBytes(32).toString("base64url");
  db.prepare(
    "INSERT INTO users (id, username, username_key, email, password_hash) VALUES (?, ?, ?, ?, 'x')",
  ).run(userId, name, name, `${name}@example.com`);
  db.prepare("INSERT INTO accounts (id, owner_user_id) VALUES (?, ?)").run(accountId, userId);
  db.prepare("INSERT INTO memberships (account_id, user_id, role) VALUES (?, ?, 'primary')").run(
    accountId,
    userId,
  );
  db.prepare("INSERT INTO inbound_tokens (account_id, token) VALUES (?, ?)").run(accountId, token);
  db.close();
  return token;
}

function nestedTablesHtml(bytes) {
  const unit =
    "<table><tr><td>".repeat(40) + "Cell text for the guest" + "</td></tr></table>".repeat(40);
  return `<html><body>${unit.repeat(Math.ceil(bytes / unit.length))}</body></html>`;
}

function htmlEmail(id, html) {
  return Buffer.from(
    [
      "From: Turo <noreply@mail.turo.com>",
      "To: host@example.com",
      `Subject: Nested tables ${id}`,
      `Message-ID: <${id}@bench.test>`,
      "MIME-Version: 1.0",
      "Content-Type: text/html; charset=utf-8",
      "",
      html,
      "",
    ].join("\r\n"),
  );
}

async function phase(name, work) {
  const before = databaseMb();
  const cpuBefore = mainThreadCpuMs();
  const started = performance.now();
  const running = work();
  const [results, samples, rss] = await Promise.all([running, probe(running), peakRssMb(running)]);
  const wallMs = performance.now() - started;
  const cpuMs = mainThreadCpuMs() - cpuBefore;
  const answers = {};
  for (const { status } of results) answers[status] = (answers[status] ?? 0) + 1;
  return {
    phase: name,
    ...summary(samples),
    answers: JSON.stringify(answers),
    "main thread CPU ms": `${cpuMs} of ${Math.round(wallMs)}`,
    "peak RSS MB": rss,
    "DB growth MB": Math.round((databaseMb() - before) * 10) / 10,
  };
}

try {
  await waitForServer();
  const token = accountWithToken("benchweb");
  // Its own account: the webhook phases used up much of the first one's daily allowance.
  const smtpToken = accountWithToken("benchsmtp");
  for (let i = 0; i < 5; i++) await (await fetch(`${BASE}/healthz`)).arrayBuffer();
  const html = nestedTablesHtml(9_450_000);
  const rows = [];

  rows.push(await phase("idle", () => sleep(IDLE_MS).then(() => [])));

  for (const round of [1, 2]) {
    rows.push(
      await phase(`webhook: 4 × 9.45 MB HTML at once (round ${round})`, () =>
        Promise.all(
          [1, 2, 3, 4].map(async (i) => {
            const started = performance.now();
            const response = await fetch(`${BASE}/api/inbound/email/${token}`, {
              method: "POST",
              headers: { "Content-Type": "message/rfc822" },
              body: htmlEmail(`r${round}-${i}`, html),
            });
            await response.arrayBuffer();
            return { status: response.status, ms: performance.now() - started };
          }),
        ),
      ),
    );
  }

  rows.push(
    await phase(`SMTP: one client, 9 MB emails for ${SMTP_FLOOD_MS / 1000} s`, async () => {
      const transport = nodemailer.createTransport({
        host: "127.0.0.1",
        port: SMTP_PORT,
        secure: false,
        pool: true,
        maxConnections: 8,
      });
      const body = "A".repeat(76) + "\r\n";
      const text = body.repeat(Math.floor(9_000_000 / body.length));
      const results = [];
      const until = Date.now() + SMTP_FLOOD_MS;
      let n = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() < until) {
            const id = n++;
            try {
              await transport.sendMail({
                from: "flood@example.com",
                to: `${smtpToken}@inbound.bench.test`,
                subject: `Flood ${id}`,
                messageId: `<flood-${id}@bench.test>`,
                text,
              });
              results.push({ status: 250 });
            } catch (error) {
              results.push({ status: error.responseCode ?? error.code ?? "error" });
            }
          }
        }),
      );
      transport.close();
      return results;
    }),
  );

  console.log(`\n/healthz latency while inbound email is received (${os.cpus().length} cores):`);
  console.table(rows);
  console.log(
    "Target: /healthz p95 < 200 ms in every phase; the database grows by at most the account's daily allowance (INBOUND_DAILY_MB, default 100 MB).",
  );
} finally {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
