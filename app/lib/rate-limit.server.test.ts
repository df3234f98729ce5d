import { describe, expect, it } from "vitest";
import { hit } from "./rate-limit.server";

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
