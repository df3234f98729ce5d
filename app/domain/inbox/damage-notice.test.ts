import { describe, expect, it } from "vitest";
import { reportDamageBy } from "./damage-notice";

const HOUR = 3_600_000;
const noticeAt = new Date("2026-07-01T12:00:00Z");

describe("reportDamageBy", () => {
  it("counts 24 hours from the guest's notice when it comes before the trip ends", () => {
    const tripEndAt = new Date(noticeAt.getTime() + 30 * HOUR);
    expect(reportDamageBy({ noticeAt, tripEndAt })).toEqual(
      new Date(noticeAt.getTime() + 24 * HOUR),
    );
  });
  it("counts from the trip's end when the notice comes after it", () => {
    const tripEndAt = new Date(noticeAt.getTime() - 5 * HOUR);
    expect(reportDamageBy({ noticeAt, tripEndAt })).toEqual(
      new Date(noticeAt.getTime() + 19 * HOUR),
    );
  });
  it("counts from the notice when no trip is known", () => {
    expect(reportDamageBy({ noticeAt })).toEqual(new Date(noticeAt.getTime() + 24 * HOUR));
  });
});
