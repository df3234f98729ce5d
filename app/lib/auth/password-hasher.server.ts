import { Worker } from "node:worker_threads";
import { RetryLaterResponse } from "~/lib/runtime/retry-later";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import { workerPoolSize } from "~/lib/runtime/worker-pool.server";

/**
 * scrypt on a few dedicated worker threads, never on libuv's thread pool: async `crypto.scrypt`
 * would hold the same four threads that every file read, stat, DNS lookup and zlib call of the
 * server waits for, so a handful of logins could stall every page and asset. Each worker runs
 * `scryptSync`, so the work stays on its own thread, one hash at a time. Jobs wait in a bounded
 * queue; one that would wait too long is refused with PasswordHasherBusyError (HTTP 503).
 */

export const PASSWORD_BUSY_MESSAGE =
  "Sign-in is busy right now. Please try again in a few seconds.";

/** The hasher is saturated: a 503 with Retry-After (see RetryLaterResponse). */
export class PasswordHasherBusyError extends RetryLaterResponse {
  constructor(retryAfterSeconds: number) {
    super(PASSWORD_BUSY_MESSAGE, 503, retryAfterSeconds);
  }
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

export interface PasswordHasherOptions {
  /** Worker threads; default: all cores but one, at least 1 and at most 2. */
  workers?: number;
  /**
   * Longest a job waits for a worker. One that would wait longer by the current estimate is
   * refused at once; one still waiting when the time is up is refused then. Default 10 s.
   */
  maxWaitMs?: number;
  /** Most jobs waiting at once (running ones not counted), however cheap; default 50 per worker. */
  maxQueue?: number;
  /** What one job is assumed to take until one has been measured; default 500 ms. */
  expectedJobMs?: number;
  /** The worker's code (CommonJS). Only tests replace it, to make a worker crash. */
  workerSource?: string;
}

export interface PasswordHasherStats {
  /** Configured number of workers. */
  size: number;
  /** Workers alive right now (they start on first use). */
  workers: number;
  running: number;
  queued: number;
  /** Most jobs ever running at once. */
  maxRunning: number;
  completed: number;
  /** Jobs refused because the queue was full or they waited too long. */
  refused: number;
  /** Workers that exited unexpectedly (each was replaced). */
  crashes: number;
}

export interface PasswordHasher {
  /** The scrypt key of the (already normalized) password. */
  derive(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer>;
  stats(): PasswordHasherStats;
  /** Stops the workers; jobs still waiting or running are rejected. */
  close(): Promise<void>;
}

/**
 * Runs inside each worker: plain CommonJS with nothing but Node built-ins, evaluated from this
 * string, so it survives bundling of the server and needs no file of its own.
 */
export const PASSWORD_WORKER_SOURCE = `
const crypto = require("node:crypto");
const { parentPort } = require("node:worker_threads");
parentPort.on("message", (job) => {
  try {
    const key = crypto.scryptSync(job.password, job.salt, job.keyLength, job.params);
    parentPort.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

interface Job {
  id: number;
  password: string;
  salt: Buffer;
  keyLength: number;
  params: ScryptParams;
  resolve: (key: Buffer) => void;
  reject: (reason: unknown) => void;
  timer?: NodeJS.Timeout;
  startedAt?: number;
}

interface Slot {
  worker: Worker;
  job?: Job;
}

type Reply = { id: number; key: Uint8Array } | { id: number; error: string };

/** A pool's settings and its mutable state, shared by the functions below. */
interface Pool {
  size: number;
  maxWaitMs: number;
  source: string;
  slots: Slot[];
  queue: Job[];
  closed: boolean;
  // Typical job time (a moving average once measured), for admission and Retry-After.
  averageMs: number;
  measured: boolean;
  counts: { maxRunning: number; completed: number; refused: number; crashes: number };
}

const CLOSED_MESSAGE = "The password hasher was closed.";

function running(pool: Pool) {
  return pool.slots.filter((slot) => slot.job).length;
}

/** How long a job submitted now would wait for a worker, by the current average. */
function expectedWaitMs(pool: Pool) {
  const { slots, size } = pool;
  if (slots.length < size || slots.some((slot) => !slot.job)) return 0;
  return ((pool.queue.length + 1) * pool.averageMs) / size;
}

function retryAfterSeconds(pool: Pool) {
  const backlogMs = ((pool.queue.length + running(pool)) * pool.averageMs) / pool.size;
  return Math.min(
    Math.max(1, Math.ceil(pool.maxWaitMs / 1000)),
    Math.max(1, Math.ceil(backlogMs / 1000)),
  );
}

function refuse(pool: Pool, job: Job) {
  pool.counts.refused += 1;
  job.reject(new PasswordHasherBusyError(retryAfterSeconds(pool)));
}

/** A worker answered its job: settle it, update the average, and hand the worker the next job. */
function answer(pool: Pool, slot: Slot, reply: Reply) {
  const job = slot.job;
  if (!job || job.id !== reply.id) return;
  slot.job = undefined;
  slot.worker.unref();
  pool.counts.completed += 1;
  if ("error" in reply) {
    job.reject(new Error(`scrypt failed: ${reply.error}`));
  } else {
    const tookMs = performance.now() - (job.startedAt ?? 0);
    pool.averageMs = pool.measured ? pool.averageMs * 0.8 + tookMs * 0.2 : tookMs;
    pool.measured = true;
    job.resolve(Buffer.from(reply.key.buffer, reply.key.byteOffset, reply.key.byteLength));
  }
  dispatch(pool);
}

function workerExited(pool: Pool, slot: Slot, code: number) {
  const index = pool.slots.indexOf(slot);
  if (index >= 0) pool.slots.splice(index, 1);
  const job = slot.job;
  slot.job = undefined;
  if (pool.closed) {
    job?.reject(new Error(CLOSED_MESSAGE));
    return;
  }
  pool.counts.crashes += 1;
  logger.error("Password worker exited; a new one starts with the next job", { code });
  job?.reject(new Error(`The password worker stopped unexpectedly (exit code ${code}).`));
  // Its replacement starts with the next job.
  dispatch(pool);
}

function spawn(pool: Pool): Slot {
  const worker = new Worker(pool.source, { eval: true, execArgv: [] });
  // An idle worker never keeps the process alive; a busy one does until its job is answered.
  worker.unref();
  const slot: Slot = { worker };
  worker.on("message", (reply: Reply) => answer(pool, slot, reply));
  // An uncaught error in the worker is followed by "exit"; the job is answered there.
  worker.on("error", (error) => logger.error("Password worker failed", errorFields(error)));
  worker.on("exit", (code) => workerExited(pool, slot, code));
  pool.slots.push(slot);
  return slot;
}

function dispatch(pool: Pool) {
  const { queue, slots } = pool;
  while (queue.length > 0 && !pool.closed) {
    let slot = slots.find((candidate) => !candidate.job);
    if (!slot && slots.length < pool.size) {
      try {
        slot = spawn(pool);
      } catch (error) {
        const job = queue.shift()!;
        clearTimeout(job.timer);
        job.reject(error);
        continue;
      }
    }
    if (!slot) return;
    const job = queue.shift()!;
    clearTimeout(job.timer);
    job.startedAt = performance.now();
    slot.job = job;
    slot.worker.ref();
    pool.counts.maxRunning = Math.max(pool.counts.maxRunning, running(pool));
    slot.worker.postMessage({
      id: job.id,
      password: job.password,
      salt: job.salt,
      keyLength: job.keyLength,
      params: job.params,
    });
  }
}

export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher {
  const size = workerPoolSize(options.workers);
  const maxQueue = options.maxQueue ?? 50 * size;
  const pool: Pool = {
    size,
    maxWaitMs: options.maxWaitMs ?? 10_000,
    source: options.workerSource ?? PASSWORD_WORKER_SOURCE,
    slots: [],
    queue: [],
    closed: false,
    averageMs: options.expectedJobMs ?? 500,
    measured: false,
    counts: { maxRunning: 0, completed: 0, refused: 0, crashes: 0 },
  };
  const { queue } = pool;
  let nextId = 1;

  return {
    derive(password, salt, keyLength, params) {
      return new Promise<Buffer>((resolve, reject) => {
        if (pool.closed) {
          reject(new Error(CLOSED_MESSAGE));
          return;
        }
        const job: Job = { id: nextId++, password, salt, keyLength, params, resolve, reject };
        // Refused now rather than after a wait that would end in the same refusal.
        if (queue.length >= maxQueue || expectedWaitMs(pool) > pool.maxWaitMs) {
          refuse(pool, job);
          return;
        }
        queue.push(job);
        job.timer = setTimeout(() => {
          const index = queue.indexOf(job);
          if (index < 0) return;
          queue.splice(index, 1);
          refuse(pool, job);
        }, pool.maxWaitMs);
        dispatch(pool);
      });
    },

    stats() {
      return {
        size,
        workers: pool.slots.length,
        running: running(pool),
        queued: queue.length,
        ...pool.counts,
      };
    },

    async close() {
      pool.closed = true;
      for (const job of queue.splice(0)) {
        clearTimeout(job.timer);
        job.reject(new Error(CLOSED_MESSAGE));
      }
      await Promise.all(pool.slots.map((slot) => slot.worker.terminate()));
    },
  };
}
