// `npm run bench:estimate`: the damage-estimate photo flow against the production build served
// locally, with 10 generated 12-MP phone-like photos. Prints numbers; asserts nothing.
//   1. Server pipeline time per photo (`processPhoto`), pinned to one core.
//   2. Upload bytes saved by the browser resize (Chromium, the real /app uploader).
//   3. Upload → estimate through POST /api/analysis and the local AI test server.
// Ports: BENCH_PORT (app, default 3310) and BENCH_AI_PORT (AI server, default BENCH_PORT + 1).
// `node scripts/bench-estimate.js pipeline` (or `upload`, `e2e`, several) runs only those steps.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, request as apiRequest } from "@playwright/test";
import sharp from "sharp";
import { startAiServer } from "../tests/support/ai-server.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.BENCH_PORT ?? 3310);
const AI_PORT = Number(process.env.BENCH_AI_PORT ?? PORT + 1);
const BASE = `http://localhost:${PORT}`;
const PHOTO_COUNT = 10;
const WIDTH = 4032;
const HEIGHT = 3024;
/** What the local AI server waits before every answer: stands in for the model's own time. */
const MODEL_DELAY_MS = 500;
const TARGETS = { photoP90Ms: 300, uploadRatio: 8, endToEndMs: 5000 };
const MB = 1024 * 1024;
const ALL_STEPS = ["pipeline", "upload", "e2e"];
const steps = new Set(process.argv.length > 2 ? process.argv.slice(2) : ALL_STEPS);
for (const step of steps) {
  if (!ALL_STEPS.includes(step)) {
    console.error(`Unknown step "${step}". Steps: ${ALL_STEPS.join(", ")} (default: all).`);
    process.exit(2);
  }
}

// ─── Test photos ────────────────────────────────────────────────────────────────────────────────

/** mulberry32: a small seeded generator, so every run benchmarks the same photos. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A parked car as a phone would see it, in raw RGB: sky and asphalt gradients, background
 * blocks, a shaded body with windows, wheels and scratches, then uneven light, fine texture and
 * sensor noise. Texture and noise are what make the JPEG as big as a real phone photo (2.5–5 MB
 * at quality 92).
 */
