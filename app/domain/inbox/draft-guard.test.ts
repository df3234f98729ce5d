import { describe, expect, it } from "vitest";
import { guardDraft, type GuardInput } from "./draft-guard";
import type { KnowledgeTopic } from "./knowledge";

const entries: GuardInput["entries"] = [
  { topic: "pickup-spot", text: "The car is on level 2 of the Economy Lot, row F." },
  { topic: "key-steps", text: "The key is in the lockbox on the rear wheel, code 4821." },
  { topic: "cleaning", text: "Sand and pet hair need a cleaning fee of $75." },
  { topic: "toll-device", text: "The car has a transponder; tolls are billed after the trip." },
];

function guard(draft: string, used: KnowledgeTopic[] = ["pickup-spot"], tripStarted = false) {
  return guardDraft({ draft, usedKnowledge: used, entries, tripStarted });
}

describe("the draft guard", () => {
  it("lets a draft made of the host's entries through", () => {
    expect(guard("Hi Sam! The car is on level 2 of the Economy Lot, row F. Safe travels!")).toEqual(
      { ok: true, problems: [] },
    );
  });

  it("doesn't hold the host's own policy against the draft (a fee they wrote)", () => {
    const draft = "Hi! Sand and pet hair need a cleaning fee of $75. Thanks!";
    expect(guard(draft, ["cleaning"]).ok).toBe(true);
  });

  it("blocks a draft that leaks a lockbox code before the trip starts", () => {
    const result = guard("Hi! The lockbox code is 4821, see you tomorrow.");
    expect(result.problems).toContain("access-before-start");
    expect(result.ok).toBe(false);
  });

  it("blocks the host's key steps before the start but allows them once it has started", () => {
    const draft = "Welcome! The key is in the lockbox on the rear wheel, code 4821.";
    expect(guard(draft, ["key-steps"], false).problems).toEqual(["access-before-start"]);
    expect(guard(draft, ["key-steps"], true)).toEqual({ ok: true, problems: [] });
  });

  it.each([
    ["a discount", "I can give you 15% off your next trip!"],
    ["a refund", "No problem, I'll refund the first day."],
    ["a credit", "I'll add a $20 credit to make up for it."],
    ["a waived fee", "Don't worry, I'll waive the late fee."],
  ])("blocks a draft that offers %s", (_, draft) => {
    expect(guard(draft).problems).toContain("money");
  });

  it.each([
    ["agrees to an early pickup", "Sure, you can pick it up early at 8am."],
    ["agrees to an extension", "Of course, extend until Sunday, no problem."],
    ["talks about cancelling", "If that doesn't work you could cancel."],
  ])("blocks a draft that %s", (_, draft) => {
    expect(guard(draft).problems).toContain("trip-change");
  });

  it.each([
    ["a payment app", "You can Venmo me for the extra day."],
    ["a phone number", "Text me at (555) 123-4567 if you need anything."],
    ["an email address", "Email me at host@example.com."],
    ["an outside link", "Directions: https://maps.example.com/lot"],
  ])("blocks a draft that moves off the marketplace with %s", (_, draft) => {
    expect(guard(draft).problems).toContain("off-platform");
  });

  it("blocks a draft that cites knowledge the host doesn't have", () => {
    expect(guard("Regular unleaded, please.", ["fuel"]).problems).toEqual(["unknown-knowledge"]);
  });

  it("blocks a draft with a blank left to fill in", () => {
    expect(
      guard("Hi Sam! Your trip starts Fri at [Pickup and return place]. Thanks, [Your name]")
        .problems,
    ).toEqual(["placeholder"]);
    expect(guard("Hi {{guestName}}! The car is on level 2.").problems).toEqual(["placeholder"]);
    expect(guard("Hi Sam! The car is on level 2 [ ].").ok).toBe(false);
  });

  it("leaves our own holding lines out of the check", () => {
    const draft = `Hi Sam! The car is on level 2 of the Economy Lot, row F.\nI'll confirm the extension and the discount shortly.`;
    expect(guard(draft).problems).toEqual(["money", "trip-change"]);
    expect(
      guardDraft({
        draft,
        usedKnowledge: ["pickup-spot"],
        entries,
        tripStarted: false,
        holdingLines: ["I'll confirm the extension and the discount shortly."],
      }),
    ).toEqual({ ok: true, problems: [] });
  });
});
