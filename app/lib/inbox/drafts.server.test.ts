/**
 * Drafts on a real SQLite database with the local OpenAI-compatible server (real HTTP): every
 * restricted fixture thread gets the holding reply, every plain one a draft that cites the right
 * knowledge entry (from the AI, and from templates without AI); the guard blocks an AI draft that
 * leaks a code, offers a discount or moves off the marketplace; a car's own entries win; marking
 * a draft sent keeps it beside what was sent.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAiServer } from "~/tests/support/ai-server.js";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { GUEST_THREADS, MULTI_QUESTION_THREADS } from "~/domain/inbox/guest-threads.fixtures";

setUpTempDataDir("drafts");

// Loaded after DATA_DIR is set: the database reads it once.
const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const vehicles = await import("~/lib/vehicles/vehicles.server");
const trips = await import("~/lib/trips/trips.server");
const conversations = await import("./conversations.server");
const knowledge = await import("./knowledge.server");
const drafts = await import("./drafts.server");
const replyDrafter = await import("./reply-drafter.server");

let ai: Awaited<ReturnType<typeof startAiServer>>;
beforeAll(async () => {
  ai = await startAiServer({ port: 0 });
});
afterAll(() => ai.close());

const HOUR = 3_600_000;
const ENTRIES = {
  "pickup-spot": "The car is on level 2 of the Economy Lot, row F.",
  "key-steps": "The key is in the lockbox on the rear wheel; the code comes at check-in.",
  "toll-device": "The car has a transponder; tolls are billed after the trip at cost.",
} as const;
/** Every other topic, for the conversations with several questions. */
const MORE_ENTRIES = {
  fuel: "Regular unleaded (87), please return it at the level you got it.",
  "ev-charging": "It charges at any Supercharger; the adapter is in the frunk.",
  mileage: "200 miles a day are included.",
  cleaning: "Pets are welcome in a crate or on a seat cover; pet hair needs a cleaning fee.",
} as const;

const aiDrafter = (scenario: string) =>
  replyDrafter.createReplyDrafter({
    baseUrl: ai.url,
    apiKey: "test-key",
    model: `scenario:${scenario}`,
    timeoutMs: 5_000,
  });

/** An owner with a car, a trip that starts (or started) `startsInHours` from now, and entries. */
function hostWithTrip(name: string, startsInHours: number) {
  const owner = insertOwner(db, schema, name);
  const car = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  if (!car.ok) throw new Error("vehicle not created");
  const start = Date.now() + startsInHours * HOUR;
  const trip = trips.createTrip(
    owner.accountId,
    tripInput({
      reservationId: `R-${name}`,
      guestName: "Ana Ruiz",
      startAt: start,
      endAt: start + 48 * HOUR,
    }),
    car.vehicle.id,
    "manual",
  );
  for (const [topic, text] of Object.entries(ENTRIES)) {
    knowledge.saveKnowledge(owner.accountId, topic as keyof typeof ENTRIES, text);
  }
  return {
    ...owner,
    vehicleId: car.vehicle.id,
    tripId: trip.id,
    reservationId: trip.reservationId,
  };
}

function paste(host: ReturnType<typeof hostWithTrip>, text: string) {
  return conversations.pasteConversation(host.accountId, {
    guestName: "Ana Ruiz",
    reservationId: host.reservationId,
    text,
  });
}

async function draftFor(text: string, tripStarted: boolean, drafter: unknown) {
  const host = hostWithTrip(
    `host${Math.random().toString(36).slice(2, 10)}`,
    tripStarted ? -2 : 30,
  );
  const conversationId = paste(host, text);
  const outcome = await drafts.writeReplyDraft(host.accountId, conversationId, {
    drafter: drafter as ReturnType<typeof aiDrafter> | null,
  });
  return { host, conversationId, outcome };
}

