import { describe, expect, it } from "vitest";
import { marketplace } from "~/config/marketplace";
import {
  CLAIM_DEADLINE_RULES,
  CLAIM_ROUTES,
  claimDeadlineRule,
  describeDuration,
  FEES,
  GUEST_PLAN_IDS,
  GUEST_PLANS,
  HOST_PLAN_COMMON,
  HOST_PLAN_IDS,
  HOST_PLANS,
  isGuestPlanId,
  isHostPlanId,
  LOST_INCOME_RULE,
  REIMBURSEMENT_RULE,
  RULE_SOURCES,
  RULES_AS_OF,
  TRIP_PHOTO_RULE,
} from "./marketplace-rules";

// The table must say exactly what the support articles in RULE_SOURCES say. A policy change
// should fail here first, so the change is deliberate and RULES_AS_OF gets a new date.
describe("the dated rules table", () => {
  it("is dated", () => {
    expect(RULES_AS_OF).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(RULES_AS_OF))).toBe(false);
  });

  it("claim deadlines", () => {
    expect(
      CLAIM_DEADLINE_RULES.map((rule) => [rule.id, rule.duration.unit, rule.duration.amount]),
    ).toEqual([
      ["report-damage", "elapsed-hours", 24],
      ["post-trip-photos", "elapsed-hours", 24],
      ["repair-estimate", "elapsed-hours", 72],
      ["escalate", "calendar-days", 20],
      ["toll-reimbursement", "calendar-days", 90],
    ]);
    expect(claimDeadlineRule("escalate").label).toBe(`Escalate to ${marketplace.name}`);
    expect(describeDuration({ unit: "elapsed-hours", amount: 72 })).toBe("72 hours");
    expect(describeDuration({ unit: "calendar-days", amount: 20 })).toBe("20 days");
  });

  it("photos, reimbursements and fees", () => {
    expect(TRIP_PHOTO_RULE).toMatchObject({
      preTripMaxHoursBeforeStart: 24,
      postTripMaxHoursAfterEnd: 24,
    });
    expect(REIMBURSEMENT_RULE).toMatchObject({
      tollRequestWindowDays: 90,
      guestDisputeWindowHours: 72,
    });
    expect(FEES.smoking).toMatchObject({
      odorOnlyCents: 5000,
      odorWithEvidenceCents: 15000,
      multipleIssuesCents: 25000,
    });
    expect(FEES.lateReturn).toMatchObject({
      feeCents: 2000,
      minimumHoursLate: 2,
      plusAdditionalUsage: true,
    });
    expect(FEES.missingPhotos).toMatchObject({ feeCents: 2500, claimDenied: true });
    expect(FEES.reimbursementMisuse.feeCents).toBe(5000);
  });

  it("guest plans", () => {
    expect(
      GUEST_PLAN_IDS.map((id) => [
        id,
        GUEST_PLANS[id].maxOutOfPocketCents,
        GUEST_PLANS[id].personalInsuranceAskedFirst,
      ]),
    ).toEqual([
      ["premier", 0, false],
      ["standard", 500_00, true],
      ["minimum", 3_000_00, true],
      ["declined", 3_000_00, true],
    ]);
    expect(GUEST_PLANS.standard.description).toBe("The guest owes up to $500 for eligible damage.");
    expect(GUEST_PLANS.premier.description).toBe("The guest owes nothing for eligible damage.");
  });

  it("host plans", () => {
    expect(
      HOST_PLAN_IDS.map((id) => {
        const plan = HOST_PLANS[id];
        return [
          id,
          plan.hostSharePercent,
          plan.deductibleCents,
          plan.replacementVehicle,
          plan.exteriorWearAndTear,
          plan.lostHostingIncome,
        ];
      }),
    ).toEqual([
      [60, 60, 0, { dailyCents: 50_00, maxDays: 10 }, true, true],
      [75, 75, 250_00, { dailyCents: 30_00, maxDays: null }, false, false],
      [80, 80, 750_00, null, false, false],
      [85, 85, 1_625_00, null, false, false],
      [90, 90, 2_500_00, null, false, false],
    ]);
    expect(HOST_PLAN_COMMON).toMatchObject({
      thirdPartyLiabilityCents: 750_000_00,
      physicalDamageCapCents: 200_000_00,
    });
  });

  it("lost income", () => {
    expect(LOST_INCOME_RULE).toMatchObject({
      laborHoursPerDay: 4,
      averagingWindowDays: 60,
      eligibleHostPlans: [60],
      requiresDecliningReplacementVehicle: true,
    });
    expect(LOST_INCOME_RULE.caveat).toMatch(/2025/);
  });

  it("every rule cites a source; article links point at the support center", () => {
    for (const source of Object.values(RULE_SOURCES)) {
      if (source.articleId === null) {
        expect(source.url).toBeNull();
        expect(source.note).toBeTruthy();
      } else {
        expect(source.url).toBe(`https://support.turo.com/hc/en-us/articles/${source.articleId}`);
      }
    }
    expect(RULE_SOURCES.reportingDamage.articleId).toBe("203990590");
    expect(RULE_SOURCES.resolvingIndependently.articleId).toBe("207963877");
    expect(RULE_SOURCES.reimbursements.articleId).toBe("360024276814");
    expect(RULE_SOURCES.lostIncome.articleId).toBe("217552957");
    for (const rule of CLAIM_DEADLINE_RULES)
      expect(Object.values(RULE_SOURCES)).toContain(rule.source);
    for (const route of Object.values(CLAIM_ROUTES)) expect(route.name).toBeTruthy();
  });

  it("rule text takes the marketplace name from config and quotes the table's own numbers", () => {
    expect(claimDeadlineRule("report-damage").description).toContain(
      `${marketplace.name}'s claims center within 24 hours`,
    );
    expect(CLAIM_ROUTES["resolve-directly"].summary).toContain("within 20 days");
  });

  it("type guards", () => {
    expect(isHostPlanId(75)).toBe(true);
    expect(isHostPlanId(70)).toBe(false);
    expect(isHostPlanId("75")).toBe(false);
    expect(isGuestPlanId("premier")).toBe(true);
    expect(isGuestPlanId("Premier")).toBe(false);
  });
});
