import { describe, expect, it } from "vitest";
import { replacesCurrent } from "./entitlements";

const at = (iso: string) => new Date(iso);
const old = { id: "sub_A", status: "canceled", createdAt: at("2026-01-05T10:00:00Z") };
const renewed = { id: "sub_B", status: "active", createdAt: at("2026-03-01T10:00:00Z") };

describe("replacesCurrent", () => {
  it("takes any subscription when there is none, and the same one's new state", () => {
    expect(replacesCurrent(old, null)).toBe(true);
    expect(replacesCurrent({ ...renewed, status: "canceled" }, renewed)).toBe(true);
  });

  it("a live subscription beats one that ended, never the reverse, whatever their ages", () => {
    expect(replacesCurrent(renewed, old)).toBe(true);
    expect(replacesCurrent(old, renewed)).toBe(false);
    const olderButLive = { ...old, status: "trialing" };
    expect(replacesCurrent(olderButLive, { ...renewed, status: "canceled" })).toBe(true);
    expect(replacesCurrent({ ...old, status: "past_due" }, renewed)).toBe(false);
    expect(replacesCurrent(renewed, { ...old, status: "past_due" })).toBe(true);
  });

  it("standing equal, the newer one is current; same second, the id decides either way round", () => {
    const ended = { ...renewed, status: "canceled" };
    expect(replacesCurrent(ended, old)).toBe(true);
    expect(replacesCurrent(old, ended)).toBe(false);
    const twin = { ...ended, id: "sub_C" };
    expect(replacesCurrent(twin, ended)).toBe(true);
    expect(replacesCurrent(ended, twin)).toBe(false);
  });

  it("keeps the current one when an age is not known", () => {
    expect(replacesCurrent({ ...old, id: "sub_Z", createdAt: null }, old)).toBe(false);
    expect(replacesCurrent({ ...renewed, status: "canceled" }, { ...old, createdAt: null })).toBe(
      false,
    );
  });
});
