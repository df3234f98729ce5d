// `npm run bench:pages`: JavaScript bytes (gzip) per public page and a Lighthouse mobile run for
// the landing pages, against the production build served locally. Prints numbers; asserts nothing.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DIRECT_PUBLIC_PAGES } from "../server/public-page-urls.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.BENCH_PORT ?? 3300);
const BASE = `http://localhost:${PORT}`;
// Lighthouse runs each page this many times and prints the median run (by performance score),
// because one run on a shared machine varies by several points.
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const LIGHTHOUSE_PAGES = ["/", "/damage-estimates"];
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

if (!fs.existsSync("build/server/index.js")) {
  spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-bench-"));
const server = spawn("node", ["server/index.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Server did not start");
}

async function javascriptBytes() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const rows = [];
  for (const pagePath of DIRECT_PUBLIC_PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    page.on("response", async (response) => {
      const url = response.url();
      if (url.startsWith(BASE) && url.endsWith(".js")) {
        scripts.set(
          url,
          response.body().catch(() => Buffer.alloc(0)),
        );
      }
    });
    await page.goto(BASE + pagePath, { waitUntil: "networkidle" });
    // Give the post-render analytics window (load + idle, 3 s at most) the chance to load code.
    await page.waitForTimeout(3500);
    let raw = 0;
    let gzip = 0;
    for (const body of scripts.values()) {
      const bytes = await body;
      raw += bytes.length;
      gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    }
    rows.push({
      page: pagePath,
      files: scripts.size,
      "JS KB": (raw / 1024).toFixed(1),
      "JS KB gzip": (gzip / 1024).toFixed(1),
    });
    await context.close();
  }
  await browser.close();
  return rows;
}

async function lighthouseRun(chrome, pagePath) {
  // The default config is the mobile profile: slow 4G and 4x CPU slowdown.
  const result = await lighthouse(BASE + pagePath, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  const lhr = result.lhr;
  if (lhr.runtimeError)
    console.warn(`Lighthouse on ${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const failed = Boolean(lhr.runtimeError);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    page: pagePath,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    "best-practices": Math.round(lhr.categories["best-practices"].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    "FCP s": (audit("first-contentful-paint") / 1000).toFixed(2),
    "LCP s": (audit("largest-contentful-paint") / 1000).toFixed(2),
    "TBT ms": Math.round(audit("total-blocking-time")),
    CLS: audit("cumulative-layout-shift").toFixed(3),
    failed,
  };
}

async function lighthouseMobile() {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const pagePath of LIGHTHOUSE_PAGES) {
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        // Chrome now and then fails to record the trace (NO_NAVSTART): run that one again.
        let result = await lighthouseRun(chrome, pagePath);
        for (let retry = 0; result.failed && retry < 2; retry++)
          result = await lighthouseRun(chrome, pagePath);
        runs.push(result);
      }
      runs.sort((a, b) => a.performance - b.performance || Number(b["LCP s"]) - Number(a["LCP s"]));
      const median = runs[Math.floor(runs.length / 2)];
      const { failed: _failed, ...shown } = median;
      rows.push({ ...shown, "performance, all runs": runs.map((r) => r.performance).join(" ") });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

try {
  await waitForServer();
  console.log("\nJavaScript per page (everything the browser downloaded, gzip -9):");
  console.table(await javascriptBytes());
  console.log(
    `\nLighthouse 12, mobile profile (slow 4G, 4x CPU), the median of ${LIGHTHOUSE_RUNS} runs:`,
  );
  console.table(await lighthouseMobile());
  console.log(
    "Targets: performance >= 98 and LCP <= 1.8 s on / and /damage-estimates, CLS <= 0.05; JS at most 125 KB gzip on /, 130 KB on every other public page (server/js-budget.test.ts enforces the bytes).",
  );
} finally {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
}
