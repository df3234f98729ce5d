import { describe, expect, it } from "vitest";
import { bookingMessageKnowledge, bookingMessageSlots } from "./booking-messages";

const HOUR = 3_600_000;
const now = Date.parse("2026-07-01T12:00:00Z");

describe("booking message slots", () => {
  it("confirms a new booking at once, gives pickup instructions the day before and keys at the start", () => {
    const startAt = now + 72 * HOUR;
    expect(bookingMessageSlots({ startAt, bookedAt: now - HOUR }, now)).toEqual([
      { purpose: "booking-confirmation", readyAt: now - HOUR, deadlineAt: now + HOUR },
      { purpose: "pre-pickup", readyAt: startAt - 24 * HOUR, deadlineAt: startAt - 2 * HOUR },
      { purpose: "check-in", readyAt: startAt, deadlineAt: startAt + 30 * 60_000 },
    ]);
  });

  it("doesn't confirm bookings from an imported history, and a last-minute booking gets its instructions at once", () => {
    const startAt = now + 5 * HOUR;
    const slots = bookingMessageSlots({ startAt, bookedAt: now - 72 * HOUR }, now);
    expect(slots.map((slot) => slot.purpose)).toEqual(["pre-pickup", "check-in"]);
    const lastMinute = bookingMessageSlots({ startAt, bookedAt: now }, now);
    expect(lastMinute[1]).toEqual({
      purpose: "pre-pickup",
      readyAt: now,
      deadlineAt: startAt - 2 * HOUR,
    });
  });

  it("has nothing for a trip that has started", () => {
    expect(bookingMessageSlots({ startAt: now - HOUR, bookedAt: now - 48 * HOUR }, now)).toEqual(
      [],
    );
  });
});

describe("booking message knowledge", () => {
  const entries = [
    { topic: "key-steps" as const, text: "Lockbox code 4821.", confirmedAt: now },
    { topic: "fuel" as const, text: "Regular unleaded.", confirmedAt: now },
    { topic: "pickup-spot" as const, text: "Level 2.", confirmedAt: now },
  ];
  it("gives the key steps only at check-in", () => {
    expect(bookingMessageKnowledge("pre-pickup", entries).map((entry) => entry.topic)).toEqual([
      "pickup-spot",
      "fuel",
    ]);
    expect(bookingMessageKnowledge("check-in", entries).map((entry) => entry.topic)).toEqual([
      "key-steps",
    ]);
    // The confirmation says where the car is, nothing else.
    expect(
      bookingMessageKnowledge("booking-confirmation", entries).map((entry) => entry.topic),
    ).toEqual(["pickup-spot"]);
  });
});
