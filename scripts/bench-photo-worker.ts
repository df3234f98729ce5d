/**
 * Companion of scripts/bench-estimate.js: times the server's photo pipeline (`processPhoto`) on
 * the JPEGs named on the command line and prints one line of JSON. The first file is a warm-up
 * and isn't timed (JIT, libvips start-up, first allocations).
 *
 * The parent runs it on one core: `UV_THREADPOOL_SIZE=1 taskset -c 0 node --import tsx
 * scripts/bench-photo-worker.ts warm-up.jpg a.jpg b.jpg …`. libvips' own thread pool is capped
 * here with `sharp.concurrency(1)`.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { processPhoto } from "~/lib/photos/pipeline.server";

sharp.concurrency(1);

const [warmUp, ...files] = process.argv.slice(2);
if (!warmUp || files.length === 0) {
  console.error("Usage: node --import tsx scripts/bench-photo-worker.ts warm-up.jpg photo.jpg …");
  process.exit(2);
}

await processPhoto(await readFile(warmUp));

const photos = [];
for (const file of files) {
  // Reading the file is the upload's job, not the pipeline's: keep it out of the timing.
  const bytes = await readFile(file);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const photo = await processPhoto(bytes);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  photos.push({
    file: path.basename(file),
    bytes: bytes.length,
    ms,
    // User + system time of every thread: equal to `ms` or below when it really ran on one core.
    cpuMs: (cpu.user + cpu.system) / 1000,
    display: `${photo.displayWidth}×${photo.displayHeight}`,
    capturedAt: photo.capturedAt,
    sharpness: photo.quality.sharpness,
    brightness: photo.quality.brightness,
    dhash: photo.quality.dhash,
    warnings: photo.warnings.map((warning) => warning.code),
  });
}

console.log(
  JSON.stringify({
    sharpConcurrency: sharp.concurrency(),
    threadpoolSize: process.env.UV_THREADPOOL_SIZE ?? null,
    simd: sharp.simd(),
    photos,
  }),
);
