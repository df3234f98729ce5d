import { describe, expect, it } from "vitest";
import { claimDeadlines } from "~/domain/claims/claim-windows";
import {
  byDeadline,
  claimItems,
  conversationItems,
  missedTripItems,
  tripInWindow,
  tripItems,
  type TripFacts,
} from "./queue-rules";

const HOUR = 3_600_000;
const START = Date.parse("2026-12-01T17:00:00Z");
const END = Date.parse("2026-12-04T01:00:00Z");

const trip: TripFacts = {
  id: "t1",
  reservationId: "R1",
  guestName: "Jordan L.",
  vehicleName: "Blue Camry",
  startAt: START,
  endAt: END,
  timeZone: "America/Denver",
  status: "booked",
};

describe("trip items", () => {
  it("opens the start check 2 h before start and the end checks at the scheduled end", () => {
    const items = tripItems(trip);
    const by = (kind: string) => items.filter((item) => item.kind === kind);
    expect(by("trip-start")).toEqual([
      expect.objectContaining({
        key: `trip-start:t1:${START}`,
        readyAt: START - 2 * HOUR,
        deadlineAt: START,
        tripId: "t1",
      }),
    ]);
    expect(by("trip-start")[0]!.detail).toContain("only to the primary guest");
    expect(by("return-check")[0]).toMatchObject({ readyAt: END, deadlineAt: END + 30 * 60_000 });
    expect(by("return-check")[0]!.detail).toContain("$20 late fee");
    expect(by("photo-audit")[0]).toMatchObject({ readyAt: END, deadlineAt: END + 24 * HOUR });
    expect(by("reimbursement").map((item) => item.deadlineAt - END)).toEqual([
      24 * HOUR,
      72 * HOUR,
    ]);
  });

  it("keys items by the trip's times, so moved times give new keys", () => {
    const moved = tripItems({ ...trip, startAt: START + HOUR, endAt: END + HOUR });
    const before = new Set(tripItems(trip).map((item) => item.key));
    expect(moved.some((item) => before.has(item.key))).toBe(false);
  });

  it("puts the trip's open reimbursement claims' amounts on their window", () => {
    const items = tripItems(trip, [
      { kind: "smoking", claimedCents: 150_00 },
      { kind: "fuel", claimedCents: 42_00 },
      { kind: "cleaning", claimedCents: 50_00 },
    ]);
    expect(
      items.filter((item) => item.kind === "reimbursement").map((item) => item.amountCents),
    ).toEqual([200_00, 42_00]);
  });

  it("drops the start check once the trip has ended", () => {
    expect(tripItems(trip, [], END).map((item) => item.kind)).not.toContain("trip-start");
    expect(tripItems(trip, [], END - 1).map((item) => item.kind)).toContain("trip-start");
  });

  it("gives a canceled trip nothing and takes trips from 7 days ahead to 3 days back", () => {
    expect(tripItems({ ...trip, status: "canceled" })).toEqual([]);
    expect(tripInWindow(trip, START - 7 * 24 * HOUR)).toBe(true);
    expect(tripInWindow(trip, START - 7 * 24 * HOUR - 1)).toBe(false);
    expect(tripInWindow(trip, END + 3 * 24 * HOUR)).toBe(true);
    expect(tripInWindow(trip, END + 3 * 24 * HOUR + 1)).toBe(false);
  });
});

describe("claim items", () => {
  it("gives one item per deadline of an open claim, none for a finished one", () => {
    const deadlines = claimDeadlines("damage", { endAt: END, timeZone: "America/Denver" }, END);
    const claim = {
      id: "c1",
      kind: "damage" as const,
      status: "filed" as const,
      claimedCents: 900_00,
      reservationId: "R1",
      tripEndAt: END,
    };
    const items = claimItems(claim, deadlines, "Damage", END);
    expect(items).toHaveLength(deadlines.length);
    expect(items[0]).toMatchObject({
      kind: "claim-deadline",
      key: `claim-deadline:c1:${deadlines[0]!.key}:${deadlines[0]!.dueAtMs}`,
      claimId: "c1",
      amountCents: 900_00,
    });
    expect(claimItems({ ...claim, status: "paid" }, deadlines, "Damage", END)).toEqual([]);
    // Long past deadlines drop out.
    expect(claimItems(claim, deadlines, "Damage", END + 30 * 24 * HOUR)).toEqual([]);
  });
});

