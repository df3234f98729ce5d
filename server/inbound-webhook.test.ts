/**
 * The inbound email webhook on the production build (`node server/index.js`, a real port, a real
 * SQLite database): a huge HTML email doesn't stall other requests, an email the parser refuses
 * is kept, posts are limited per token (not per address), and tokens never reach the log.
 * `npm test` builds first; alone, `npm run build` (or set BUILD_DIR).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountWithInboundToken } from "../tests/support/inbound-account.js";
import { startEntryServer, type EntryServer } from "./http-test-support";

let server: EntryServer;

/** An account with a known inbound token, written straight into the server's database. */
function accountWithToken(name: string, on: EntryServer = server): string {
  return accountWithInboundToken(on.dataDir, name);
}

function storedKinds(token: string) {
  const db = new Database(path.join(server.dataDir, "fleetassist.db"), { readonly: true });
  const rows = db
    .prepare(
      `SELECT e.kind, e.subject FROM inbound_emails e
       JOIN inbound_tokens t ON t.account_id = e.account_id WHERE t.token = ?`,
    )
    .all(token) as Array<{ kind: string; subject: string | null }>;
  db.close();
  return rows;
}

function email(id: string, headers: string[], body: string): Buffer {
  return Buffer.from(
    [
      "From: Turo <noreply@mail.turo.com>",
      "To: host@example.com",
      `Message-ID: <${id}@mail.turo.com>`,
      "MIME-Version: 1.0",
      ...headers,
      "",
      body,
      "",
    ].join("\r\n"),
  );
}

function post(token: string, body: Buffer, on: EntryServer = server) {
  return fetch(`${on.origin}/api/inbound/email/${token}`, {
    method: "POST",
    headers: { "Content-Type": "message/rfc822" },
    body: new Uint8Array(body),
  });
}

/** The probe's email: about 9.45 MB of nested tables in one text/html body. */
function nestedTablesHtml(bytes: number): string {
  const unit =
    "<table><tr><td>".repeat(40) + "Cell text for the guest" + "</td></tr></table>".repeat(40);
  return `<html><body>${unit.repeat(Math.ceil(bytes / unit.length))}</body></html>`;
}