function paintScene(seed) {
  const rand = seeded(seed);
  const between = (low, high) => low + rand() * (high - low);
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 3);
  const muted = (base) => base.map((channel) => channel * between(0.55, 1.05));

  // Paints rows y0..y1, each from the x range `span(y)` returns, in `rgb` shaded top to bottom.
  const fill = (y0, y1, span, rgb, shadeTop = 1, shadeBottom = 1) => {
    const top = Math.max(0, Math.floor(y0));
    const bottom = Math.min(HEIGHT - 1, Math.ceil(y1));
    for (let y = top; y <= bottom; y++) {
      const range = span(y);
      if (!range) continue;
      const shade = shadeTop + ((shadeBottom - shadeTop) * (y - y0)) / Math.max(1, y1 - y0);
      const r = rgb[0] * shade;
      const g = rgb[1] * shade;
      const b = rgb[2] * shade;
      const x0 = Math.max(0, Math.floor(range[0]));
      const x1 = Math.min(WIDTH - 1, Math.ceil(range[1]));
      for (let x = x0, i = (y * WIDTH + x0) * 3; x <= x1; x++, i += 3) {
        pixels[i] = r;
        pixels[i + 1] = g;
        pixels[i + 2] = b;
      }
    }
  };
  const rect = (x0, y0, x1, y1, rgb, shadeTop, shadeBottom) =>
    fill(y0, y1, () => [x0, x1], rgb, shadeTop, shadeBottom);
  const ellipse = (cx, cy, rx, ry, rgb, shadeTop, shadeBottom, upperHalfOnly = false) =>
    fill(
      cy - ry,
      upperHalfOnly ? cy : cy + ry,
      (y) => {
        const dy = (y - cy) / ry;
        if (dy * dy > 1) return null;
        const half = rx * Math.sqrt(1 - dy * dy);
        return [cx - half, cx + half];
      },
      rgb,
      shadeTop,
      shadeBottom,
    );

  // Sky, a row of buildings or hedges on the horizon, asphalt.
  const horizon = HEIGHT * between(0.35, 0.5);
  const sky = muted([150, 180, 215]);
  for (let band = 0; band < 8; band++) {
    const y0 = (horizon * band) / 8;
    rect(0, y0, WIDTH, y0 + horizon / 8, sky, 0.8 + band * 0.03, 0.83 + band * 0.03);
  }
  for (let x = -200; x < WIDTH; x += between(250, 700)) {
    const height = between(200, 900);
    rect(x, horizon - height, x + between(250, 650), horizon, muted([120, 115, 105]), 1, 0.8);
  }
  rect(0, horizon, WIDTH, HEIGHT, muted([105, 105, 108]), 0.75, 1.1);

  // The car: body, cabin, windows, wheels, a few light scratches on the body.
  const carX = between(0.35, 0.65) * WIDTH;
  const carY = horizon + (HEIGHT - horizon) * between(0.35, 0.5);
  const length = between(0.55, 0.8) * WIDTH;
  const bodyHeight = length * between(0.16, 0.2);
  const paint = [rand() * 200 + 30, rand() * 200 + 30, rand() * 200 + 30];
  const wheelRadius = bodyHeight * 0.48;
  ellipse(carX, carY - bodyHeight * 0.5, length * 0.3, bodyHeight * 0.95, paint, 1.15, 0.9, true);
  ellipse(
    carX,
    carY - bodyHeight * 0.5,
    length * 0.25,
    bodyHeight * 0.8,
    [45, 55, 65],
    1.2,
    0.7,
    true,
  );
  rect(
    carX - length / 2,
    carY - bodyHeight / 2,
    carX + length / 2,
    carY + bodyHeight / 2,
    paint,
    1.2,
    0.7,
  );
  for (const side of [-1, 1]) {
    ellipse(carX + side * length * 0.5, carY, bodyHeight * 0.2, bodyHeight * 0.5, paint, 1.1, 0.7);
    const wheelX = carX + side * length * 0.32;
    const wheelY = carY + bodyHeight * 0.45;
    ellipse(wheelX, wheelY, wheelRadius, wheelRadius, [28, 28, 30]);
    ellipse(wheelX, wheelY, wheelRadius * 0.55, wheelRadius * 0.55, [170, 172, 175], 1.1, 0.8);
  }
  for (let scratch = 0; scratch < 6; scratch++) {
    const x = carX + between(-0.4, 0.3) * length;
    const y = carY + between(-0.4, 0.3) * bodyHeight;
    rect(x, y, x + between(80, 400), y + between(2, 6), [225, 225, 225]);
  }

  // Fine texture (value noise on a few-pixel grid) and sensor noise, per pixel and channel.
  const cell = Math.round(between(3, 6));
  const gridWidth = Math.ceil(WIDTH / cell);
  const grid = new Float32Array(gridWidth * Math.ceil(HEIGHT / cell));
  for (let i = 0; i < grid.length; i++) grid[i] = (rand() - 0.5) * 28;
  // Uneven light across the frame, different in every photo, so no two scenes share their coarse
  // layout (the server's duplicate check compares 9×8 thumbnails).
  const light = new Float32Array(WIDTH).fill(1);
  for (let wave = 0; wave < 3; wave++) {
    const cycles = between(0.5, 4);
    const phase = between(0, 2 * Math.PI);
    const depth = between(0.06, 0.14);
    for (let x = 0; x < WIDTH; x++) {
      light[x] += depth * Math.sin((2 * Math.PI * cycles * x) / WIDTH + phase);
    }
  }
  let noise = (seed * 2654435761) >>> 0 || 1;
  for (let y = 0, i = 0; y < HEIGHT; y++) {
    const gridRow = Math.floor(y / cell) * gridWidth;
    for (let x = 0; x < WIDTH; x++) {
      const texture = grid[gridRow + Math.floor(x / cell)];
      for (let channel = 0; channel < 3; channel++, i++) {
        noise ^= noise << 13;
        noise ^= noise >>> 17;
        noise ^= noise << 5;
        // Two bytes summed: a triangular distribution, ±10 levels (standard deviation ~4).
        const sensor = (((noise & 255) + ((noise >>> 8) & 255) - 255) / 255) * 10;
        pixels[i] = pixels[i] * light[x] + texture + sensor;
      }
    }
  }
  return Buffer.from(pixels.buffer);
}