describe("drafts for the fixture threads", () => {
  for (const [label, drafter] of [
    ["AI", () => aiDrafter("recorded")],
    ["templates", () => null],
  ] as const) {
    for (const thread of GUEST_THREADS) {
      const restricted = thread.topics.length + thread.actionItems.length > 0;
      it(`${label}: ${thread.name} → ${restricted ? "holding reply" : "a draft citing knowledge"}`, async () => {
        const { outcome } = await draftFor(thread.text, thread.tripStarted, drafter());
        if (restricted) {
          expect(outcome).toMatchObject({
            status: "drafted",
            draft: { kind: "holding", status: "ready" },
          });
          return;
        }
        if (outcome.status !== "drafted") throw new Error(`no draft: ${outcome.status}`);
        const json = drafts.draftJson(outcome.draft);
        expect(json.kind).toBe(label === "AI" ? "ai" : "template");
        expect(json.status).toBe("ready");
        const expected = thread.name.startsWith("toll") ? "toll-device" : "pickup-spot";
        expect(json.usedKnowledge).toEqual([expected]);
        expect(json.text).toContain(ENTRIES[expected]);
      });
    }
  }
});

describe("the guard on AI drafts", () => {
  it.each([
    ["leaks-code", "access-before-start"],
    ["offers-discount", "money"],
    ["off-platform-contact", "off-platform"],
  ])("blocks the %s draft (%s) and keeps it out of the ready drafts", async (scenario, problem) => {
    const { outcome } = await draftFor(
      "Where exactly is the car parked at the airport?",
      false,
      aiDrafter(scenario),
    );
    if (outcome.status !== "drafted") throw new Error(outcome.status);
    const json = drafts.draftJson(outcome.draft);
    expect(json.status).toBe("blocked");
    expect(json.problems).toContain(problem);
  });

  it("falls back to the template when the AI server fails", async () => {
    const { outcome } = await draftFor(
      "Where is the car parked?",
      false,
      aiDrafter("server-error"),
    );
    expect(outcome).toMatchObject({
      status: "drafted",
      draft: { kind: "template", status: "ready" },
    });
  });

  it("never gives the key steps to the model before the trip starts", async () => {
    await draftFor(
      "Where do I find the keys and where is the car parked?",
      false,
      aiDrafter("recorded"),
    );
    const prompt = JSON.stringify(ai.requests().at(-1)?.body.messages);
    expect(prompt).toContain(ENTRIES["pickup-spot"]);
    expect(prompt).not.toContain(ENTRIES["key-steps"]);
  });
});