describe("conversation items", () => {
  const waiting = { since: START, dueAt: START + 8 * HOUR };
  const base = {
    id: "v1",
    guestName: "Casey",
    reservationId: "R9",
    reply: waiting,
    needsYou: null,
    escalationReasons: [] as string[],
  };
  it("asks for a reply by the deadline, and escalates with the reasons", () => {
    expect(conversationItems(base).map((item) => item.kind)).toEqual(["reply"]);
    const escalated = conversationItems({
      ...base,
      needsYou: waiting,
      escalationReasons: ["Cancellation"],
    });
    expect(escalated[1]).toMatchObject({
      kind: "escalation",
      key: `escalation:v1:${START}`,
      detail: "Cancellation",
      deadlineAt: START + 8 * HOUR,
    });
  });
  it("keeps the escalation after the holding reply answered the guest", () => {
    const held = conversationItems({
      ...base,
      reply: null,
      needsYou: waiting,
      escalationReasons: ["Price, discount or refund"],
    });
    expect(held.map((item) => item.kind)).toEqual(["escalation"]);
  });
  it("keys the reply by the first message waiting: the guest writing again changes nothing", () => {
    expect(conversationItems(base)[0]!.key).toBe(`reply:v1:${START}`);
  });
  it("gives nothing once nobody waits", () => {
    expect(conversationItems({ ...base, reply: null })).toEqual([]);
  });
});

it("sorts by deadline, overdue first", () => {
  expect(byDeadline([{ deadlineAt: 3 }, { deadlineAt: 1 }, { deadlineAt: 2 }])).toEqual([
    { deadlineAt: 1 },
    { deadlineAt: 2 },
    { deadlineAt: 3 },
  ]);
});

describe("trips known after the fact", () => {
  it("gives nothing for a window that had closed when the trip was imported, quietly lists the open ones", () => {
    // Imported 30 hours after the end: the return check, photos and smoking window had closed.
    const imported = { ...trip, status: "completed" as const, knownAt: END + 30 * HOUR };
    const items = tripItems(imported, [], END + 30 * HOUR);
    expect(items.map((item) => item.key)).toEqual([`reimbursement:t1:fuel-reimbursement:${END}`]);
    expect(items[0]!.quiet).toBe(true);
    expect(missedTripItems(imported, END + 30 * HOUR).map((item) => item.kind)).toEqual([
      "return-check",
      "photo-audit",
      "reimbursement",
    ]);
  });

  it("schedules what is still ahead of a trip imported while it runs, as usual", () => {
    const running = { ...trip, knownAt: START + HOUR };
    const items = tripItems(running, [], START + HOUR);
    expect(items.map((item) => item.kind)).toEqual([
      "return-check",
      "photo-audit",
      "reimbursement",
      "reimbursement",
    ]);
    expect(items.some((item) => item.quiet)).toBe(false);
  });

  it("lists claim deadlines without email, none that had passed when the claim was opened", () => {
    const claim = {
      id: "c1",
      kind: "damage" as const,
      status: "draft" as const,
      claimedCents: 0,
      reservationId: "R1",
      tripEndAt: END,
      knownAt: END + 30 * HOUR,
    };
    const deadlines = claimDeadlines("damage", { endAt: END, timeZone: "America/Denver" }, END);
    const items = claimItems(claim, deadlines, "Damage", END + 30 * HOUR);
    expect(items.every((item) => item.deadlineAt > END + 30 * HOUR && item.quiet)).toBe(true);
    expect(items.map((item) => item.key.split(":")[2])).not.toContain("report-damage");
  });
});