/**
 * Camera metadata per photo. Half are iPhone-like: a Display P3 profile (the pixels converted to
 * it, as the camera does), every other one a portrait shot stored sideways (orientation 6). The
 * other half carry no ICC profile (sRGB implied), like many Android phones. The server's cost
 * differs between the two, so the per-photo table shows which is which.
 */
function phoneFor(index) {
  const iphone = index % 2 === 0;
  return {
    camera: iphone ? "Apple iPhone 15" : "Samsung Galaxy S23",
    icc: iphone ? "p3" : null,
    orientation: iphone && index % 4 === 2 ? 6 : 1,
    takenAt: `2025:06:14 10:${String(10 + index).padStart(2, "0")}:31`,
  };
}

/** Writes a warm-up photo and PHOTO_COUNT benchmark photos; returns their paths and sizes. */
async function generatePhotos(dir) {
  const jobs = [
    // A P3 portrait shot, so the warm-up runs every code path before the timed photos.
    { name: "warm-up.jpg", seed: 999, phone: phoneFor(2) },
    ...Array.from({ length: PHOTO_COUNT }, (_, index) => ({
      name: `IMG_${4001 + index}.JPG`,
      seed: 1000 + index,
      phone: phoneFor(index),
    })),
  ];
  for (const { name, seed, phone } of jobs) {
    const [make, ...model] = phone.camera.split(" ");
    let jpeg = sharp(paintScene(seed), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 92 })
      .withExif({
        IFD0: { Make: make, Model: model.join(" ") },
        IFD2: { DateTimeOriginal: phone.takenAt, OffsetTimeOriginal: "+02:00" },
      });
    // Without withMetadata libvips writes orientation 1 and no profile.
    if (phone.icc) jpeg = jpeg.withMetadata({ orientation: phone.orientation, icc: phone.icc });
    await jpeg.toFile(path.join(dir, name));
  }
  const photos = jobs.slice(1).map(({ name, phone }) => {
    const file = path.join(dir, name);
    return { file, bytes: fs.statSync(file).size, ...phone };
  });
  return { warmUp: path.join(dir, jobs[0].name), photos };
}

// ─── Helpers ────────────────────────────────────────────────────────────────────────────────────

/** min, median, p90 (nearest rank) and max. */
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return {
    min: sorted[0],
    median: sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2,
    p90: sorted[Math.ceil(0.9 * sorted.length) - 1],
    max: sorted.at(-1),
  };
}

const statsText = ({ min, median, p90, max }) =>
  `min ${Math.round(min)} / median ${Math.round(median)} / p90 ${Math.round(p90)} / max ${Math.round(max)} ms`;