describe("per-car knowledge, holding replies and sending", () => {
  it("uses the car's own entry over the account's", async () => {
    const host = hostWithTrip("percar", 30);
    knowledge.saveKnowledge(
      host.accountId,
      "pickup-spot",
      "This one is in the home garage.",
      host.vehicleId,
    );
    const conversationId = paste(host, "Where is the car parked?");
    const outcome = await drafts.writeReplyDraft(host.accountId, conversationId, { drafter: null });
    if (outcome.status !== "drafted") throw new Error(outcome.status);
    expect(outcome.draft.text).toContain("This one is in the home garage.");
    expect(outcome.draft.text).not.toContain(ENTRIES["pickup-spot"]);
    expect(knowledge.knowledgeBase(host.accountId, host.vehicleId)[0]).toMatchObject({
      topic: "pickup-spot",
      text: "This one is in the home garage.",
      accountText: ENTRIES["pickup-spot"],
    });
  });

  it("sends the host's own holding reply", async () => {
    const host = hostWithTrip("holding", 30);
    db.db()
      .update(schema.accounts)
      .set({ holdingReply: "Thanks {guest}! Checking with the owner now." })
      .where(eq(schema.accounts.id, host.accountId))
      .run();
    const conversationId = paste(host, "Can I get a discount for a week?");
    const outcome = await drafts.writeReplyDraft(host.accountId, conversationId, { drafter: null });
    expect(outcome).toMatchObject({
      status: "drafted",
      draft: { kind: "holding", text: "Thanks Ana! Checking with the owner now." },
    });
  });

  it("drafts once per guest message, and marking it sent keeps the draft beside the reply", async () => {
    const host = hostWithTrip("sending", 30);
    const conversationId = paste(host, "Does it have a toll transponder?");
    expect(await drafts.draftPendingReplies({ drafter: null, accountId: host.accountId })).toBe(1);
    expect(await drafts.draftPendingReplies({ drafter: null, accountId: host.accountId })).toBe(0);
    const [draft] = drafts.listDrafts(host.accountId, conversationId);
    const actor = { accountId: host.accountId, userId: host.userId, role: "primary" as const };
    expect(
      drafts.markReplySent(actor, conversationId, {
        text: "Yes! Tolls at cost.",
        draftId: draft!.id,
      }),
    ).toBe("sent");
    const [sent] = drafts.listDrafts(host.accountId, conversationId);
    expect(sent).toMatchObject({ id: draft!.id, status: "sent", sentByUserId: host.userId });
    const found = conversations.getConversation(host.accountId, conversationId)!;
    expect(found.messages.at(-1)).toMatchObject({
      author: "host",
      text: "Yes! Tolls at cost.",
      draftText: draft!.text,
    });
    const other = insertOwner(db, schema, "stranger");
    expect(
      drafts.markReplySent({ ...actor, accountId: other.accountId }, conversationId, { text: "x" }),
    ).toBe("not-found");
  });

  it("refuses a VA whose owner sends the replies, and records nothing", async () => {
    const host = hostWithTrip("ownersends", 30);
    const va = insertOwner(db, schema, "vaownersends");
    db.db()
      .insert(schema.memberships)
      .values({ accountId: host.accountId, userId: va.userId, role: "va" })
      .run();
    db.db()
      .insert(schema.vaPermissions)
      .values({
        accountId: host.accountId,
        userId: va.userId,
        sendReplies: false,
        updatedAt: new Date(),
      })
      .run();
    const conversationId = paste(host, "Does it have a toll transponder?");
    const vaActor = { accountId: host.accountId, userId: va.userId, role: "va" as const };
    expect(drafts.markReplySent(vaActor, conversationId, { text: "Yes." })).toBe("owner-sends");
    expect(conversations.getConversation(host.accountId, conversationId)!.messages).toHaveLength(1);
  });
});

/** The guest writes each message in turn, before the host replies; returns the conversation. */
function guestWrites(host: ReturnType<typeof hostWithTrip>, messages: readonly string[]) {
  let conversationId = "";
  for (const text of messages) conversationId = paste(host, text);
  return conversationId;
}

