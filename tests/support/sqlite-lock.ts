import { spawn } from "node:child_process";
import path from "node:path";

const SCRIPT = path.resolve(import.meta.dirname, "hold-sqlite-lock.js");

/**
 * Another process holding the write lock of a SQLite file for `ms` (BEGIN IMMEDIATE), as a backup
 * or the sqlite3 CLI would. Resolves once the lock is held; `done` resolves when it is released.
 */
export async function holdSqliteLock(file: string, ms: number) {
  const child = spawn(process.execPath, [SCRIPT, file, String(ms)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
  return {
    done,
    async release() {
      child.kill("SIGKILL");
      await done;
    },
  };
}
