import { describe, expect, it } from "vitest";
import { demoLeadSchema, demoStartSchema, schedulingRedirectUrl } from "./demo-lead";

const valid = {
  email: "sam@fleet.test",
  firstName: "Sam",
  lastName: "Rivera",
  phone: "+1 (555) 010-2030",
  turoProfile: "https://turo.com/us/en/drivers/123",
  vehicleCount: "7",
};

describe("demo form schemas", () => {
  it("accepts a complete step 2 and coerces the vehicle count", () => {
    const result = demoLeadSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.vehicleCount).toBe(7);
  });

  it("requires every field", () => {
    for (const field of Object.keys(valid)) {
      const result = demoLeadSchema.safeParse({ ...valid, [field]: "" });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe(field);
    }
  });

  it("rejects fewer than 5 vehicles with a clear message", () => {
    const result = demoLeadSchema.safeParse({ ...valid, vehicleCount: "4" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "The concierge demo is for fleets of 5 or more vehicles.",
    );
  });

  it("rejects fractional and non-numeric vehicle counts", () => {
    expect(demoLeadSchema.safeParse({ ...valid, vehicleCount: "5.5" }).success).toBe(false);
    expect(demoLeadSchema.safeParse({ ...valid, vehicleCount: "five" }).success).toBe(false);
  });

  it("rejects a bad email in both steps", () => {
    expect(demoStartSchema.safeParse({ email: "not-an-email" }).success).toBe(false);
    expect(demoLeadSchema.safeParse({ ...valid, email: "a@b" }).success).toBe(false);
    expect(demoStartSchema.safeParse({ email: "  sam@fleet.test " }).data?.email).toBe(
      "sam@fleet.test",
    );
  });

  it("rejects a phone number without enough digits", () => {
    expect(demoLeadSchema.safeParse({ ...valid, phone: "call me" }).success).toBe(false);
  });
});

describe("schedulingRedirectUrl", () => {
  it("prefills email, name, a1 phone, a2 profile and a3 vehicle count", () => {
    const lead = demoLeadSchema.parse(valid);
    const url = new URL(
      schedulingRedirectUrl("https://cal.example/fleet/demo?month=2026-11", lead),
    );
    expect(url.origin + url.pathname).toBe("https://cal.example/fleet/demo");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      month: "2026-11",
      email: "sam@fleet.test",
      name: "Sam Rivera",
      a1: "+1 (555) 010-2030",
      a2: "https://turo.com/us/en/drivers/123",
      a3: "7",
    });
  });
});
