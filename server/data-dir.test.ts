/**
 * DATA_DIR at boot: an unusable folder stops the server with a message naming it, and a second
 * server on the same folder is refused while the first keeps serving. The lock is the kernel's
 * file lock, so it ends with its process however that ends (SIGTERM or SIGKILL).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claimDataDir, DataDirError } from "./data-dir.js";
import { spawnServer, startServer, testPort } from "./test-server";

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-data-dir-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

let dirs = 0;
const newDir = () => path.join(temp, `data-${++dirs}`);

/** Claims `dir` in a child process: its exit code and stderr. */
async function claimInChild(dir: string) {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { claimDataDirOrExit } from ${JSON.stringify(path.resolve("server/data-dir.js"))};
       claimDataDirOrExit({ DATA_DIR: ${JSON.stringify(dir)} });`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { code, stderr: stderr.trim() };
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DataDirError);
    return (error as Error).message;
  }
  throw new Error("expected a DataDirError");
}

describe("claimDataDir", () => {
  it("creates the folder and files/, and refuses a second claim until released", async () => {
    const dir = newDir();
    const claim = claimDataDir(dir);
    expect(fs.statSync(path.join(dir, "files")).isDirectory()).toBe(true);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith(".write-test"))).toEqual([]);

    const second = await claimInChild(dir);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `Another FleetAssist server is already using ${dir} (pid ${process.pid}). ` +
        "Stop it first, or set DATA_DIR to another folder.",
    );

    claim.release();
    expect(await claimInChild(dir)).toEqual({ code: 0, stderr: "" });
  });

  it("names a folder under a regular file (ENOTDIR)", () => {
    const file = path.join(temp, "a-file");
    fs.writeFileSync(file, "not a folder");
    expect(refusal(() => claimDataDir(path.join(file, "data")))).toBe(
      `DATA_DIR ${path.join(file, "data")} is not writable: ENOTDIR: not a directory, mkdir '${path.join(file, "data")}'. ` +
        "Choose a folder this user can write, e.g. DATA_DIR=./data",
    );
    expect(refusal(() => claimDataDir(file))).toMatch(
      new RegExp(`^DATA_DIR ${file} is not writable: ENOTDIR`),
    );
  });

  it("fails at once for a folder under /proc (Node's recursive mkdir would spin there)", () => {
    const started = performance.now();
    expect(refusal(() => claimDataDir("/proc/fleetassist/data"))).toMatch(
      /^DATA_DIR \/proc\/fleetassist\/data is not writable: ENOENT/,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("names a database file that isn't a database", () => {
    const dir = newDir();
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "fleetassist.db"), "not sqlite at all, just some text here");
    expect(refusal(() => claimDataDir(dir))).toBe(
      `The database ${path.join(dir, "fleetassist.db")} can't be opened: file is not a database. ` +
        "Restore it from a backup, or move it aside to start with an empty database.",
    );
    // The refused boot left the folder free for the next one.
    fs.rmSync(path.join(dir, "fleetassist.db"));
    claimDataDir(dir).release();
  });
});

describe("the server on one DATA_DIR", () => {
  it("refuses a second server, keeps the first, and starts again after SIGTERM or SIGKILL", async () => {
    const dir = newDir();
    const first = await startServer(dir, testPort(1));

    const second = spawnServer(dir, testPort(2));
    expect(await second.exited).toBe(1);
    expect(second.stderr().trim()).toBe(
      `Another FleetAssist server is already using ${dir} (pid ${first.child.pid}). ` +
        "Stop it first, or set DATA_DIR to another folder.",
    );
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

    expect(await first.stop("SIGTERM")).toBe(0);
    const third = await startServer(dir, testPort(3));
    // SIGKILL: no exit handler runs, the kernel still drops the lock.
    third.child.kill("SIGKILL");
    await third.exited;
    const fourth = await startServer(dir, testPort(4));
    expect((await fetch(`${fourth.url}/healthz`)).status).toBe(200);
    expect(await fourth.stop()).toBe(0);
  }, 60_000);

  it("exits 1 at boot with the path when DATA_DIR is unusable", async () => {
    const file = path.join(temp, "in-the-way");
    fs.writeFileSync(file, "");
    const server = spawnServer(path.join(file, "data"), testPort(5));
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim()).toMatch(
      new RegExp(
        `^DATA_DIR ${path.join(file, "data")} is not writable: ENOTDIR.*DATA_DIR=\\./data$`,
      ),
    );
  }, 60_000);
});
