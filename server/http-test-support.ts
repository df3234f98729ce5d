/**
 * For the HTTP entry tests: the production build served by `node server/index.js` on a free
 * port with an empty data directory and its log captured, and an HTTP client that streams a body
 * until the server answers. `npm test` builds first; alone, run `npm run build` (or set
 * BUILD_DIR). Linux only (/proc).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
/** Where `node server/index.js` runs (another checkout, to compare with an older version). */
const SERVER_CWD = process.env.TEST_SERVER_CWD ?? process.cwd();

export interface EntryServer {
  port: number;
  /** The server's DATA_DIR (its database is fleetassist.db there). */
  dataDir: string;
  pid: number;
  origin: string;
  /** Everything the server wrote to stdout and stderr so far. */
  stdout: () => string;
  stderr: () => string;
  /** The JSON log lines written so far (both streams). */
  logLines: () => Array<Record<string, unknown>>;
  stop: () => Promise<void>;
}

/** Starts the built server with `env` on a free port in [from, to]. */
export async function startEntryServer(
  env: Record<string, string>,
  [from, to]: [number, number],
): Promise<EntryServer> {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    throw new Error(`No build in ${BUILD_DIR}: run \`npm run build\` first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-entry-test-"));
  for (let attempt = 0; attempt < 10; attempt++) {
    const port = from + Math.floor(Math.random() * (to - from + 1));
    if (!(await isFree(port))) continue;
    const child = spawn(process.execPath, ["server/index.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ...env,
      },
      cwd: SERVER_CWD,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // "close", not "exit": by then everything the process wrote has been read.
    const exited = new Promise<string>((resolve) =>
      child.once("close", (exitCode, signal) => resolve(String(signal ?? exitCode))),
    );
    let gone = false;
    void exited.then(() => (gone = true));

    // Up to 40 s: a busy machine running the other test files in parallel starts it slowly.
    for (let i = 0; i < 400 && !gone; i++) {
      try {
        // The answer must come from this child, not from another server that took the port.
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok && listensOn(child.pid!, port)) {
          return {
            port,
            dataDir,
            pid: child.pid!,
            origin: `http://127.0.0.1:${port}`,
            stdout: () => stdout,
            stderr: () => stderr,
            logLines: () =>
              `${stdout}\n${stderr}`
                .split("\n")
                .filter((line) => line.startsWith("{"))
                .map((line) => JSON.parse(line) as Record<string, unknown>),
            stop: async () => {
              if (!gone) child.kill("SIGTERM");
              await exited;
              fs.rmSync(dataDir, { recursive: true, force: true });
            },
          };
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // What a server still running was doing when given up on (its state and kernel wait).
    const stuck = gone ? "exited" : processState(child.pid!);
    if (!gone) child.kill("SIGKILL");
    const code = await exited;
    if (!/EADDRINUSE/.test(stderr)) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(
        `server did not start on port ${port} (${stuck}, exit ${code}):\n${stderr}\n${stdout.slice(-2_000)}`,
      );
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  throw new Error("no free port for the test server");
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "0.0.0.0", () => probe.close(() => resolve(true)));
  });
}

/** A process's state letter and the kernel function it waits in, from /proc. */
function processState(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    const wchan = fs.readFileSync(`/proc/${pid}/wchan`, "utf8");
    return `state ${state}, waiting in ${wchan || "nothing"}`;
  } catch {
    return "state unknown";
  }
}

/** Whether process `pid` holds a listening TCP socket on `port`. */
function listensOn(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed meanwhile.
    }
  }
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const [, local = "", , state, , , , , , inode = ""] = line.trim().split(/\s+/);
      const localPort = parseInt(local.split(":").at(-1) ?? "", 16);
      if (state === "0A" && localPort === port && inodes.has(inode)) return true;
    }
  }
  return false;
}

/** The resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

export interface StreamedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Body bytes written before the answer arrived. */
  sent: number;
  ms: number;
  /** A connection error between the answer's start and its end (a reset, a broken pipe). */
  errorAfterAnswer?: string;
}

/**
 * POSTs a body that keeps coming (up to `maxBytes`, as fast as the server takes it) and stops
 * writing as soon as the answer arrives. With `declare`, the full length is announced in
 * Content-Length; otherwise the body is chunked. Fails after `maxMs` without an answer.
 */
export function postStream(options: {
  port: number;
  path: string;
  headers?: Record<string, string>;
  maxBytes: number;
  declare?: boolean;
  maxMs?: number;
  localAddress?: string;
  chunk?: Buffer;
}): Promise<StreamedAnswer> {
  const { port, maxBytes, maxMs = 8_000 } = options;
  const chunk = options.chunk ?? Buffer.alloc(64 * 1024, "a");
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    let errorAfterAnswer: string | undefined;
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: options.path,
      method: "POST",
      agent: false,
      localAddress: options.localAddress,
      headers: {
        ...options.headers,
        ...(options.declare ? { "Content-Length": String(maxBytes) } : {}),
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer within ${maxMs} ms (${sent} bytes sent)`));
    }, maxMs);
    request.on("response", (response) => {
      answered = true;
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        clearTimeout(timer);
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          sent,
          ms: Date.now() - started,
          errorAfterAnswer,
        });
      });
    });
    request.on("error", (error) => {
      if (answered) {
        errorAfterAnswer ??= error.message;
        return;
      }
      clearTimeout(timer);
      reject(new Error(`${error.message} after ${sent} bytes, before any answer`));
    });
    const write = () => {
      while (!answered && sent < maxBytes && !request.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, maxBytes - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once("drain", write);
          return;
        }
      }
      if (!answered && sent >= maxBytes) request.end();
    };
    write();
  });
}
