import { describe, expect, it } from "vitest";
import {
  attributionAge,
  campaignUrl,
  extractUtm,
  nextAttribution,
  parseStoredUtm,
  stripUtm,
} from "./utm";

describe("extractUtm", () => {
  it("captures only parameters that are present and non-empty", () => {
    const params = new URLSearchParams(
      "utm_source=facebook&utm_medium=&utm_campaign=%20spring%20&x=1",
    );
    expect(extractUtm(params)).toEqual({ utm_source: "facebook", utm_campaign: "spring" });
  });

  it("returns null when no UTM parameter has a value", () => {
    expect(extractUtm(new URLSearchParams("utm_source=&utm_term=  &tab=damage"))).toBeNull();
    expect(extractUtm(new URLSearchParams(""))).toBeNull();
  });

  it("caps absurdly long values", () => {
    const params = new URLSearchParams({ utm_source: "x".repeat(5000) });
    expect(extractUtm(params)?.utm_source).toHaveLength(200);
  });
});

describe("stripUtm", () => {
  it("removes every utm_* parameter and keeps the others and the hash", () => {
    expect(stripUtm("https://a.test/?utm_source=fb&tab=damage&utm_term=x#why")).toBe(
      "/?tab=damage#why",
    );
  });
  it("leaves a bare path when nothing else remains", () => {
    expect(stripUtm("https://a.test/damage-estimates?utm_medium=social")).toBe("/damage-estimates");
  });
});

describe("nextAttribution", () => {
  const now = new Date("2026-11-20T10:00:00Z");
  const utm = { utm_source: "linkedin", utm_medium: "social" };

  it("creates the first-touch record when none exists", () => {
    const next = nextAttribution({ firstTouch: null, session: null }, utm, "https://a.test/", now);
    expect(next.firstTouch).toEqual({
      initialUTM: utm,
      sessionUTM: utm,
      timestamp: "2026-11-20T10:00:00.000Z",
      pageUrl: "https://a.test/",
    });
    expect(next.session).toEqual({
      utm,
      timestamp: "2026-11-20T10:00:00.000Z",
      pageUrl: "https://a.test/",
    });
  });

  it("never overwrites an existing first touch but always replaces the session record", () => {
    const firstTouch = {
      initialUTM: { utm_source: "facebook" },
      sessionUTM: { utm_source: "facebook" },
      timestamp: "2026-01-01T00:00:00.000Z",
      pageUrl: "https://a.test/",
    };
    const next = nextAttribution(
      { firstTouch, session: { utm: { utm_source: "facebook" }, timestamp: "x", pageUrl: "y" } },
      utm,
      "https://a.test/damage-estimates",
      now,
    );
    expect(next.firstTouch).toBe(firstTouch);
    expect(next.session?.utm).toEqual(utm);
  });
});

describe("attributionAge", () => {
  it("shows days and hours", () => {
    const now = new Date("2026-11-20T10:00:00Z");
    expect(attributionAge("2026-11-17T06:30:00Z", now)).toBe("3 days, 3 hours");
    expect(attributionAge("2026-11-19T09:00:00Z", now)).toBe("1 day, 1 hour");
    expect(attributionAge("2026-11-20T09:59:00Z", now)).toBe("0 days, 0 hours");
  });
  it("never goes negative for a timestamp in the future", () => {
    expect(attributionAge("2030-01-01T00:00:00Z", new Date("2026-01-01T00:00:00Z"))).toBe(
      "0 days, 0 hours",
    );
  });
});

describe("campaign templates", () => {
  it("builds social campaign links with medium social for both networks", () => {
    const fb = new URL(campaignUrl("https://fleetassist.app/", "facebook", "launch"));
    const li = new URL(campaignUrl("https://fleetassist.app/", "linkedin", "launch", "video"));
    expect(Object.fromEntries(fb.searchParams)).toEqual({
      utm_source: "facebook",
      utm_medium: "social",
      utm_campaign: "launch",
    });
    expect(li.searchParams.get("utm_medium")).toBe("social");
    expect(li.searchParams.get("utm_content")).toBe("video");
  });
});

describe("parseStoredUtm", () => {
  it("keeps only known string fields from untrusted storage", () => {
    expect(parseStoredUtm({ utm_source: "fb", evil: "x", utm_term: 5, utm_medium: " " })).toEqual({
      utm_source: "fb",
    });
    expect(parseStoredUtm("not an object")).toEqual({});
    expect(parseStoredUtm(null)).toEqual({});
  });
});
