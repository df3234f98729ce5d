import os from "node:os";

/**
 * Worker threads of a pool (the password hasher, the mail parser): the number asked for, at least
 * 1, or by default all cores but one, at least 1 and at most 2, so the pools leave the main thread
 * a core and never take the whole machine.
 */
export function workerPoolSize(requested?: number): number {
  return Math.max(1, Math.floor(requested ?? defaultWorkerCount()));
}

function defaultWorkerCount() {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1));
}
