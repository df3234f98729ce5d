import { describe, expect, it } from "vitest";
import { checkDraft, templateDraft, type ClaimRecord } from "./claim-drafts";

const RECORD: ClaimRecord = {
  reservationId: "R-81234567",
  guestName: "Jordan Lee",
  vehicle: "2019 Toyota Corolla",
  tripStart: "Nov 20, 2026, 10:00 AM MST",
  tripEnd: "Nov 22, 2026, 6:30 PM MST",
  kindLabel: "Damage",
  damage: ["Moderate dent, hood"],
  claimedCents: 59_034,
  estimate: { revision: 1, totalCents: 59_034, lowCents: 53_100, highCents: 76_800 },
  photoCount: { preTrip: 4, postTrip: 6 },
  note: null,
};

describe("claim drafts", () => {
  it("writes each draft from the record, and the template passes its own check", () => {
    for (const kind of ["marketplace-description", "guest-message", "denial-reply"] as const) {
      const draft = templateDraft(
        kind,
        RECORD,
        "The photos may not show the hood before the trip.",
      );
      expect(
        checkDraft(draft, RECORD, "The photos may not show the hood before the trip."),
      ).toEqual({
        ok: true,
        problems: [],
      });
    }
    const guest = templateDraft("guest-message", RECORD);
    expect(guest).toContain("Hi Jordan Lee,");
    expect(guest).toContain("$590.34");
    expect(guest).toContain("reply here in Turo messages");
  });

  it("blocks a draft that invents a fact: an amount, a time or an id that isn't in the record", () => {
    const draft =
      "The guest hit a pole at 11:45 in the garage. Repairs cost $1,250.00 and reservation R-99999999 shows it.";
    const check = checkDraft(draft, RECORD);
    expect(check.ok).toBe(false);
    expect(check.problems[0]).toBe(
      'States "11:45", "$1,250.00", "R-99999999", which the claim record doesn\'t contain.',
    );
  });

  it("blocks admitting liability and taking things off the marketplace", () => {
    expect(
      checkDraft("Honestly it was our fault the car wasn't checked.", RECORD).problems,
    ).toEqual(["Admits fault or liability; a claim states what happened, not who is to blame."]);
    expect(checkDraft("You can pay me on Venmo instead.", RECORD).ok).toBe(false);
    expect(checkDraft("Text me at 555-201-3344 to sort it out.", RECORD).ok).toBe(false);
    expect(checkDraft("Email host@example.com with questions.", RECORD).ok).toBe(false);
  });
});
