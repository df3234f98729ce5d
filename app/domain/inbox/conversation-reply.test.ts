import { describe, expect, it } from "vitest";
import { MULTI_QUESTION_THREADS } from "./guest-threads.fixtures";
import { planReply, sentencesOf, withHoldingLines } from "./conversation-reply";

describe("one reply for the whole conversation", () => {
  for (const thread of MULTI_QUESTION_THREADS) {
    it(`${thread.name}: answers ${thread.answers.join(", ")}, holds ${thread.held.join(", ") || "nothing"}`, () => {
      const plan = planReply(thread.messages, thread.tripStarted);
      expect(plan.askedAbout).toEqual(thread.answers);
      expect(plan.held).toEqual(thread.held);
      expect(plan.holdingLines[0] ?? null).toBe(thread.holdingLine);
    });
  }

  it("doesn't answer the knowledge words of a held sentence", () => {
    // "pick it up early at the garage" is a trip change, not a parking question.
    const plan = planReply(["Could I pick it up two hours early at the garage?"], false);
    expect(plan.askedAbout).toEqual([]);
    expect(plan.held).toEqual(["trip-change"]);
  });

  it("counts the questions nothing recognizes", () => {
    const plan = planReply(["Where is the car parked? Is there a child seat?"], false);
    expect(plan.askedAbout).toEqual(["pickup-spot"]);
    expect(plan.otherQuestions).toBe(1);
  });

  it("splits a message into its sentences", () => {
    expect(sentencesOf("Hi! Where do I park?\nThanks. Also, can I extend")).toEqual([
      "Hi!",
      "Where do I park?",
      "Thanks.",
      "Also, can I extend",
    ]);
    expect(sentencesOf("Hola, ¿puedo recoger el auto una hora antes? Gracias.")).toEqual([
      "Hola, ¿puedo recoger el auto una hora antes?",
      "Gracias.",
    ]);
  });
});

describe("holding lines in a reply", () => {
  const line = "I'll confirm the discount shortly.";
  it("go before the sign-off paragraph", () => {
    expect(withHoldingLines("Hi Ana!\n\nLevel 2, row F.\n\nLet me know.\nSam", [line], "Sam")).toBe(
      `Hi Ana!\n\nLevel 2, row F.\n\n${line}\n\nLet me know.\nSam`,
    );
  });
  it("go before the signature when the reply has no paragraphs, else at the end", () => {
    expect(withHoldingLines("Hi Ana!\nLevel 2, row F.\nSam", [line], "Sam")).toBe(
      `Hi Ana!\nLevel 2, row F.\n${line}\nSam`,
    );
    expect(withHoldingLines("Hi Ana! Level 2.", [line], null)).toBe(`Hi Ana! Level 2.\n\n${line}`);
  });
  it("aren't added twice", () => {
    expect(withHoldingLines(`Hi!\n${line}`, [line], null)).toBe(`Hi!\n${line}`);
  });
});
