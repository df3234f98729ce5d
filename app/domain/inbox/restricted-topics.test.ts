import { describe, expect, it } from "vitest";
import { GUEST_THREADS } from "./guest-threads.fixtures";
import { checkGuestMessage, holdingReply } from "./restricted-topics";

describe("restricted topics and action items of a guest's message", () => {
  for (const thread of GUEST_THREADS) {
    it(`${thread.name}: ${thread.topics.length || thread.actionItems.length ? "a person takes it" : "an ordinary question"}`, () => {
      const check = checkGuestMessage(thread.text, { tripStarted: thread.tripStarted });
      expect(check.topics.sort()).toEqual([...thread.topics].sort());
      expect(check.actionItems.sort()).toEqual([...thread.actionItems].sort());
      expect(check.escalate).toBe(thread.topics.length + thread.actionItems.length > 0);
    });
  }

  it("asks about access details only before the trip starts", () => {
    const question = "Where is the lockbox?";
    expect(checkGuestMessage(question, { tripStarted: false }).topics).toEqual([
      "access-before-start",
    ]);
    expect(checkGuestMessage(question).topics).toEqual(["access-before-start"]);
    expect(checkGuestMessage(question, { tripStarted: true }).topics).toEqual([]);
  });

  it("matches whole words: 'codeine' is not 'code'", () => {
    expect(checkGuestMessage("Is codeine allowed in the car?").topics).toEqual([]);
    expect(checkGuestMessage("Any good places to eat?").escalate).toBe(false);
  });
});

describe("the holding reply", () => {
  it("greets the guest by first name and promises nothing", () => {
    expect(holdingReply("Jordan L.")).toBe(
      "Hi Jordan, thanks for your message! I've seen it and will get back to you here shortly.",
    );
    expect(holdingReply(null)).toMatch(/^Hi, thanks/);
    expect(checkGuestMessage(holdingReply("Ana Ruiz")).escalate).toBe(false);
  });
});

describe("the host's own holding reply", () => {
  it("is used as written, with {guest} as the guest's first name", () => {
    expect(holdingReply("Ana Ruiz", "Thanks {guest}! Checking with the owner now.")).toBe(
      "Thanks Ana! Checking with the owner now.",
    );
    expect(holdingReply(null, "Thanks {guest}, on it.")).toBe("Thanks there, on it.");
    expect(holdingReply("Ana", "   ")).toMatch(/^Hi Ana, thanks/);
  });
});
