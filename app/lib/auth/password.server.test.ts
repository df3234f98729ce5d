import crypto from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  decoyPasswordHash,
  hashPassword,
  parsePasswordHash,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  SCRYPT_PARAMS,
  verifyPassword,
} from "./password.server";

// Each hash costs scrypt N=2^17 (~0.3 s, more on a busy machine).
const SLOW = 30_000;

describe("password hashing (scrypt, OWASP parameters)", () => {
  it(
    "stores the algorithm and its parameters with the hash: N=131072, r=8, p=1",
    async () => {
      const stored = await hashPassword("a perfectly fine passphrase");
      expect(stored.split("$")).toHaveLength(6);
      const parsed = parsePasswordHash(stored);
      expect(parsed).not.toBeNull();
      expect(parsed).toMatchObject({ algorithm: "scrypt", N: 131072, r: 8, p: 1 });
      expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
      // 16-byte random salt, 64-byte key.
      expect(Buffer.from(parsed!.salt, "base64")).toHaveLength(16);
      expect(Buffer.from(parsed!.key, "base64")).toHaveLength(64);
      // The key really is scrypt with those parameters (not just a label).
      const key = crypto.scryptSync(
        "a perfectly fine passphrase",
        Buffer.from(parsed!.salt, "base64"),
        64,
        { N: 131072, r: 8, p: 1, maxmem: 256 * 1024 * 1024 },
      );
      expect(key.toString("base64")).toBe(parsed!.key);
    },
    SLOW,
  );

  it(
    "salts every hash: the same password never gives the same stored value",
    async () => {
      const [a, b] = await Promise.all([
        hashPassword("same password twice"),
        hashPassword("same password twice"),
      ]);
      expect(a).not.toBe(b);
      expect(parsePasswordHash(a)!.salt).not.toBe(parsePasswordHash(b)!.salt);
    },
    SLOW,
  );

  it(
    "round-trips a 64-character password, and refuses it with one character changed",
    async () => {
      const password = "Tr0ub4dor&3-correct-horse-battery-staple-xkcd-936-long-phrase-64";
      expect(password).toHaveLength(64);
      const stored = await hashPassword(password);
      expect(await verifyPassword(password, stored)).toBe(true);
      expect(await verifyPassword(password.slice(0, 63) + "5", stored)).toBe(false);
      expect(await verifyPassword(password.slice(0, 63), stored)).toBe(false);
    },
    SLOW,
  );

  it(
    "round-trips Unicode passwords, in either normalisation form",
    async () => {
      const password = "Ünïcødé pässwörd 🔐 日本語のパスワード";
      const stored = await hashPassword(password);
      expect(await verifyPassword(password, stored)).toBe(true);
      // The same text typed on a keyboard that produces decomposed characters still matches.
      expect(await verifyPassword(password.normalize("NFD"), stored)).toBe(true);
      expect(await verifyPassword("Unicode password", stored)).toBe(false);
    },
    SLOW,
  );

  it(
    "refuses a wrong password, an empty one and a malformed stored hash",
    async () => {
      const stored = await hashPassword("the right password");
      expect(await verifyPassword("the wrong password", stored)).toBe(false);
      expect(await verifyPassword("", stored)).toBe(false);
      expect(await verifyPassword("the right password", "")).toBe(false);
      expect(await verifyPassword("the right password", "bcrypt$x$y")).toBe(false);
      expect(parsePasswordHash("scrypt$131072$8$1$salt")).toBeNull();
      expect(parsePasswordHash("md5$1$2$3$4$5")).toBeNull();
    },
    SLOW,
  );
});

