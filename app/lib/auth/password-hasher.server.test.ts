import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  createPasswordHasher,
  PASSWORD_BUSY_MESSAGE,
  PasswordHasherBusyError,
  type PasswordHasher,
  type PasswordHasherOptions,
} from "./password-hasher.server";

// Cheap parameters where only the pool's behavior matters; the real ones where a job must last.
const FAST = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const REAL = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };
const SLOW = 30_000;

const salt = Buffer.from("0123456789abcdef");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const hashers: PasswordHasher[] = [];
function hasher(options: PasswordHasherOptions) {
  const created = createPasswordHasher(options);
  hashers.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(hashers.splice(0).map((created) => created.close()));
});

describe("createPasswordHasher (scrypt on dedicated worker threads)", () => {
  it(
    "derives the same key as crypto.scryptSync, for any password",
    async () => {
      const pool = hasher({ workers: 1 });
      for (const password of ["plain", "Ünïcødé 🔐 日本語", "x".repeat(128), ""]) {
        const key = await pool.derive(password, salt, 64, FAST);
        expect(key).toEqual(crypto.scryptSync(password, salt, 64, FAST));
      }
    },
    SLOW,
  );

  it(
    "never runs more jobs at once than it has workers",
    async () => {
      const pool = hasher({ workers: 2 });
      let done = false;
      const burst = Promise.all(
        Array.from({ length: 12 }, (_, i) => pool.derive(`guess ${i}`, salt, 64, FAST)),
      ).finally(() => (done = true));
      let mostRunning = 0;
      while (!done) {
        mostRunning = Math.max(mostRunning, pool.stats().running);
        await sleep(1);
      }
      const keys = await burst;
      expect(keys[7]).toEqual(crypto.scryptSync("guess 7", salt, 64, FAST));
      expect(mostRunning).toBeLessThanOrEqual(2);
      expect(pool.stats()).toMatchObject({
        size: 2,
        workers: 2,
        running: 0,
        queued: 0,
        maxRunning: 2,
        completed: 12,
        refused: 0,
      });
    },
    SLOW,
  );

  it(
    "refuses a job that waited longer than maxWaitMs with a 503 that says when to retry",
    async () => {
      // Expecting 1 ms jobs, it lets the second one wait; the first takes far longer than 30 ms.
      const pool = hasher({ workers: 1, maxWaitMs: 30, expectedJobMs: 1 });
      const first = pool.derive("first", salt, 64, REAL);
      const started = performance.now();
      const second = pool.derive("second", salt, 64, REAL);
      expect(pool.stats()).toMatchObject({ running: 1, queued: 1 });
      const refused = await second.catch((error: unknown) => error);
      expect(performance.now() - started).toBeGreaterThanOrEqual(29);
      expect(refused).toBeInstanceOf(PasswordHasherBusyError);
      expect(refused).toBeInstanceOf(Response);
      const response = refused as PasswordHasherBusyError;
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect(await response.json()).toEqual({
        error: PASSWORD_BUSY_MESSAGE,
        message: PASSWORD_BUSY_MESSAGE,
      });
      expect(PASSWORD_BUSY_MESSAGE).toBe(
        "Sign-in is busy right now. Please try again in a few seconds.",
      );
      // The job already running is not affected.
      expect(await first).toHaveLength(64);
      expect(pool.stats()).toMatchObject({ completed: 1, refused: 1, queued: 0 });
    },
    SLOW,
  );

  it(
    "refuses at once a job that would wait longer than maxWaitMs by the expected job time",
    async () => {
      // One running, then waits of 400 and 800 ms are within 1 s; a fourth job would wait 1.2 s.
      const pool = hasher({ workers: 1, maxWaitMs: 1_000, expectedJobMs: 400 });
      const accepted = [0, 1, 2].map((i) => pool.derive(`accepted ${i}`, salt, 64, FAST));
      await expect(pool.derive("would wait too long", salt, 64, FAST)).rejects.toBeInstanceOf(
        PasswordHasherBusyError,
      );
      expect(pool.stats()).toMatchObject({ running: 1, queued: 2, refused: 1 });
      expect(await Promise.all(accepted)).toHaveLength(3);
    },
    SLOW,
  );

  it(
    "takes a burst of cheap jobs as long as they fit in maxWaitMs, measuring what a job costs",
    async () => {
      const pool = hasher({ workers: 1 });
      // Measured: N=2^14 is tens of milliseconds, not the 500 ms assumed at first.
      await pool.derive("calibrate", salt, 64, FAST);
      const keys = await Promise.all(
        Array.from({ length: 40 }, (_, i) => pool.derive(`cheap ${i}`, salt, 64, FAST)),
      );
      expect(keys).toHaveLength(40);
      expect(pool.stats()).toMatchObject({ completed: 41, refused: 0 });
    },
    SLOW,
  );

  it(
    "refuses at once when maxQueue jobs are already waiting",
    async () => {
      const pool = hasher({ workers: 1, maxQueue: 2, maxWaitMs: 20_000 });
      const accepted = [0, 1, 2].map((i) => pool.derive(`accepted ${i}`, salt, 64, REAL));
      const started = performance.now();
      await expect(pool.derive("one too many", salt, 64, REAL)).rejects.toBeInstanceOf(
        PasswordHasherBusyError,
      );
      // Refused without waiting for any running job.
      expect(performance.now() - started).toBeLessThan(100);
      expect(pool.stats()).toMatchObject({ running: 1, queued: 2, refused: 1 });
      expect(await Promise.all(accepted)).toHaveLength(3);
    },
    SLOW,
  );

  it(
    "replaces a worker that crashes, failing only the job it was running",
    async () => {
      // The real worker, except that it dies on one password (as an out-of-memory abort would).
      const pool = hasher({
        workers: 1,
        workerSource: `
          const crypto = require("node:crypto");
          const { parentPort } = require("node:worker_threads");
          parentPort.on("message", (job) => {
            if (job.password === "exit") process.exit(7);
            if (job.password === "throw") setImmediate(() => { throw new Error("boom"); });
            else parentPort.postMessage({
              id: job.id,
              key: crypto.scryptSync(job.password, job.salt, job.keyLength, job.params),
            });
          });
        `,
      });
      const [before, exits, throws, after] = await Promise.allSettled(
        ["before", "exit", "throw", "after"].map((password) =>
          pool.derive(password, salt, 64, FAST),
        ),
      );
      expect(before).toEqual({
        status: "fulfilled",
        value: crypto.scryptSync("before", salt, 64, FAST),
      });
      expect(exits).toMatchObject({ status: "rejected" });
      expect(String((exits as PromiseRejectedResult).reason)).toMatch(
        /stopped unexpectedly \(exit code 7\)/,
      );
      expect(String((throws as PromiseRejectedResult).reason)).toMatch(
        /stopped unexpectedly \(exit code 1\)/,
      );
      expect(after).toEqual({
        status: "fulfilled",
        value: crypto.scryptSync("after", salt, 64, FAST),
      });
      expect(pool.stats()).toMatchObject({ crashes: 2, workers: 1, completed: 2 });
    },
    SLOW,
  );

  it("rejects a job scrypt itself refuses, and keeps working", async () => {
    const pool = hasher({ workers: 1 });
    await expect(pool.derive("x", salt, 64, { ...FAST, N: 3 })).rejects.toThrow(/scrypt failed/);
    expect(await pool.derive("x", salt, 64, FAST)).toHaveLength(64);
    expect(pool.stats().crashes).toBe(0);
  });

  it(
    "on close, rejects the jobs still waiting or running and accepts no more",
    async () => {
      const pool = hasher({ workers: 1 });
      const jobs = Promise.allSettled([
        pool.derive("running", salt, 64, REAL),
        pool.derive("waiting", salt, 64, REAL),
      ]);
      await pool.close();
      for (const job of await jobs) {
        expect(job.status).toBe("rejected");
        expect(String((job as PromiseRejectedResult).reason)).toMatch(/closed/);
      }
      await expect(pool.derive("late", salt, 64, FAST)).rejects.toThrow(/closed/);
      expect(pool.stats()).toMatchObject({ workers: 0, crashes: 0 });
    },
    SLOW,
  );
});