describe("one draft answers the whole conversation", () => {
  for (const [label, drafter] of [
    ["AI", () => aiDrafter("recorded")],
    ["templates", () => null],
  ] as const) {
    for (const thread of MULTI_QUESTION_THREADS) {
      it(`${label}: ${thread.name}`, async () => {
        const host = hostWithTrip(
          `multi${Math.random().toString(36).slice(2, 10)}`,
          thread.tripStarted ? -2 : 30,
        );
        for (const [topic, text] of Object.entries(MORE_ENTRIES)) {
          knowledge.saveKnowledge(host.accountId, topic as keyof typeof MORE_ENTRIES, text);
        }
        // The first message is drafted before the guest writes again…
        const first = guestWrites(host, thread.messages.slice(0, 1));
        await drafts.writeReplyDraft(host.accountId, first, { drafter: drafter() });
        const conversationId = guestWrites(host, thread.messages.slice(1));
        expect(conversationId).toBe(first);
        // …and the new draft still answers the first message.
        const outcome = await drafts.writeReplyDraft(host.accountId, conversationId, {
          drafter: drafter(),
        });
        if (outcome.status !== "drafted") throw new Error(outcome.status);
        const json = drafts.draftJson(outcome.draft);
        expect(json.status).toBe("ready");
        expect(json.kind).toBe(label === "AI" ? "ai" : "template");
        expect(json.usedKnowledge).toEqual(thread.answers);
        const all = { ...ENTRIES, ...MORE_ENTRIES } as Record<string, string>;
        for (const topic of thread.answers) expect(json.text).toContain(all[topic]);
        expect(json.held).toEqual(thread.held);
        if (thread.holdingLine) expect(json.text).toContain(thread.holdingLine);
        // Nothing restricted reaches the guest, and the code never does before the start.
        expect(json.text).not.toMatch(/\b\d{4}\b|\[/);
        // Exactly one reply draft is offered.
        const open = drafts
          .listDrafts(host.accountId, conversationId)
          .filter((draft) => draft.purpose === "reply" && draft.status !== "sent");
        expect(open).toHaveLength(1);
        // "Needs you" names what is held.
        const found = conversations.getConversation(host.accountId, conversationId)!;
        const needs = conversations.conversationNeeds(found.conversation, found.messages);
        expect([...needs.restrictedTopics, ...needs.actionItems].sort()).toEqual(
          [...thread.held].sort(),
        );
      });
    }
  }

  it("the AI never sees the held questions", async () => {
    const host = hostWithTrip("aiheld", 30);
    const conversationId = guestWrites(host, [
      "Where do I park at pickup?",
      "Can I get a discount if I extend two days?",
    ]);
    await drafts.writeReplyDraft(host.accountId, conversationId, {
      drafter: aiDrafter("recorded"),
    });
    const prompt = String(ai.requests().at(-1)?.body.messages.at(-1)?.content);
    expect(prompt).toContain("Where do I park at pickup?");
    expect(prompt).not.toContain("discount");
  });
});

describe("Needs you stays until a person has dealt with it", () => {
  async function heldConversation(name: string) {
    const host = hostWithTrip(name, 30);
    const conversationId = guestWrites(host, [
      "Where do I park at pickup?",
      "Can I get a discount if I extend two days?",
    ]);
    const outcome = await drafts.writeReplyDraft(host.accountId, conversationId, {
      drafter: null,
    });
    if (outcome.status !== "drafted") throw new Error(outcome.status);
    const actor = { accountId: host.accountId, userId: host.userId, role: "primary" as const };
    const needs = () => {
      const found = conversations.getConversation(host.accountId, conversationId)!;
      return conversations.conversationNeeds(found.conversation, found.messages);
    };
    return { host, conversationId, draft: outcome.draft, actor, needs };
  }

  it("sending the draft that holds the discount leaves it open; marking it resolved closes it", async () => {
    const { conversationId, draft, actor, needs } = await heldConversation("keepsopen");
    expect(
      drafts.markReplySent(actor, conversationId, { text: draft.text, draftId: draft.id }),
    ).toBe("sent");
    expect(needs()).toMatchObject({ escalated: true, restrictedTopics: ["trip-change", "price"] });
    // Nothing is left to draft: the guest got their answer and the holding line.
    expect(
      (await drafts.writeReplyDraft(actor.accountId, conversationId, { drafter: null })).status,
    ).toBe("nothing-to-answer");
    expect(drafts.resolveQuestions(actor, conversationId)).toBe("resolved");
    expect(needs().escalated).toBe(false);
    expect(drafts.resolveQuestions(actor, conversationId)).toBe("nothing-open");
  });

  it("the person's own answer settles it, unless they keep it open", async () => {
    const kept = await heldConversation("ownkept");
    drafts.markReplySent(kept.actor, kept.conversationId, {
      text: "Level 2, row F. Checking on the discount.",
      resolves: false,
    });
    expect(kept.needs().escalated).toBe(true);
    const answered = await heldConversation("ownanswer");
    drafts.markReplySent(answered.actor, answered.conversationId, {
      text: "Level 2, row F. Yes: 10% off, I'll send the change in the app.",
    });
    expect(answered.needs().escalated).toBe(false);
  });

  it("a VA without leave for money can't mark a discount resolved", async () => {
    const { host, conversationId, needs } = await heldConversation("vaheld");
    const va = insertOwner(db, schema, "vaheldva");
    db.db()
      .insert(schema.memberships)
      .values({ accountId: host.accountId, userId: va.userId, role: "va" })
      .run();
    const vaActor = { accountId: host.accountId, userId: va.userId, role: "va" as const };
    expect(drafts.resolveQuestions(vaActor, conversationId)).toBe("owner-decides");
    expect(needs().escalated).toBe(true);
  });
});
