import { describe, expect, it } from "vitest";
import { claimDeadlines } from "./claim-windows";
import { deadlineOutcome, nextStep, type ClaimProgress } from "./next-step";

// The trip ended Nov 22, 6:30 PM MST: the damage report is due Nov 23, 6:30 PM MST.
const TRIP = { endAt: Date.parse("2026-11-23T01:30:00Z"), timeZone: "America/Denver" };
const HOUR = 3_600_000;
const REPORT_DUE = TRIP.endAt + 24 * HOUR;

function deadlines(now: number) {
  return claimDeadlines("damage", TRIP, now).map((deadline) => ({
    key: deadline.key,
    dueAtMs: deadline.dueAtMs,
    status: deadline.status,
    dueText: new Date(deadline.dueAtMs).toISOString(),
    left: deadline.timeLeft.text,
  }));
}

const draft: ClaimProgress = {
  kind: "damage",
  status: "draft",
  claimedCents: null,
  filedAt: null,
  escalatedAt: null,
  postTripPhotosInWindow: null,
};

describe("next step", () => {
  it("asks to report the damage first while the window is open and no amount is known", () => {
    const now = TRIP.endAt + 2 * HOUR;
    const step = nextStep(draft, deadlines(now), 0);
    expect(step).toMatchObject({ tone: "urgent", action: "estimate" });
    expect(step.title).toBe(`Report the damage in Turo by ${new Date(REPORT_DUE).toISOString()}`);
    expect(step.text).toMatch(/^22 hours left\. Report every damaged area at once/);
  });

  it("asks for the amount once the report window closed, and to file once it is known", () => {
    const now = REPORT_DUE + 2 * HOUR;
    expect(nextStep(draft, deadlines(now), 0)).toMatchObject({
      title: "Enter the amount claimed",
      action: "estimate",
    });
    // With the amount but the window closed: the guest, not the managed route.
    const late = nextStep({ ...draft, claimedCents: 84_000 }, deadlines(now), 2);
    expect(late).toMatchObject({ title: "Ask the guest to pay directly", action: "drafts" });
    expect(late.text).toMatch(/^Turo's report window closed 2 hours ago\. /);
    expect(late.text).toContain("The evidence check found 2 problems: fix what you can first.");
    // In time, with the amount: file it.
    const inTime = nextStep(
      { ...draft, claimedCents: 84_000 },
      deadlines(TRIP.endAt + 2 * HOUR),
      2,
    );
    expect(inTime.title).toMatch(/^File the claim in Turo by /);
    expect(inTime.text).toContain("The evidence check found 2 problems: fix what you can first.");
    expect(inTime.action).toBe("evidence");
    // A reimbursement has no report window: file it while its own is open.
    const fuel = nextStep(
      { ...draft, kind: "fuel", claimedCents: 4_500 },
      claimDeadlines("fuel", TRIP, TRIP.endAt + 2 * HOUR).map((deadline) => ({
        key: deadline.key,
        dueAtMs: deadline.dueAtMs,
        status: deadline.status,
        dueText: "Nov 25",
        left: deadline.timeLeft.text,
      })),
      0,
    );
    expect(fuel.title).toBe("File the claim in Turo by Nov 25");
  });

  it("says what follows filing, and that a finished claim needs nothing", () => {
    const now = REPORT_DUE + 2 * HOUR;
    const filed = { ...draft, claimedCents: 84_000, filedAt: TRIP.endAt + HOUR };
    expect(nextStep({ ...filed, status: "filed" }, deadlines(now), 0).title).toBe(
      "Wait for the guest's answer",
    );
    expect(nextStep({ ...filed, status: "disputed" }, deadlines(now), 0)).toMatchObject({
      title: "Answer the dispute",
      tone: "urgent",
      action: "packet",
    });
    expect(nextStep({ ...filed, status: "approved" }, deadlines(now), 0).title).toBe(
      "Record the payment when it arrives",
    );
    expect(nextStep({ ...filed, status: "closed" }, deadlines(now), 0)).toMatchObject({
      tone: "done",
      action: null,
    });
  });
});

describe("deadline outcomes", () => {
  const report = (now: number) =>
    deadlines(now).find((deadline) => deadline.key === "report-damage")!;

  it("shows a deadline that passed before its step as missed, and one met in time as met", () => {
    const later = REPORT_DUE + 5 * HOUR;
    expect(deadlineOutcome(report(later), draft)).toBe("missed");
    expect(deadlineOutcome(report(TRIP.endAt), draft)).toBe("open");
    expect(
      deadlineOutcome(report(later), { ...draft, status: "filed", filedAt: REPORT_DUE - HOUR }),
    ).toBe("met");
    expect(
      deadlineOutcome(report(later), { ...draft, status: "filed", filedAt: REPORT_DUE + HOUR }),
    ).toBe("missed");
    expect(deadlineOutcome(report(later), { ...draft, status: "withdrawn" })).toBe("not-needed");
  });

  it("reads the photo window from the evidence, and needs no escalation once decided", () => {
    const later = TRIP.endAt + 30 * 24 * HOUR;
    const all = deadlines(later);
    const photos = all.find((deadline) => deadline.key === "post-trip-photos")!;
    const escalate = all.find((deadline) => deadline.key === "escalate")!;
    expect(deadlineOutcome(photos, { ...draft, postTripPhotosInWindow: true })).toBe("met");
    expect(deadlineOutcome(photos, { ...draft, postTripPhotosInWindow: false })).toBe("missed");
    // Without photos here, filing in time says nothing about them.
    expect(deadlineOutcome(photos, { ...draft, status: "filed", filedAt: TRIP.endAt })).toBe(
      "unchecked",
    );
    expect(deadlineOutcome(escalate, { ...draft, status: "paid" })).toBe("not-needed");
    expect(deadlineOutcome(escalate, { ...draft, status: "disputed" })).toBe("missed");
  });
});
