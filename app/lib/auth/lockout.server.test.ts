import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  endLockout,
  FAILURE_WINDOW_MS,
  LOCKOUT_AFTER_FAILURES,
  LOCKOUT_MS,
  lockedForSeconds,
  lockoutKey,
  recordFailure,
} from "./lockout.server";

const freshKey = () => lockoutKey(crypto.randomUUID(), "ignored");

function fail(key: string, times: number, now: number) {
  return Array.from({ length: times }, () => recordFailure(key, now).lockedNow);
}

describe("sign-in lockout counters", () => {
  it("locks for an hour at the 100th failure within an hour, and says so exactly once", () => {
    expect(LOCKOUT_AFTER_FAILURES).toBe(100);
    expect(LOCKOUT_MS).toBe(3_600_000);
    const key = freshKey();
    const now = 1_000_000;
    const locks = fail(key, 100, now);
    expect(locks.slice(0, 99).every((locked) => !locked)).toBe(true);
    expect(locks[99]).toBe(true);
    expect(lockedForSeconds(key, now)).toBe(3600);
    // Failures that finish during the lockout neither count nor lock again.
    expect(fail(key, 50, now + 1000).some(Boolean)).toBe(false);
    expect(lockedForSeconds(key, now + LOCKOUT_MS - 1)).toBe(1);
    expect(lockedForSeconds(key, now + LOCKOUT_MS)).toBe(0);
    // Afterwards the count starts again from zero.
    expect(fail(key, 99, now + LOCKOUT_MS).some(Boolean)).toBe(false);
    expect(recordFailure(key, now + LOCKOUT_MS).lockedNow).toBe(true);
  });

  it("forgets failures older than the window", () => {
    const key = freshKey();
    const now = 2_000_000;
    fail(key, 99, now);
    expect(recordFailure(key, now + FAILURE_WINDOW_MS).lockedNow).toBe(false);
    expect(lockedForSeconds(key, now + FAILURE_WINDOW_MS)).toBe(0);
  });

  it("a reset ends the lockout at once", () => {
    const key = freshKey();
    fail(key, 100, 3_000_000);
    expect(lockedForSeconds(key, 3_000_000)).toBeGreaterThan(0);
    endLockout(key);
    expect(lockedForSeconds(key, 3_000_000)).toBe(0);
  });

  it("keys by user when the identifier names one, else by the identifier in any case", () => {
    expect(lockoutKey("u-1", "maya")).toBe(lockoutKey("u-1", "maya@fleet.test"));
    expect(lockoutKey(undefined, " Nobody@Fleet.test ")).toBe(
      lockoutKey(undefined, "nobody@fleet.test"),
    );
    expect(lockoutKey(undefined, "u-1")).not.toBe(lockoutKey("u-1", "u-1"));
  });

  it("a flood of made-up identifiers never drops a user's lockout", () => {
    const user = freshKey();
    const now = 4_000_000;
    fail(user, 100, now);
    for (let i = 0; i < 60_000; i++) recordFailure(lockoutKey(undefined, `nobody${i}`), now);
    expect(lockedForSeconds(user, now)).toBe(3600);
  });
});