describe("password hashing off the shared thread pool", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it(
    "keeps the event loop and libuv's thread pool responsive while 6 verifications run",
    async () => {
      const stored = await hashPassword("a password under attack");
      const burst = Array.from({ length: 6 }, (_, i) =>
        verifyPassword(`guess number ${i}`, stored),
      );
      let settled = false;
      void Promise.allSettled(burst).then(() => (settled = true));
      // File system calls run on libuv's thread pool, as express.static's stat and read do.
      const file = fileURLToPath(import.meta.url);
      const statMs: number[] = [];
      const timerLagMs: number[] = [];
      while (!settled && statMs.length < 2_000) {
        let started = performance.now();
        await fs.promises.stat(file);
        statMs.push(performance.now() - started);
        started = performance.now();
        await sleep(10);
        timerLagMs.push(performance.now() - started - 10);
      }
      expect(await Promise.all(burst)).toEqual(Array(6).fill(false));
      // A stat queued behind scrypt waits for a whole hash (~0.5 s). Without that, it takes well
      // under a millisecond; the bounds leave room for a busy machine descheduling this process.
      const ninetieth = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];
      const seen = `stat ms: ${statMs.map(Math.round).join(" ")}`;
      expect(statMs.length, seen).toBeGreaterThanOrEqual(10);
      expect(Math.max(...statMs), seen).toBeLessThan(250);
      expect(ninetieth(statMs), seen).toBeLessThan(50);
      expect(ninetieth(timerLagMs)).toBeLessThan(50);
      expect(Math.max(...timerLagMs)).toBeLessThan(250);
    },
    SLOW * 2,
  );

  it(
    "runs a burst of verifications at most pool-size at a time, and each answers correctly",
    async () => {
      const { passwordHasher } = await import("./password.server");
      const stored = await hashPassword("the right password");
      const before = passwordHasher.stats();
      const results = Promise.all([
        ...Array.from({ length: 5 }, (_, i) => verifyPassword(`wrong ${i}`, stored)),
        verifyPassword("the right password", stored),
      ]);
      let done = false;
      void results.finally(() => (done = true));
      let mostRunning = 0;
      while (!done) {
        const { running, queued } = passwordHasher.stats();
        mostRunning = Math.max(mostRunning, running);
        expect(running + queued).toBeLessThanOrEqual(6);
        await sleep(5);
      }
      expect(await results).toEqual([false, false, false, false, false, true]);
      const after = passwordHasher.stats();
      expect(mostRunning).toBeGreaterThanOrEqual(1);
      expect(mostRunning).toBeLessThanOrEqual(after.size);
      expect(after.maxRunning).toBeLessThanOrEqual(after.size);
      expect(after.workers).toBeLessThanOrEqual(after.size);
      expect(after.completed - before.completed).toBe(6);
      expect(after.refused).toBe(0);
    },
    SLOW * 2,
  );

  it(
    "makes the decoy hash once, and it verifies like any other",
    async () => {
      const decoy = await decoyPasswordHash();
      expect(await decoyPasswordHash()).toBe(decoy);
      expect(parsePasswordHash(decoy)).toMatchObject({ N: 131072, r: 8, p: 1 });
      expect(await verifyPassword("anything", decoy)).toBe(false);
    },
    SLOW,
  );
});

describe("passwordProblem (new passwords)", () => {
  it("refuses fewer than 8 and more than 128 characters, accepts both limits", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(passwordProblem("")).toBe("Use at least 8 characters.");
    expect(passwordProblem("k9#vQ2p")).toBe("Use at least 8 characters.");
    expect(passwordProblem("k9#vQ2pZ")).toBeNull();
    expect(passwordProblem("x7".repeat(64))).toBeNull();
    expect(passwordProblem("x7".repeat(64) + "y")).toBe("Use at most 128 characters.");
  });

  it("counts characters, not UTF-16 units", () => {
    // Seven emoji are 14 UTF-16 units but only 7 characters.
    expect(passwordProblem("🔐🚗🛞🔧🧾📸🔑")).toBe("Use at least 8 characters.");
    expect(passwordProblem("🔐🚗🛞🔧🧾📸🔑🚙")).toBeNull();
  });

  it("refuses common passwords whatever their case", () => {
    for (const common of ["password", "12345678", "PASSWORD1", "Qwerty123", "iloveyou"]) {
      expect(passwordProblem(common), common).toBe(
        "That password is too common or too easy to guess. Choose a less predictable one.",
      );
    }
  });

  it("refuses the user's own username, email or name as the password", () => {
    const context = ["fleetboss", "maya@fleet.test", "Maximilian", "Lopez"];
    expect(passwordProblem("FleetBoss", context)).toMatch(/too common or too easy/);
    expect(passwordProblem("MAYA@fleet.test", context)).toMatch(/too common or too easy/);
    expect(passwordProblem("maximilian", context)).toMatch(/too common or too easy/);
    expect(passwordProblem("maximilian-drives-vans", context)).toBeNull();
  });
});
