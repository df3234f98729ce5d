import { describe, expect, it } from "vitest";
import { COMMON_TEMPLATE_VARIABLES, TEMPLATE_VARIABLES } from "~/domain/guest-message-templates";
import {
  formatTripTime,
  parseTemplateQuery,
  SMOKING_FEE_CHOICES,
  smokingFeeText,
  stageSearch,
  TEMPLATE_FIELDS,
} from "./guest-message-templates-query";

const q = (query: string) => parseTemplateQuery(new URLSearchParams(query));

describe("TEMPLATE_FIELDS", () => {
  it("asks for every template variable exactly once, common ones first", () => {
    const variables = TEMPLATE_FIELDS.map((field) => field.variable);
    expect(new Set(variables).size).toBe(variables.length);
    expect([...variables].sort()).toEqual(Object.keys(TEMPLATE_VARIABLES).sort());
    const firstCommon = TEMPLATE_FIELDS.slice(0, COMMON_TEMPLATE_VARIABLES.length);
    expect(firstCommon.every((field) => field.common)).toBe(true);
    const params = TEMPLATE_FIELDS.map((field) => field.param);
    expect(new Set(params).size).toBe(params.length);
    expect(params).not.toContain("stage");
  });
});

describe("formatTripTime", () => {
  it("formats a date-time input's value as a guest reads it", () => {
    expect(formatTripTime("2026-06-05T10:00")).toBe("Fri, Jun 5 at 10:00 AM");
    expect(formatTripTime("2026-06-08T00:05")).toBe("Mon, Jun 8 at 12:05 AM");
    expect(formatTripTime("2026-12-31T12:30:00")).toBe("Thu, Dec 31 at 12:30 PM");
    expect(formatTripTime("2028-02-29 23:59")).toBe("Tue, Feb 29 at 11:59 PM");
  });

  it("rejects anything that is not a real date and time", () => {
    for (const text of [
      "",
      "tomorrow",
      "2026-02-30T10:00",
      "2026-06-05T24:00",
      "2026-06-05",
      "99999-01-01T10:00",
      "1900-01-01T10:00",
      "<script>",
    ]) {
      expect(formatTripTime(text), text).toBeNull();
    }
  });
});

describe("parseTemplateQuery", () => {
  it("a first visit is valid and fills nothing", () => {
    const result = q("");
    expect(result.valid).toBe(true);
    expect(result.templateValues).toEqual({});
    expect(result.stage).toBeNull();
  });

  it("reads every kind of field", () => {
    const result = q(
      "guest=%20Ana%20%20Li%20&car=Civic&start=2026-06-05T10:00&end=2026-06-08T10:00&place=Main+St&host=Sam" +
        "&tolls=18.4&refuel=%2442.10&cleaningFee=75&smoking=evidence&damage=a+scrape&stage=charges",
    );
    expect(result.valid).toBe(true);
    expect(result.stage).toBe("charges");
    expect(result.templateValues).toEqual({
      guestName: "Ana Li",
      vehicle: "Civic",
      tripStart: "Fri, Jun 5 at 10:00 AM",
      tripEnd: "Mon, Jun 8 at 10:00 AM",
      location: "Main St",
      hostName: "Sam",
      tollTotal: "$18.40",
      refuelCost: "$42.10",
      cleaningFee: "$75",
      smokingFee: "$150 (odor with evidence)",
      damageDescription: "a scrape",
    });
    expect(result.values.guest).toBe(" Ana  Li ");
  });

  it("the smoking fees come from the rules table", () => {
    expect(SMOKING_FEE_CHOICES.map(smokingFeeText)).toEqual([
      "$50 (odor only)",
      "$150 (odor with evidence)",
      "$250 (multiple issues)",
    ]);
  });

  it("flags bad values and leaves them out of the templates", () => {
    const result = q(
      "start=tomorrow&tolls=abc&refuel=-5&cleaningFee=999999999&smoking=free&guest=" +
        "x".repeat(10_000),
    );
    expect(result.valid).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual(
      ["cleaningFee", "guest", "refuel", "smoking", "start", "tolls"].sort(),
    );
    expect(result.errors.guest).toMatch(/too long/);
    expect(result.errors.refuel).toMatch(/negative/);
    expect(result.templateValues).toEqual({});
    expect(result.values.guest).toHaveLength(60);
  });

  it("an unknown stage shows every stage, with a message", () => {
    const result = q("stage=%3Cscript%3E");
    expect(result.stage).toBeNull();
    expect(result.valid).toBe(false);
    expect(result.errors.stage).toMatch(/every stage/);
  });

  it("turns control characters and new lines into spaces and keeps markup as text", () => {
    const result = q("guest=%3Cb%3EAna%3C%2Fb%3E%0A%00Li&car=%7B%7BguestName%7D%7D");
    expect(result.templateValues.guestName).toBe("<b>Ana</b> Li");
    expect(result.templateValues.vehicle).toBe("{{guestName}}");
  });

  it("uses the first of repeated keys", () => {
    expect(q("guest=Ana&guest=Bo").templateValues.guestName).toBe("Ana");
  });
});

describe("stageSearch", () => {
  it("keeps the typed variables and sets or clears the stage", () => {
    const params = new URLSearchParams("guest=Ana&stage=booking&junk=1&car=");
    expect(stageSearch(params, "charges")).toBe("?guest=Ana&stage=charges");
    expect(stageSearch(params, null)).toBe("?guest=Ana");
    expect(stageSearch(new URLSearchParams(), null)).toBe("");
  });
});
