// Boot checks of DATA_DIR, run before anything opens the database: the folder must be usable
// (created, writable, the database readable), and only one FleetAssist server may use it at a
// time. Each failure is a DataDirError whose message names the path and what to do.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** The default of DATA_DIR in app/lib/runtime/env.server.ts. */
export const DEFAULT_DATA_DIR = "./data";
export const LOCK_FILE = ".fleetassist.lock";
const DATABASE_FILE = "fleetassist.db";

export class DataDirError extends Error {}

/** The Node error's own text ("ENOTDIR: not a directory, mkdir '/x/data'"). */
function reason(error) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `mkdir -p`, one level at a time. Node's own `mkdirSync(dir, { recursive: true })` never returns
 * for a path under /proc (it retries ENOENT forever), which would hang the boot instead of
 * failing it.
 */
function makeDirectory(dir) {
  try {
    fs.mkdirSync(dir);
  } catch (error) {
    if (error?.code === "EEXIST") return; // a file in the way fails the probe write with ENOTDIR
    if (error?.code !== "ENOENT" || path.dirname(dir) === dir) throw error;
    makeDirectory(path.dirname(dir));
    fs.mkdirSync(dir);
  }
}

/** Creates the folder and its files/ subfolder, then writes and removes a probe file in each. */
function checkWritable(dir) {
  for (const target of [dir, path.join(dir, "files")]) {
    const probe = path.join(target, `.write-test-${process.pid}-${Date.now()}`);
    try {
      makeDirectory(target);
      fs.writeFileSync(probe, "ok");
      fs.rmSync(probe);
    } catch (error) {
      throw new DataDirError(
        `DATA_DIR ${dir} is not writable: ${reason(error)}. ` +
          "Choose a folder this user can write, e.g. DATA_DIR=./data",
      );
    }
  }
}

/**
 * The single-server lock: a write transaction on DATA_DIR/.fleetassist.lock (a small SQLite
 * file), held open for the life of the process. The lock is the operating system's file lock,
 * which the kernel drops when the process ends in any way (SIGKILL, crash, power loss), so a
 * stale lock can't exist and no pid has to be trusted: after a container restart the old pid
 * may well belong to another process, or to this one. The file stays on disk; deleting it on
 * exit would let two servers lock two different files of the same name. The holder's pid is
 * recorded in it (committed, then locked again) for the message a second server prints.
 *
 * Never open, read or close this file any other way in the holding process: POSIX drops all of
 * a process's locks on a file when any of its descriptors for that file is closed.
 */
function takeLock(dir) {
  const file = path.join(dir, LOCK_FILE);
  let lock;
  try {
    lock = new Database(file, { timeout: 0 });
    lock.exec("BEGIN IMMEDIATE");
  } catch (error) {
    const busy = /^SQLITE_(BUSY|LOCKED)/.test(error?.code ?? "");
    const holder = busy ? holderPid(lock) : null;
    lock?.close();
    if (busy) {
      throw new DataDirError(
        `Another FleetAssist server is already using ${dir}${holder ? ` (pid ${holder})` : ""}. ` +
          "Stop it first, or set DATA_DIR to another folder.",
      );
    }
    throw new DataDirError(
      `DATA_DIR ${dir}: the lock file ${file} can't be used: ${reason(error)}`,
    );
  }
  lock.exec(
    "CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, started_at TEXT NOT NULL);" +
      "DELETE FROM holder;",
  );
  lock
    .prepare("INSERT INTO holder (pid, started_at) VALUES (?, ?)")
    .run(process.pid, new Date().toISOString());
  lock.exec("COMMIT");
  try {
    // Locked again at once. A server starting in this instant would have won the lock and
    // recorded its own pid, which the message then names.
    lock.exec("BEGIN IMMEDIATE");
  } catch (error) {
    const holder = holderPid(lock);
    lock.close();
    throw new DataDirError(
      `Another FleetAssist server is already using ${dir}${holder ? ` (pid ${holder})` : ""}. ` +
        `Stop it first, or set DATA_DIR to another folder. (${reason(error)})`,
    );
  }
  return lock;
}

function holderPid(lock) {
  try {
    return lock?.prepare("SELECT pid FROM holder").pluck().get() ?? null;
  } catch {
    return null; // an older or empty lock file
  }
}

/** Opens the database file and reads its schema: a corrupt or foreign file stops the boot. */
function checkDatabase(dir) {
  const file = path.join(dir, DATABASE_FILE);
  let db;
  try {
    db = new Database(file, { timeout: 5000 });
    db.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch (error) {
    throw new DataDirError(
      `The database ${file} can't be opened: ${reason(error)}. ` +
        "Restore it from a backup, or move it aside to start with an empty database.",
    );
  } finally {
    db?.close();
  }
}

/** Kept referenced for the life of the process: a collected connection would drop the lock. */
let held = null;

/**
 * Checks DATA_DIR and takes the single-server lock; throws a DataDirError. Returns the resolved
 * folder and `release()`, which only tests need (the lock ends with the process anyway).
 */
export function claimDataDir(dataDir) {
  const dir = path.resolve(dataDir);
  checkWritable(dir);
  const lock = takeLock(dir);
  try {
    checkDatabase(dir);
  } catch (error) {
    lock.close();
    throw error;
  }
  held = lock;
  return {
    dir,
    release() {
      if (lock.open) lock.close();
      if (held === lock) held = null;
    },
  };
}

/** For server/index.js: claims DATA_DIR from the environment, or prints why not and exits 1. */
export function claimDataDirOrExit(env = process.env) {
  try {
    return claimDataDir(env.DATA_DIR || DEFAULT_DATA_DIR);
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
