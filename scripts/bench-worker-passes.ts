// The background passes' time with 1 and with 1,000 accounts that have history and nothing due
// (tests/support/idle-accounts.ts), on a throwaway DATA_DIR, each pass run in-process as the
// server's timer runs it: the median of RUNS passes, in ms, and the statements each pass ran.
// Part of `npm run bench:scale`; run alone with `node --import tsx scripts/bench-worker-passes.ts`.
// Prints one line of JSON: [{ name, accounts, medianMs, maxMs, queries }].
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const RUNS = Number(process.env.WORKER_RUNS ?? 15);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-bench-workers-"));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "error";

const { db, closeDatabase } = await import("../app/lib/runtime/db.server");
const { insertIdleAccounts } = await import("../tests/support/idle-accounts");
const { loadWorkerPasses } = await import("../tests/support/worker-passes");
const { recordQueries } = await import("../tests/support/query-plan");

const passes = await loadWorkerPasses();
const results: {
  name: string;
  accounts: number;
  medianMs: number;
  maxMs: number;
  queries: number;
}[] = [];
try {
  // Besides the demo account every installation starts with.
  let accounts = 0;
  for (const target of [1, 1_000]) {
    insertIdleAccounts(db().$client, target - accounts);
    accounts = target;
    const now = Date.now();
    for (const pass of passes) {
      await pass.run(now); // warm: statements prepared, pages cached
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await pass.run(now);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const { queries } = await recordQueries(db().$client, () => pass.run(now));
      results.push({
        name: pass.name,
        accounts,
        medianMs: Math.round(times[Math.floor(times.length / 2)]! * 100) / 100,
        maxMs: Math.round(times.at(-1)! * 100) / 100,
        queries: queries.length,
      });
    }
  }
} finally {
  closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(results));