const megabytes = (bytes) => `${(bytes / MB).toFixed(2)} MB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const dollars = (cents) =>
  cents == null ? "–" : `$${Math.round(cents / 100).toLocaleString("en-US")}`;

function startServer(dataDir, aiUrl) {
  return spawn("node", ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AI_BASE_URL: aiUrl,
      AI_MODEL: "scenario:recorded",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitForServer(server) {
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`The server exited (code ${server.exitCode})`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server did not start within 15 s");
}

// ─── 1. Server time per photo, one core ─────────────────────────────────────────────────────────

function benchPipeline(warmUp, photos) {
  const pinned = process.platform === "linux" && spawnSync("taskset", ["-V"]).status === 0;
  const command = [
    ...(pinned ? ["taskset", "-c", "0"] : []),
    process.execPath,
    "--import",
    "tsx",
    "scripts/bench-photo-worker.ts",
    warmUp,
    ...photos.map((photo) => photo.file),
  ];
  const run = spawnSync(command[0], command.slice(1), {
    env: { ...process.env, UV_THREADPOOL_SIZE: "1", NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 10 * MB,
  });
  if (run.status !== 0) {
    throw new Error(`The pipeline worker failed (exit ${run.status}):\n${run.stderr}`);
  }
  const result = JSON.parse(run.stdout.trim().split("\n").at(-1));
  const timed = result.photos.map((timing, index) => ({ ...timing, icc: photos[index].icc }));
  const cpuWhere = (keep) => timed.filter(keep).map((photo) => photo.cpuMs);
  return {
    ...result,
    photos: timed,
    pinned,
    wall: stats(timed.map((photo) => photo.ms)),
    cpu: stats(timed.map((photo) => photo.cpuMs)),
    // An embedded profile means a color conversion, and it is most of the cost.
    cpuWithProfile: stats(cpuWhere((photo) => photo.icc)),
    cpuWithoutProfile: stats(cpuWhere((photo) => !photo.icc)),
  };
}

// ─── Session: a new host with one vehicle ───────────────────────────────────────────────────────

async function createHost() {
  const api = await apiRequest.newContext({ baseURL: BASE });
  try {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const registered = await api.post("/api/register", {
      data: {
        username: `bench_${id}`,
        email: `bench-${id}@example.com`,
        password: `Bench-${id}-photos`,
        firstName: "Bench",
        lastName: "Host",
      },
    });
    if (registered.status() !== 201) {
      throw new Error(
        `POST /api/register answered ${registered.status()}: ${await registered.text()}`,
      );
    }
    const added = await api.post("/api/user/vehicles", {
      data: {
        year: 2021,
        make: "Toyota",
        model: "Camry",
        bodyType: "sedan",
        priceClass: "mid",
        paintType: "metallic-pearl",
      },
    });
    if (added.status() !== 201) {
      throw new Error(`POST /api/user/vehicles answered ${added.status()}: ${await added.text()}`);
    }
    const { vehicle } = await added.json();
    const storageState = await api.storageState();
    const cookie = storageState.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    return { storageState, cookie, vehicleId: vehicle.id };
  } finally {
    await api.dispose();
  }
}

// ─── 2. Upload bytes with the browser resize ────────────────────────────────────────────────────

/**
 * Runs in the page before the app: reports every FormData our uploader sends to /api/photos, with
 * the length of its multipart encoding and the photo it carries. Chromium leaves blob-backed
 * parts out of what the DevTools protocol sees (Playwright's `postDataBuffer()` is null and
 * `sizes().requestBodySize` 0 for these uploads), so the body is measured here instead:
 * `new Response(form)` encodes it exactly as XMLHttpRequest does.
 */
function watchPhotoUploads() {
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.benchTarget = `${method.toUpperCase()} ${new URL(url, location.href).pathname}`;
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (this.benchTarget === "POST /api/photos" && body instanceof FormData) {
      const photo = body.get("photo");
      void new Response(body).blob().then(async (encoded) => {
        const dataUrl = await new Promise((resolve) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result);
          reader.readAsDataURL(photo);
        });
        window.benchPhotoUpload({ name: photo.name, bodyBytes: encoded.size, dataUrl });
      });
    }
    return send.call(this, body);
  };
}

async function benchBrowserUpload(host, photos) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({ baseURL: BASE, storageState: host.storageState });
    const uploads = new Map();
    await context.exposeFunction("benchPhotoUpload", ({ name, bodyBytes, dataUrl }) => {
      const photo = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
      // The uploader renames IMG_4001.JPG to IMG_4001.jpg when it re-encodes.
      uploads.set(name.replace(/\.[^.]*$/, ""), { bodyBytes, photo });
    });
    await context.addInitScript(watchPhotoUploads);
    const page = await context.newPage();
    const answers = [];
    page.on("response", async (response) => {
      const request = response.request();
      if (request.method() !== "POST" || !request.url().endsWith("/api/photos")) return;
      const body = await response.json().catch(() => null);
      answers.push({
        status: response.status(),
        error: body?.error,
        warnings: body?.photo?.warnings ?? [],
      });
    });

    await page.goto("/app");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
    const started = performance.now();
    await page.locator("#photos-library").setInputFiles(photos.map((photo) => photo.file));
    const deadline = Date.now() + 180_000;
    while (answers.length < photos.length || uploads.size < photos.length) {
      if (Date.now() > deadline) {
        throw new Error(
          `Only ${answers.length} of ${photos.length} uploads answered within 3 minutes`,
        );
      }
      await page.waitForTimeout(50);
    }
    const elapsedMs = performance.now() - started;
    const failed = answers.filter((answer) => answer.status !== 201);
    if (failed.length > 0) {
      throw new Error(
        `${failed.length} uploads failed: ${failed.map((a) => `${a.status} ${a.error}`).join("; ")}`,
      );
    }

    const sent = photos.map((photo) => {
      const upload = uploads.get(path.basename(photo.file).replace(/\.[^.]*$/, ""));
      if (!upload) throw new Error(`No upload was seen for ${path.basename(photo.file)}`);
      return upload;
    });
    const originalBytes = photos.reduce((sum, photo) => sum + photo.bytes, 0);
    const uploadedBytes = sent.reduce((sum, upload) => sum + upload.bodyBytes, 0);
    return {
      originalBytes,
      uploadedBytes,
      ratio: originalBytes / uploadedBytes,
      elapsedMs,
      uploads: sent,
      warnings: answers.flatMap((answer) => answer.warnings.map((warning) => warning.code)),
    };
  } finally {
    await browser.close();
  }
}

// ─── 3. Upload → estimate ───────────────────────────────────────────────────────────────────────

/** Stand-in for the browser's resize when its uploads couldn't be captured. */
async function resizeLikeTheBrowser(photos) {
  return Promise.all(
    photos.map((photo) =>
      sharp(photo.file)
        .autoOrient()
        .resize(2048, 2048, { fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}

async function benchEndToEnd(host, ai, files) {
  const form = new FormData();
  form.set("vehicleId", host.vehicleId);
  for (const { name, bytes } of files) {
    form.append("photos", new Blob([bytes], { type: "image/jpeg" }), name);
  }
  const callsBefore = ai.requests().length;
  const started = performance.now();
  const posted = await fetch(`${BASE}/api/analysis`, {
    method: "POST",
    headers: { Cookie: host.cookie, Accept: "application/json" },
    body: form,
  });
  const acceptedMs = performance.now() - started;
  const created = await posted.json().catch(() => null);
  if (posted.status !== 202 || !created?.reportId) {
    throw new Error(`POST /api/analysis answered ${posted.status}: ${JSON.stringify(created)}`);
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    const polled = await fetch(`${BASE}/api/analysis/${created.reportId}`, {
      headers: { Cookie: host.cookie, Accept: "application/json" },
    });
    const report = await polled.json().catch(() => null);
    if (!polled.ok) {
      throw new Error(`GET /api/analysis/${created.reportId} answered ${polled.status}`);
    }
    if (report.status === "needs_review" || report.status === "complete") {
      const totalMs = performance.now() - started;
      return {
        bytes: files.reduce((sum, file) => sum + file.bytes.length, 0),
        acceptedMs,
        totalMs,
        modelCalls: ai.requests().length - callsBefore,
        findings: report.findings?.length ?? 0,
        low: report.low,
        high: report.high,
      };
    }
    if (report.status === "failed") throw new Error(`The analysis failed: ${report.failureReason}`);
    if (Date.now() > deadline) throw new Error(`Still "${report.status}" after 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ─── Run ────────────────────────────────────────────────────────────────────────────────────────

