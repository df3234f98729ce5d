import { describe, expect, it } from "vitest";
import { parseClaimsQuery, US_TIME_ZONES } from "./marketplace-claims-query";

const q = (query: string) => parseClaimsQuery(new URLSearchParams(query));

describe("US_TIME_ZONES", () => {
  it("lists the US zones in the order the page offers them", () => {
    expect(US_TIME_ZONES.map((zone) => zone.id)).toEqual([
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Phoenix",
      "America/Los_Angeles",
      "America/Anchorage",
      "Pacific/Honolulu",
    ]);
  });
});

describe("parseClaimsQuery", () => {
  it("a first visit has no input and no errors", () => {
    const result = q("");
    expect(result.input).toBeNull();
    expect(result.errors).toEqual({});
    expect(result.values.tz).toBe("America/New_York");
  });

  it("reads a US zone from the select", () => {
    const result = q("date=2026-03-08&time=10:30&tz=America/Denver&tzOther=Europe/Paris");
    expect(result.errors).toEqual({});
    expect(result.input).toEqual({
      date: "2026-03-08",
      time: "10:30",
      timeZone: "America/Denver",
      repeatedTime: "earlier",
    });
    expect(result.values.tzOther).toBe("Europe/Paris");
  });

  it("reads the free-text zone when the select says other", () => {
    const result = q("date=2026-03-08&time=10:30&tz=other&tzOther=Europe/London");
    expect(result.errors).toEqual({});
    expect(result.input?.timeZone).toBe("Europe/London");
    expect(result.values.tz).toBe("other");
  });

  it("accepts any zone straight in tz (a shared link)", () => {
    const result = q("date=2026-03-08&time=10:30&tz=Asia/Kolkata");
    expect(result.errors).toEqual({});
    expect(result.input?.timeZone).toBe("Asia/Kolkata");
    expect(result.values).toMatchObject({ tz: "other", tzOther: "Asia/Kolkata" });
  });

  it("reports an unknown zone on the field that holds it", () => {
    expect(q("date=2026-03-08&time=10:30&tz=Mars/Olympus").errors.tzOther).toMatch(
      /not a time zone we know/,
    );
    expect(q("date=2026-03-08&time=10:30&tz=other").errors.tzOther).toMatch(/IANA name/);
  });

  it("reports a time that never existed (DST gap) with the domain's message", () => {
    const { errors } = q("date=2026-03-08&time=02:30&tz=America/New_York");
    expect(errors.time).toMatch(/didn't exist on March 8, 2026/);
  });

  it("reports bad dates and times", () => {
    const { errors } = q("date=%3Cscript%3E&time=25:00");
    expect(errors.date).toMatch(/real calendar date/);
    expect(errors.time).toMatch(/24-hour clock/);
    expect(q("date=2026-03-08").errors.time).toBeDefined();
    expect(q("date=2200-01-01&time=10:00").errors.date).toMatch(/between/);
  });

  it("never throws on hostile values", () => {
    for (const query of [
      `date=${"9".repeat(10_000)}&time=${"1".repeat(10_000)}&tz=${"a".repeat(10_000)}`,
      "date=-2026-01-01&time=-1:00",
      "date=2026-03-08&date=junk&time=10:00&time=x",
      "tz=%00&tzOther=%E2%80%AE&repeated=sideways",
    ]) {
      expect(() => q(query)).not.toThrow();
    }
    expect(q("date=2026-03-08&date=junk&time=10:00").errors).toEqual({});
  });

  it("passes the repeated-time choice through", () => {
    expect(q("date=2026-11-01&time=01:30&repeated=later").input?.repeatedTime).toBe("later");
    expect(q("date=2026-11-01&time=01:30&repeated=x").input?.repeatedTime).toBe("earlier");
  });
});
