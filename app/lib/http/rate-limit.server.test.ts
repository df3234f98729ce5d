import { describe, expect, it } from "vitest";
import {
  checkRateLimit,
  checkRecipientLimit,
  hit,
  LIMITS,
  tooManyEmailsMessage,
  waitInWords,
} from "./rate-limit.server";

describe("fixed-window rate limit", () => {
  it("allows max attempts per window, refuses the next, and resets after the window", () => {
    const key = `test:${Math.random()}`;
    const start = 1_000_000;
    for (let i = 0; i < 10; i++) expect(hit(key, 10, 60_000, start + i).allowed).toBe(true);
    const refused = hit(key, 10, 60_000, start + 30_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(30);
    expect(hit(key, 10, 60_000, start + 60_000).allowed).toBe(true);
  });

  it("counts each key separately", () => {
    const a = `a:${Math.random()}`;
    const b = `b:${Math.random()}`;
    expect(hit(a, 1, 60_000, 0).allowed).toBe(true);
    expect(hit(a, 1, 60_000, 1).allowed).toBe(false);
    expect(hit(b, 1, 60_000, 1).allowed).toBe(true);
  });
});

describe("named buckets", () => {
  it("counts each purpose separately: exhausting demo leaves login allowed for the address", () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250)}:${Math.random()}`;
    for (let i = 0; i < LIMITS.demo.max; i++)
      expect(checkRateLimit(address, "demo").allowed).toBe(true);
    expect(checkRateLimit(address, "demo").allowed).toBe(false);
    expect(checkRateLimit(address, "login").allowed).toBe(true);
    expect(checkRateLimit(address, "register").allowed).toBe(true);
  });

  it("keeps ten attempts a minute per address for every form", () => {
    for (const bucket of [
      "login",
      "register",
      "reset",
      "verify",
      "demo",
      "invite",
      "profile",
    ] as const)
      expect(LIMITS[bucket]).toEqual({ max: 10, windowMs: 60_000 });
  });
});

describe("emails per recipient", () => {
  const address = () => `inbox.${Math.random().toString(36).slice(2)}@fleet.test`;

  it("allows 3 emails to one address in 15 minutes, whoever asks, and says how long to wait", () => {
    const to = address();
    const start = 5_000_000;
    for (let i = 0; i < 3; i++) expect(checkRecipientLimit(to, start + i).allowed).toBe(true);
    // Spelled differently, it is still the same inbox.
    expect(checkRecipientLimit(` ${to.toUpperCase()} `, start + 60_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 840,
    });
    expect(checkRecipientLimit(to, start + 15 * 60_000).allowed).toBe(true);
    expect(checkRecipientLimit(address(), start).allowed).toBe(true);
  });

  it("allows at most 10 a day, and refused emails don't use up the day's allowance", () => {
    const to = address();
    const start = 9_000_000;
    const quarter = 15 * 60_000;
    let sent = 0;
    for (let q = 0; q < 8; q++) {
      // Six tries in each quarter hour: three go out, three are refused (and not counted).
      for (let i = 0; i < 6; i++)
        if (checkRecipientLimit(to, start + q * quarter + i).allowed) sent++;
    }
    expect(sent).toBe(10);
    const refused = checkRecipientLimit(to, start + 8 * quarter);
    expect(refused.allowed).toBe(false);
    // The day window started with the first email.
    expect(refused.retryAfterSeconds).toBe(24 * 3600 - 2 * 3600);
    expect(checkRecipientLimit(to, start + 24 * 3_600_000).allowed).toBe(true);
  });

  it("declares the buckets with the other limits", () => {
    expect(LIMITS.mailPerRecipient).toEqual({ max: 3, windowMs: 15 * 60_000 });
    expect(LIMITS.mailPerRecipientPerDay).toEqual({ max: 10, windowMs: 24 * 3_600_000 });
  });

  it("says when to try again in words", () => {
    expect(tooManyEmailsMessage("a@b.test", 840)).toBe(
      "We've sent too many emails to a@b.test recently. Please try again in 14 minutes.",
    );
    expect(waitInWords(30)).toBe("a minute");
    expect(waitInWords(61)).toBe("2 minutes");
    expect(waitInWords(90 * 60)).toBe("90 minutes");
    expect(waitInWords(22 * 3600)).toBe("22 hours");
    expect(waitInWords(3 * 3600 + 1)).toBe("4 hours");
  });
});
