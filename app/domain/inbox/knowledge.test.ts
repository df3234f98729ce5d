import { describe, expect, it } from "vitest";
import { GUEST_THREADS } from "./guest-threads.fixtures";
import { draftFromKnowledge, isStale, topicsAskedAbout, type KnowledgeEntry } from "./knowledge";

const now = Date.parse("2026-11-26T18:00:00Z");
const DAY = 86_400_000;
const entries: KnowledgeEntry[] = [
  { topic: "pickup-spot", text: "Level 2 of the Economy Lot, row F.", confirmedAt: now - DAY },
  {
    topic: "toll-device",
    text: "It has a transponder; tolls are billed at cost.",
    confirmedAt: now - 120 * DAY,
  },
  {
    topic: "key-steps",
    text: "Unlock it in the app; the key is in the glove box.",
    confirmedAt: now,
  },
];
const thread = (name: string) => GUEST_THREADS.find((candidate) => candidate.name === name)!;

describe("drafts from the knowledge base", () => {
  it("answers a plain question with the host's own entry, and names it", () => {
    const draft = draftFromKnowledge({
      message: thread("parking question").text,
      entries,
      guestName: "Casey Diaz",
      hostName: "Sam",
      tripStarted: false,
      now,
    });
    expect(draft).toEqual({
      text: "Hi Casey, thanks for your message!\n\nLevel 2 of the Economy Lot, row F.\n\nLet me know here if anything else comes up.\nSam",
      used: ["pickup-spot"],
      stale: [],
    });
  });

  it("flags an entry not confirmed for 90 days", () => {
    const draft = draftFromKnowledge({
      message: thread("toll device question").text,
      entries,
      guestName: null,
      hostName: null,
      tripStarted: false,
      now,
    });
    expect(draft?.used).toEqual(["toll-device"]);
    expect(draft?.stale).toEqual(["toll-device"]);
    expect(isStale({ confirmedAt: now - 89 * DAY }, now)).toBe(false);
  });

  it("never sends key steps before the trip starts, and drafts nothing it has no entry for", () => {
    const ask = { message: "How do I unlock it?", entries, guestName: null, hostName: null, now };
    expect(draftFromKnowledge({ ...ask, tripStarted: false })).toBeNull();
    expect(draftFromKnowledge({ ...ask, tripStarted: true })?.used).toEqual(["key-steps"]);
    expect(
      draftFromKnowledge({
        ...ask,
        message: "Is there a good taco place nearby?",
        tripStarted: true,
      }),
    ).toBeNull();
  });

  it("finds what a message asks about by whole words", () => {
    expect(topicsAskedAbout("Thanks a lot!")).toEqual([]);
    expect(topicsAskedAbout("Which gas should I use, and is there a toll tag?")).toEqual([
      "fuel",
      "toll-device",
    ]);
  });
});