const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-bench-photos-"));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-bench-"));
const results = {};
const problems = {};
let server;
let ai;

async function measure(step, run) {
  try {
    results[step] = await run();
  } catch (error) {
    problems[step] = error instanceof Error ? error.message : String(error);
    console.error(`\n${step}: not measured. ${problems[step]}`);
  }
}

function printPipeline(run) {
  console.table(
    run.photos.map((photo) => ({
      file: photo.file,
      "ICC profile": photo.icc ?? "none",
      ms: Math.round(photo.ms),
      "CPU ms": Math.round(photo.cpuMs),
      display: photo.display,
      sharpness: Math.round(photo.sharpness),
      warnings: photo.warnings.join(", ") || "none",
    })),
  );
  console.log(
    `${run.pinned ? "Pinned with taskset -c 0" : "taskset is not available: NOT pinned to one core"}` +
      `, UV_THREADPOOL_SIZE=${run.threadpoolSize}, sharp.concurrency=${run.sharpConcurrency}.\n` +
      `Wall: ${statsText(run.wall)}\nCPU:  ${statsText(run.cpu)}\n` +
      `CPU, photos with a P3 profile: ${statsText(run.cpuWithProfile)}\n` +
      `CPU, photos without a profile: ${statsText(run.cpuWithoutProfile)}`,
  );
  // Pinned to an idle core, wall time equals CPU time; more means other processes shared it.
  if (run.wall.median > 1.2 * run.cpu.median) {
    console.log(
      `The core was shared (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} ` +
        "CPUs): wall times are inflated. The target is judged on CPU time.",
    );
  }
}