/** Fetches `url` every 50 ms from a child process until stopped; resolves with the latencies. */
function startProber(url: string) {
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const probes = []; let on = true;
       process.on("message", () => (on = false));
       (async () => {
         while (on) {
           const started = performance.now();
           probes.push(fetch(${JSON.stringify(url)}).then(async (r) => {
             await r.arrayBuffer();
             return performance.now() - started;
           }));
           await new Promise((r) => setTimeout(r, 50));
         }
         process.send(await Promise.all(probes), () => process.exit(0));
       })();`,
    ],
    { stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const result = new Promise<number[]>((resolve) =>
    child.once("message", (m) => resolve(m as number[])),
  );
  return {
    stop: () => {
      child.send("stop");
      return result;
    },
  };
}

/** CPU time (user + system) the process's main thread has used, in ms (Linux /proc). */
function mainThreadCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

beforeAll(async () => {
  server = await startEntryServer(
    { LOG_LEVEL: "info", INBOUND_DAILY_EMAILS: "5000", INBOUND_DAILY_MB: "1000" },
    [4040, 4069],
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("the inbound email webhook", () => {
  it("reads four 9.45 MB HTML emails at once off the main thread, /healthz answering throughout", async () => {
    const token = accountWithToken("bightml");
    const body = nestedTablesHtml(9_450_000);
    const emails = [1, 2, 3, 4].map((i) =>
      email(`big-${i}`, [`Subject: Big ${i}`, "Content-Type: text/html; charset=utf-8"], body),
    );
    // A /healthz request every 50 ms, each on its own (as independent visitors would), from a
    // process of its own so this one's uploading doesn't delay them.
    const prober = startProber(`${server.origin}/healthz`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cpuBefore = mainThreadCpuMs(server.pid);
    const answers = await Promise.all(emails.map((raw) => post(token, raw)));
    const cpu = mainThreadCpuMs(server.pid) - cpuBefore;
    const probes = await prober.stop();
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    const p95 = percentile(probes, 95);
    console.log(
      `4 × 9.45 MB HTML: main thread ${cpu} ms of CPU; /healthz ${probes.length} probes, p95 ${p95.toFixed(1)} ms, max ${Math.max(...probes).toFixed(1)} ms`,
    );
    // Converting one such email to text took 2.6 s of the main thread; now the main thread only
    // reads, hashes and stores them. Its CPU time, unlike a latency, doesn't depend on what else
    // the machine runs; `npm run bench:inbound-load` measures the p95 against its 200 ms target.
    expect(cpu).toBeLessThan(1_500);
    expect(probes.length).toBeGreaterThan(5);
    expect(
      storedKinds(token)
        .map((row) => row.subject)
        .sort(),
    ).toEqual(["Big 1", "Big 2", "Big 3", "Big 4"]);
  }, 120_000);

  it("keeps an email of over 1,000 MIME parts or a 1.1 MB header as one it couldn't read (202, not 500)", async () => {
    const token = accountWithToken("hostilemime");
    const parts = Array.from(
      { length: 1_200 },
      (_, i) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${i}`,
    );
    const manyParts = await post(
      token,
      email(
        "parts",
        ["Subject: Many parts", 'Content-Type: multipart/mixed; boundary="p"'],
        `${parts.join("\r\n")}\r\n--p--`,
      ),
    );
    expect(manyParts.status).toBe(202);
    expect(await manyParts.json()).toMatchObject({ kind: "unrecognized" });
    const hugeHeader = await post(
      token,
      email("header", [`X-Padding: ${"x".repeat(1_100_000)}`, "Subject: Padded"], "Hello"),
    );
    expect(hugeHeader.status).toBe(202);
    expect(storedKinds(token)).toEqual(
      expect.arrayContaining([
        { kind: "unrecognized", subject: "Many parts" },
        { kind: "unrecognized", subject: null },
      ]),
    );
  }, 60_000);

  it("takes 300 emails in a minute for one token from one address, refuses a flood with 429, other tokens unaffected", async () => {
    const busy = accountWithToken("busyinbox");
    const other = accountWithToken("quietinbox");
    const statuses: number[] = [];
    let next = 0;
    // Ten at a time, as a provider delivers.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < 300) {
          const i = next++;
          const answer = await post(
            busy,
            email(
              `burst-${i}`,
              [`Subject: Receipt ${i}`, "Content-Type: text/plain"],
              `Receipt ${i}`,
            ),
          );
          statuses.push(answer.status);
          await answer.arrayBuffer();
        }
      }),
    );
    // Far past the app's general limit of 120 POSTs a minute from one address.
    expect(statuses.filter((status) => status === 202)).toHaveLength(300);

    let refused: Response | undefined;
    for (let i = 300; i < 700 && !refused; i++) {
      const answer = await post(
        busy,
        email(`flood-${i}`, ["Subject: Flood", "Content-Type: text/plain"], "x"),
      );
      if (answer.status === 429) refused = answer;
      else await answer.arrayBuffer();
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused!.json()).error).toMatch(/Too many emails/);

    const fine = await post(
      other,
      email("other-1", ["Subject: Hello", "Content-Type: text/plain"], "Hello"),
    );
    expect(fine.status).toBe(202);
  }, 120_000);

  it("never writes a token of a path or a query to the log", async () => {
    const token = accountWithToken("logged");
    await (await post(token, email("logged-1", ["Subject: Hi"], "Hello"))).arrayBuffer();
    const secrets = Array.from({ length: 7 }, () => crypto.randomBytes(24).toString("base64url"));
    const paths = [
      `/share/${secrets[0]}`,
      `/share/${secrets[1]}.data`,
      `/share/packet/${secrets[2]}`,
      `/invite/${secrets[3]}`,
      `/repair-quote/${secrets[4]}`,
      `/reset-password?token=${secrets[5]}`,
      `/verify-email?token=${secrets[6]}`,
    ];
    for (const url of paths) await (await fetch(`${server.origin}${url}`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = `${server.stdout()}\n${server.stderr()}`;
    for (const secret of [token, ...secrets]) expect(log).not.toContain(secret);
    const logged = server
      .logLines()
      .filter((line) => line.msg === "request")
      .map((line) => line.path);
    expect(logged).toEqual(
      expect.arrayContaining([
        "/api/inbound/email/[redacted]",
        "/share/[redacted]",
        "/share/[redacted].data",
        "/share/packet/[redacted]",
        "/invite/[redacted]",
        "/repair-quote/[redacted]",
      ]),
    );
  }, 60_000);

  // Last: it uses up this address's allowance of posts to unknown tokens.
  it("slows down posts to tokens that don't exist, per client address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) {
      const answer = await post(
        crypto.randomBytes(32).toString("base64url"),
        email(`guess-${i}`, ["Subject: Guess"], "x"),
      );
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
  }, 60_000);
});

describe("the inbound email webhook's daily allowance", () => {
  let small: EntryServer | undefined;
  afterAll(async () => {
    await small?.stop();
  });

  it("answers 429 with Retry-After past an account's daily emails; other accounts are unaffected", async () => {
    small = await startEntryServer(
      { LOG_LEVEL: "warn", INBOUND_DAILY_EMAILS: "3", INBOUND_DAILY_MB: "1" },
      [4070, 4099],
    );
    const full = accountWithToken("fullinbox", small);
    const other = accountWithToken("otherinbox", small);
    const send = (token: string, id: string) =>
      post(token, email(id, [`Subject: ${id}`, "Content-Type: text/plain"], "Receipt"), small);
    for (const id of ["q1", "q2", "q3"]) expect((await send(full, id)).status).toBe(202);
    const refused = await send(full, "q4");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(await refused.json()).toMatchObject({
      error: expect.stringMatching(/daily allowance/),
    });
    expect((await send(other, "o1")).status).toBe(202);
    // Size: 1 MB a day, so a 600 kB email fits once.
    const big = "A long trip receipt line.\r\n".repeat(24_000);
    const bytes = (id: string) =>
      post(other, email(id, [`Subject: ${id}`, "Content-Type: text/plain"], big), small);
    expect((await bytes("b1")).status).toBe(202);
    expect((await bytes("b2")).status).toBe(429);
  }, 60_000);
});
