// `npm run bench:inbound-load`: how much hostile inbound email slows everybody else, and how much
// one SMTP client can make the database grow. Serves the production build (BUILD_DIR, default
// `build`; built first if missing) with a throwaway DATA_DIR and the SMTP listener on, makes one
// account with a known inbound token in its database, then:
//   1. idle: /healthz alone;
//   2. webhook: four 9.45 MB text/html emails of nested tables posted at once, twice;
//   3. SMTP: one client sending 9 MB emails to the account back to back for 10 seconds.
// The emails are sent from a worker thread, so their copying and encoding don't delay the probes.
// During each phase it fetches /healthz every 50 ms and prints its latency (p50/p95/p99/max),
// how the emails were answered, the CPU time of the server's main thread (what a stall is made
// of, and unlike latency not inflated by whatever else the machine runs), the server's memory
// and the database's growth. Prints numbers;
// asserts nothing. BENCH_PORT picks the HTTP port (default: the first free one in 3400-3499),
// the SMTP port is the next free one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { accountWithInboundToken } from "../tests/support/inbound-account.js";
import {
  benchPort,
  buildIfMissing,
  firstFreePort,
  probe,
  sleep,
  startServer,
  summary,
} from "./bench-support.js";

const IDLE_MS = 2_000;
const SMTP_FLOOD_MS = 10_000;

buildIfMissing();
const PORT = await benchPort();
const SMTP_PORT = await firstFreePort(PORT + 1);
const BASE = `http://127.0.0.1:${PORT}`;
const server = await startServer({
  name: "inbound",
  port: PORT,
  base: BASE,
  env: { INBOUND_SMTP_PORT: String(SMTP_PORT), LOG_LEVEL: "error" },
  onStderrLine: (line) => process.stderr.write(line + "\n"),
});
const { dataDir } = server;

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

/**
 * A worker thread that sends (scripts/bench-inbound-load-worker.js), started and ready; calling
 * the returned function starts the sending and resolves with how each email was answered.
 */
async function sender(workerData) {
  const worker = new Worker(new URL("./bench-inbound-load-worker.js", import.meta.url), {
    workerData,
  });
  await new Promise((resolve, reject) => {
    worker.once("online", resolve);
    worker.once("error", reject);
  });
  return () =>
    new Promise((resolve, reject) => {
      worker.once("message", (results) => worker.terminate().then(() => resolve(results)));
      worker.once("error", reject);
      worker.postMessage("go");
    });
}

async function phase(name, work) {
  const before = databaseMb();
  const cpuBefore = mainThreadCpuMs();
  const started = performance.now();
  const running = work();
  const [results, samples, rss] = await Promise.all([
    running,
    // /healthz answers 503 while the database is busy: that is a sample too.
    probe(`${BASE}/healthz`, running, { anyStatus: true }),
    peakRssMb(running),
  ]);
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
  const token = accountWithInboundToken(dataDir, "benchweb");
  // Its own account: the webhook phases used up much of the first one's daily allowance.
  const smtpToken = accountWithInboundToken(dataDir, "benchsmtp");
  for (let i = 0; i < 5; i++) await (await fetch(`${BASE}/healthz`)).arrayBuffer();
  const html = nestedTablesHtml(9_450_000);
  const rows = [];

  rows.push(await phase("idle", () => sleep(IDLE_MS).then(() => [])));

  for (const round of [1, 2]) {
    // Built before the phase; posted from the worker.
    const emails = [1, 2, 3, 4].map((i) => htmlEmail(`r${round}-${i}`, html));
    const senders = await sender({
      mode: "webhook",
      url: `${BASE}/api/inbound/email/${token}`,
      emails,
    });
    rows.push(await phase(`webhook: 4 × 9.45 MB HTML at once (round ${round})`, senders));
  }

  rows.push(
    await phase(
      `SMTP: one client, 9 MB emails for ${SMTP_FLOOD_MS / 1000} s`,
      await sender({
        mode: "smtp",
        port: SMTP_PORT,
        to: `${smtpToken}@inbound.bench.test`,
        ms: SMTP_FLOOD_MS,
        connections: 8,
      }),
    ),
  );

  console.log(`\n/healthz latency while inbound email is received (${os.cpus().length} cores):`);
  console.table(rows);
  console.log(
    "Target: /healthz p95 < 200 ms in every phase; the database grows by at most the account's daily allowance (INBOUND_DAILY_MB, default 100 MB).",
  );
} finally {
  await server.stop();
}