function printUpload(run, photos) {
  console.table(
    photos.map((photo, index) => ({
      file: path.basename(photo.file),
      original: megabytes(photo.bytes),
      "upload body": megabytes(run.uploads[index].bodyBytes),
      "of which photo": megabytes(run.uploads[index].photo.length),
    })),
  );
  console.log(
    `Prepared and uploaded in ${seconds(run.elapsedMs)} (the uploader sends 2 at a time); ` +
      `quality warnings: ${run.warnings.join(", ") || "none"}.`,
  );
}

const withoutModel = (run) => run.totalMs - MODEL_DELAY_MS * run.modelCalls;

function printEndToEnd(runs) {
  const rows = runs
    .filter(([, run]) => run)
    .map(([label, run]) => ({
      photos: label,
      sent: megabytes(run.bytes),
      "202 after": seconds(run.acceptedMs),
      total: seconds(run.totalMs),
      "minus model": seconds(withoutModel(run)),
      "model calls": run.modelCalls,
      findings: run.findings,
      estimate: `${dollars(run.low)}–${dollars(run.high)}`,
    }));
  if (rows.length > 0) console.table(rows);
}

function printSummary() {
  const verdict = (ok) => (ok ? "PASS" : "MISS");
  const row = (step, target, measured, ok) =>
    results[step]
      ? { target, measured: measured(results[step]), result: ok(results[step]) }
      : { target, measured: `not measured: ${problems[step]}`, result: "ERROR" };
  const summary = [];
  if (steps.has("pipeline")) {
    summary.push(
      row(
        "pipeline",
        `Server time per 12-MP photo, one core (CPU time): p90 ≤ ${TARGETS.photoP90Ms} ms`,
        (run) =>
          `CPU ${statsText(run.cpu)}${run.pinned ? "" : " (not pinned)"}; median with a P3 ` +
          `profile ${Math.round(run.cpuWithProfile.median)} ms, without ${Math.round(run.cpuWithoutProfile.median)} ms`,
        (run) => verdict(run.cpu.p90 <= TARGETS.photoP90Ms),
      ),
    );
  }
  if (steps.has("upload")) {
    summary.push(
      row(
        "upload",
        `Upload bytes saved by the browser resize: ≥ ${TARGETS.uploadRatio}×`,
        (run) =>
          `${megabytes(run.originalBytes)} → ${megabytes(run.uploadedBytes)} = ${run.ratio.toFixed(1)}×`,
        (run) => verdict(run.ratio >= TARGETS.uploadRatio),
      ),
    );
  }
  if (steps.has("e2e")) {
    summary.push(
      row(
        "endToEnd",
        `Upload → estimate, ${PHOTO_COUNT} resized photos: ≤ ${TARGETS.endToEndMs / 1000} s + model time`,
        (run) =>
          `${seconds(run.totalMs)} total, ${seconds(withoutModel(run))} without the model ` +
          `(${MODEL_DELAY_MS} ms × ${run.modelCalls} call)`,
        (run) => verdict(withoutModel(run) <= TARGETS.endToEndMs),
      ),
      row(
        "endToEndOriginals",
        `Upload → estimate, ${PHOTO_COUNT} original 12-MP photos (no-JS path)`,
        (run) => `${seconds(run.totalMs)} total, ${seconds(withoutModel(run))} without the model`,
        () => "info",
      ),
    );
  }
  console.log("\nSummary:");
  console.table(summary);
}

