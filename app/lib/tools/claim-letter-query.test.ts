import { describe, expect, it } from "vitest";
import { buildClaimLetter } from "~/domain/insurance-claim-letter";
import { MAX_CHARGE_ROWS, parseClaimLetterQuery, todayIso } from "./claim-letter-query";
import { SAMPLE_CLAIM } from "~/tests/support/tool-fixtures";

const TODAY = "2026-06-10";

const VALID = {
  ...SAMPLE_CLAIM,
  description: "The rear bumper was scraped.\r\n\r\nThe guest reported it at drop-off.",
  estimate: "$1,850.40",
};

const parse = (extra: Record<string, string> | string = {}, base = VALID) => {
  const params = new URLSearchParams(base);
  const more = new URLSearchParams(extra);
  for (const [key, value] of more) params.append(key, value);
  return parseClaimLetterQuery(params, TODAY);
};

describe("parseClaimLetterQuery", () => {
  it("a first visit is empty, untouched and not an error page", () => {
    const query = parseClaimLetterQuery(new URLSearchParams(), TODAY);
    expect(query.touched).toBe(false);
    expect(query.submitted).toBe(false);
    expect(query.input).toBeNull();
    expect(query.values.letterDate).toBe(TODAY);
    expect(query.rows).toEqual([{ label: "", amount: "" }]);
  });

  it("builds the letter input from the required fields, dated today by default", () => {
    const { input, errors } = parse();
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      host: { name: "Sam Rivera", email: "sam@example.com" },
      guest: { name: "Alex Chen" },
      insurer: { name: "Acme Mutual", policyNumber: "PA-123-456" },
      trip: { reservationId: "R-98765", startDate: "2026-06-05", endDate: "2026-06-08" },
      repairEstimateCents: 1_850_40,
      additionalCharges: [],
      letterDate: TODAY,
      evidence: {},
    });
    expect(input?.incident.description).toBe(
      "The rear bumper was scraped.\n\nThe guest reported it at drop-off.",
    );
    expect(() => buildClaimLetter(input!)).not.toThrow();
  });

  it("reads charge rows, skipping empty ones, and the evidence ticks", () => {
    const { input, rows } = parse(
      "c0.label=Towing&c0.amount=125&c2.label=Loss+of+use&c2.amount=480&ev=pre-trip-photos&ev=bogus&guestPlan=declined",
    );
    expect(rows).toHaveLength(3);
    expect(input?.additionalCharges).toEqual([
      { description: "Towing", amountCents: 125_00 },
      { description: "Loss of use", amountCents: 480_00 },
    ]);
    expect(input?.evidence).toEqual({ "pre-trip-photos": true });
    expect(input?.guestPlan).toBe("declined");
  });

  it("maps charge errors to the row's fields", () => {
    const { errors, input } = parse("c0.label=Towing&c1.amount=abc&c3.label=Fuel");
    expect(input).toBeNull();
    expect(errors).toEqual({
      "c1.amount": "Charge 2: the amount must be a dollar amount, like 1250.",
      "c1.label": "Charge 2: describe the charge.",
      "c0.amount": "Charge 1: enter the amount.",
      "c3.amount": "Charge 4: enter the amount.",
    });
  });

  it("adds rows on request, up to the maximum", () => {
    expect(parse("rows=1&rows=2").rows).toHaveLength(2);
    expect(parse("rows=999").rows).toHaveLength(MAX_CHARGE_ROWS);
    expect(parse("rows=-5&rows=abc").rows).toHaveLength(1);
    // Rows past the maximum are ignored.
    expect(parse("c15.label=x&c15.amount=1").input?.additionalCharges).toEqual([]);
  });

  it("lists every required field of a submitted empty form", () => {
    const query = parseClaimLetterQuery(new URLSearchParams("go=1"), TODAY);
    expect(query.submitted).toBe(true);
    expect(Object.keys(query.errors).sort()).toEqual(
      [
        "description",
        "estimate",
        "guestName",
        "hostEmail",
        "hostName",
        "incidentDate",
        "insurer",
        "policy",
        "reservation",
        "tripEnd",
        "tripStart",
        "vehicle",
      ].sort(),
    );
    expect(query.errors.estimate).toBe("Enter the repair estimate or at least one charge.");
  });

  it.each([
    [{ estimate: "-100" }, "estimate", "Repair estimate must be between $0 and $10,000,000."],
    [{ estimate: "1e9" }, "estimate", "Repair estimate must be a dollar amount, like 1250."],
    [
      { guestPlan: "<script>" },
      "guestPlan",
      "Choose the guest's protection plan, or leave it blank.",
    ],
    [
      { tripStart: "2026-02-30" },
      "tripStart",
      "Enter the trip start date as a real date (YYYY-MM-DD).",
    ],
    [{ letterDate: "2026-06-01" }, "letterDate", "The letter date is before the incident."],
    [{ hostEmail: "x".repeat(10_000) }, "hostEmail", "Your email: keep it under 200 characters."],
    [{ vin: "1".repeat(18) }, "vin", "VIN: keep it under 17 characters."],
    [
      { description: "y".repeat(10_000) },
      "description",
      "What happened: keep it under 4,000 characters.",
    ],
    [
      { tripStart: "9".repeat(10_000) },
      "tripStart",
      "Enter the trip start date as a real date (YYYY-MM-DD).",
    ],
  ])("hostile %o → error on %s", (override, field, message) => {
    const { errors, input } = parse({}, { ...VALID, ...override });
    expect(errors[field]).toBe(message);
    expect(input).toBeNull();
  });

  it("removes control and bidi characters, flattens one-line fields", () => {
    const { input } = parse(
      {},
      { ...VALID, guestName: "Alex\u0000 \u202EChen\nJr", description: "a\u0007b\n\nc" },
    );
    expect(input?.guest.name).toBe("Alex Chen Jr");
    expect(input?.incident.description).toBe("ab\n\nc");
  });

  it("the first of repeated keys wins; unknown keys are ignored", () => {
    const { input } = parse("guestName=Other&x=%3Cscript%3E");
    expect(input?.guest.name).toBe("Alex Chen");
  });
});

describe("todayIso", () => {
  it("is the date in US Pacific time", () => {
    expect(todayIso(new Date("2026-06-10T06:59:00Z"))).toBe("2026-06-09");
    expect(todayIso(new Date("2026-06-10T07:00:00Z"))).toBe("2026-06-10");
  });
});
