import { describe, expect, it } from "vitest";
import { SAMPLE_CLAIM_RECORD } from "~/tests/support/claim-record";
import { checkDraft, templateDraft } from "./claim-drafts";

describe("claim drafts", () => {
  it("writes each draft from the record, and the template passes its own check", () => {
    for (const kind of ["marketplace-description", "guest-message", "denial-reply"] as const) {
      const draft = templateDraft(
        kind,
        SAMPLE_CLAIM_RECORD,
        "The photos may not show the hood before the trip.",
      );
      expect(
        checkDraft(draft, SAMPLE_CLAIM_RECORD, "The photos may not show the hood before the trip."),
      ).toEqual({
        ok: true,
        problems: [],
      });
    }
    const guest = templateDraft("guest-message", SAMPLE_CLAIM_RECORD);
    expect(guest).toContain("Hi Jordan Lee,");
    expect(guest).toContain("$590.34");
    expect(guest).toContain("reply here in Turo messages");
  });

  it("blocks a draft that invents a fact: an amount, a time or an id that isn't in the record", () => {
    const draft =
      "The guest hit a pole at 11:45 in the garage. Repairs cost $1,250.00 and reservation R-99999999 shows it.";
    const check = checkDraft(draft, SAMPLE_CLAIM_RECORD);
    expect(check.ok).toBe(false);
    expect(check.problems[0]).toBe(
      'States "11:45", "$1,250.00", "R-99999999", which the claim record doesn\'t contain.',
    );
  });

  it("blocks admitting liability and taking things off the marketplace", () => {
    expect(
      checkDraft("Honestly it was our fault the car wasn't checked.", SAMPLE_CLAIM_RECORD).problems,
    ).toEqual(["Admits fault or liability; a claim states what happened, not who is to blame."]);
    expect(checkDraft("You can pay me on Venmo instead.", SAMPLE_CLAIM_RECORD).ok).toBe(false);
    expect(checkDraft("Text me at 555-201-3344 to sort it out.", SAMPLE_CLAIM_RECORD).ok).toBe(
      false,
    );
    expect(checkDraft("Email host@example.com with questions.", SAMPLE_CLAIM_RECORD).ok).toBe(
      false,
    );
  });
});