try {
  // Other work on this machine slows every wall-clock number below.
  console.log(
    `${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}. ` +
      `Generating ${PHOTO_COUNT} phone-like ${WIDTH}×${HEIGHT} JPEGs (quality 92)…`,
  );
  const { warmUp, photos } = await generatePhotos(photoDir);
  console.table(
    photos.map((photo) => ({
      file: path.basename(photo.file),
      size: megabytes(photo.bytes),
      camera: photo.camera,
      "ICC profile": photo.icc ?? "none",
      orientation: photo.orientation,
    })),
  );

  if (steps.has("pipeline")) {
    console.log("\n1. Server pipeline (processPhoto) per photo, one core:");
    await measure("pipeline", () => benchPipeline(warmUp, photos));
    if (results.pipeline) printPipeline(results.pipeline);
  }

  if (steps.has("upload") || steps.has("e2e")) {
    if (!fs.existsSync("build/server/index.js")) {
      spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
    }
    let host = null;
    try {
      ai = await startAiServer({ port: AI_PORT, delayMs: MODEL_DELAY_MS });
      server = startServer(dataDir, ai.url);
      await waitForServer(server);
      host = await createHost();
    } catch (error) {
      for (const step of ["upload", "endToEnd", "endToEndOriginals"]) {
        problems[step] = `no server or bench host. ${error.message}`;
      }
      console.error(`\nCould not start the server or create the bench host: ${error.message}`);
    }

    if (host && steps.has("upload")) {
      console.log(
        `\n2. Browser resize: ${PHOTO_COUNT} photos through the /app uploader (Chromium):`,
      );
      await measure("upload", () => benchBrowserUpload(host, photos));
      if (results.upload) printUpload(results.upload, photos);
    }

    if (host && steps.has("e2e")) {
      console.log(`\n3. Upload → estimate, local AI server answering after ${MODEL_DELAY_MS} ms:`);
      const resized = results.upload
        ? {
            from: "browser's uploads",
            buffers: results.upload.uploads.map((upload) => upload.photo),
          }
        : { from: "sharp 2048 px q85", buffers: await resizeLikeTheBrowser(photos) };
      await measure("endToEnd", () =>
        benchEndToEnd(
          host,
          ai,
          resized.buffers.map((bytes, index) => ({ name: `photo-${index + 1}.jpg`, bytes })),
        ),
      );
      await measure("endToEndOriginals", () =>
        benchEndToEnd(
          host,
          ai,
          photos.map((photo) => ({
            name: path.basename(photo.file),
            bytes: fs.readFileSync(photo.file),
          })),
        ),
      );
      printEndToEnd([
        [`${PHOTO_COUNT} resized (${resized.from})`, results.endToEnd],
        [`${PHOTO_COUNT} original 12-MP`, results.endToEndOriginals],
      ]);
    }
  }

  printSummary();
  // A MISS is a finding, not a failure: only a step that couldn't be measured fails the run.
  if (Object.keys(problems).length > 0) process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  await ai?.close();
  fs.rmSync(photoDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
