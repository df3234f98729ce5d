/**
 * The concierge queue on a real SQLite database: items appear when their trip, claim or guest
 * message calls for them, once each (two passes and a restart with fresh module state change
 * nothing), each ready item sends exactly one email to whoever is on duty, moved trip times
 * replace the old items, and answered conversations close their items.
 */
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { loadTripAndInboxModules, setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";

setUpTempDataDir("queue");

// Loaded after DATA_DIR is set: the database reads it once.
const { db, schema, vehicles, trips, claims, conversations, drafts } =
  await loadTripAndInboxModules();
const queue = await import("./queue.server");
const actions = await import("./queue-actions.server");
const dashboard = await import("./dashboard.server");
const shifts = await import("./shifts.server");

const HOUR = 3_600_000;
const START = Date.parse("2026-12-01T17:00:00Z");
const END = Date.parse("2026-12-03T17:00:00Z");

/** A booked trip of Jordan L.'s. */
function jordansTrip(reservationId: string, startAt: number, endAt: number) {
  return tripInput({ reservationId, guestName: "Jordan L.", startAt, endAt });
}

function ownerWithTrip(name: string) {
  const owner = insertOwner(db, schema, name);
  const car = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  if (!car.ok) throw new Error("vehicle");
  const trip = trips.createTrip(
    owner.accountId,
    jordansTrip(`R-${name}`, START, END),
    car.vehicle.id,
    "manual",
  );
  return { ...owner, trip, email: `${name}@example.com` };
}

function items(accountId: string) {
  return db
    .db()
    .select()
    .from(schema.queueItems)
    .where(eq(schema.queueItems.accountId, accountId))
    .all();
}

function outboxTo(email: string) {
  return db.db().select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email)).all();
}

describe("trip items", () => {
  it("appear 7 days ahead, are emailed once when ready, and survive passes and a restart", async () => {
    const { accountId, email } = ownerWithTrip("q_trip");
    queue.processQueue(START - 8 * 24 * HOUR);
    expect(items(accountId)).toEqual([]);

    queue.processQueue(START - 3 * 24 * HOUR);
    const written = items(accountId);
    expect(written.map((item) => item.kind).sort()).toEqual([
      "photo-audit",
      "reimbursement",
      "reimbursement",
      "return-check",
      "trip-start",
    ]);
    // Nothing is ready yet: no email.
    expect(outboxTo(email)).toEqual([]);

    // Two hours before the start the start check is ready: one email, however many passes.
    queue.processQueue(START - 2 * HOUR);
    queue.processQueue(START - 2 * HOUR + 60_000);
    // A restart: fresh module state, same database.
    vi.resetModules();
    const restarted = await import("./queue.server");
    restarted.processQueue(START - HOUR);
    const sent = outboxTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(
      "Trip start check: Trip starts: Jordan L. in Blue (trip R-q_trip)",
    );
    expect(sent[0]!.text).toContain("/dashboard/trip/");
    expect(items(accountId)).toHaveLength(5);

    // At the end, the four end items are ready: one more email lists them, once.
    queue.processQueue(END);
    restarted.processQueue(END + 60_000);
    const all = outboxTo(email);
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toBe(
      "4 things need you: Return due: Jordan L. in Blue (trip R-q_trip), and more",
    );
    expect(all[1]!.text).toContain("Post-trip photos: Jordan L.");
    expect(all[1]!.text).toContain("Reimbursement window (fuel or EV charge)");
  });

  it("replaces the undone items of a trip whose times changed, and keeps the done ones", () => {
    const { accountId, userId, trip } = ownerWithTrip("q_moved");
    queue.syncQueue(accountId, START - 24 * HOUR);
    const start = items(accountId).find((item) => item.kind === "trip-start")!;
    db.db()
      .update(schema.queueItems)
      .set({ doneAt: new Date(START - 3 * HOUR), doneByUserId: userId })
      .where(eq(schema.queueItems.id, start.id))
      .run();
    trips.updateTrip(
      accountId,
      trip.id,
      jordansTrip(trip.reservationId, START + 5 * HOUR, END + 5 * HOUR),
      trip.vehicleId!,
    );
    queue.syncQueue(accountId, START - 24 * HOUR);
    const after = items(accountId);
    expect(
      after
        .filter((item) => item.kind === "trip-start")
        .map((item) => item.key)
        .sort(),
    ).toEqual(
      [`trip-start:${trip.id}:${START}`, `trip-start:${trip.id}:${START + 5 * HOUR}`].sort(),
    );
    expect(
      after.filter((item) => item.kind === "return-check").map((item) => item.deadlineAt.getTime()),
    ).toEqual([END + 5 * HOUR + 30 * 60_000]);
  });
});

describe("claim deadline items", () => {
  it("one per open deadline, with the claimed amount, gone when the claim is withdrawn", () => {
    const { accountId, userId, trip } = ownerWithTrip("q_claim");
    const actor = { accountId, userId, role: "primary" as const };
    const claim = claims.createClaim(actor, { tripId: trip.id, kind: "fuel", claimedCents: 64_00 });
    queue.syncQueue(accountId, END + HOUR);
    const claimItems = items(accountId).filter((item) => item.kind === "claim-deadline");
    expect(claimItems).toEqual([
      expect.objectContaining({
        claimId: claim.id,
        amountCents: 64_00,
        deadlineAt: new Date(END + 72 * HOUR),
      }),
    ]);
    // The trip's fuel window shows the amount claimed.
    expect(
      items(accountId).find((item) => item.key.includes(":fuel-reimbursement:"))?.amountCents,
    ).toBe(64_00);
    claims.changeClaim(actor, claim.id, { status: "withdrawn" });
    queue.syncQueue(accountId, END + 2 * HOUR);
    expect(items(accountId).filter((item) => item.kind === "claim-deadline")).toEqual([]);
  });
});

describe("conversation items", () => {
  it("a guest's message waits with its deadline; escalations name why; answering closes them", () => {
    const { accountId, userId, email } = ownerWithTrip("q_inbox");
    const conversationId = conversations.pasteConversation(accountId, {
      guestName: "Casey",
      text: "Can I get a discount if I extend by another day?",
    });
    const now = Date.now();
    queue.processQueue(now);
    const open = items(accountId).filter((item) => item.conversationId === conversationId);
    expect(open.map((item) => item.kind).sort()).toEqual(["escalation", "reply"]);
    const escalation = open.find((item) => item.kind === "escalation")!;
    expect(escalation.detail).toContain("Price, discount or refund");
    // No trip named: the longest window, 8 hours from the message.
    expect(escalation.deadlineAt.getTime() - escalation.readyAt.getTime()).toBe(8 * HOUR);
    // The reply and the escalation are one email.
    const mails = outboxTo(email).filter((mail) => mail.subject.includes("Casey"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Needs a person: Casey");

    // The host marks a reply sent: the inbox closes the items in its transaction.
    drafts.markReplySent({ accountId, userId, role: "primary" }, conversationId, {
      text: "Let me check with the owner.",
    });
    const closed = items(accountId).filter((item) => item.conversationId === conversationId);
    expect(closed.every((item) => item.doneAt && item.doneByUserId === userId)).toBe(true);
    const logged = db
      .db()
      .select()
      .from(schema.activityLog)
      .where(
        and(
          eq(schema.activityLog.accountId, accountId),
          like(schema.activityLog.action, "queue.done"),
        ),
      )
      .all();
    expect(logged).toHaveLength(2);
    // A later pass leaves them closed.
    queue.processQueue(Date.now());
    expect(
      items(accountId).filter((item) => item.conversationId === conversationId && !item.doneAt),
    ).toEqual([]);
  });

  it("a held question stays in the queue after the holding reply, until someone resolves it", async () => {
    const { accountId, userId } = ownerWithTrip("q_held");
    const actor = { accountId, userId, role: "primary" as const };
    conversations.pasteConversation(accountId, { guestName: "Avery", text: "Where do I park?" });
    const conversationId = conversations.pasteConversation(accountId, {
      guestName: "Avery",
      text: "Can I get a discount if I extend two days?",
    });
    const outcome = await drafts.writeReplyDraft(accountId, conversationId, { drafter: null });
    if (outcome.status !== "drafted") throw new Error(outcome.status);
    queue.syncQueue(accountId, Date.now());
    const open = () =>
      items(accountId)
        .filter((item) => item.conversationId === conversationId && !item.doneAt)
        .map((item) => item.kind)
        .sort();
    expect(open()).toEqual(["escalation", "reply"]);
    // The holding reply goes out: the reply item closes, the escalation stays (sync included).
    drafts.markReplySent(actor, conversationId, {
      text: outcome.draft.text,
      draftId: outcome.draft.id,
    });
    queue.syncQueue(accountId, Date.now());
    expect(open()).toEqual(["escalation"]);
    // A VA's shift panel counts the guest as waiting, as the conversation page shows them.
    const va = insertOwner(db, schema, "q_held_va");
    db.db().insert(schema.memberships).values({ accountId, userId: va.userId, role: "va" }).run();
    const session = {
      user: { id: va.userId },
      accountId: va.accountId,
    } as unknown as Parameters<typeof dashboard.conciergeDashboard>[0];
    const shown = () =>
      dashboard.conciergeDashboard(session, { account: accountId, shift: null }).shift!.waiting;
    expect(shown()).toBe(1);
    // Marked done in the queue: the conversation's "Needs you" closes too…
    const escalation = items(accountId).find(
      (item) => item.conversationId === conversationId && item.kind === "escalation",
    )!;
    expect(actions.finishItem(userId, escalation.id)).toMatchObject({ ok: true });
    const needs = () => {
      const found = conversations.getConversation(accountId, conversationId)!;
      return conversations.conversationNeeds(found.conversation, found.messages).escalated;
    };
    expect(needs()).toBe(false);
    // …and reopening it opens it again, on both, across a sync.
    expect(actions.reopenItem(userId, escalation.id)).toMatchObject({ ok: true });
    queue.syncQueue(accountId, Date.now());
    expect(needs()).toBe(true);
    expect(open()).toEqual(["escalation"]);
    expect(drafts.resolveQuestions(actor, conversationId)).toBe("resolved");
    expect(shown()).toBe(0);
  });

  it("the sync itself closes the items of a conversation answered without the queue", () => {
    const { accountId } = ownerWithTrip("q_answered");
    const conversationId = conversations.pasteConversation(accountId, {
      guestName: "Riley",
      text: "Where is the car parked?",
    });
    queue.syncQueue(accountId, Date.now());
    // Answered outside this app's "mark as sent" (a message row written directly).
    db.db()
      .insert(schema.conversationMessages)
      .values({
        conversationId,
        accountId,
        author: "host",
        text: "Level 2, spot 14.",
        source: "marked-sent",
        at: new Date(),
      })
      .run();
    queue.syncQueue(accountId, Date.now());
    const [reply] = items(accountId).filter((item) => item.conversationId === conversationId);
    expect(reply?.doneAt).not.toBeNull();
    expect(reply?.doneByUserId).toBeNull();
  });
});

describe("who is on duty", () => {
  it("a VA on shift gets the account's emails; otherwise the owner", () => {
    const { accountId, email } = ownerWithTrip("q_duty");
    const va = insertOwner(db, schema, "q_duty_va");
    db.db().insert(schema.memberships).values({ accountId, userId: va.userId, role: "va" }).run();
    expect(queue.onDutyRecipient(accountId).email).toBe(email);
    shifts.startShift(va.userId, START - 3 * HOUR);
    expect(queue.onDutyRecipient(accountId)).toMatchObject({
      email: "q_duty_va@example.com",
      role: "va",
    });
    queue.processQueue(START - 2 * HOUR);
    expect(outboxTo("q_duty_va@example.com")).toHaveLength(1);
    expect(outboxTo(email)).toHaveLength(0);
    shifts.endShift(va.userId, "All quiet.", START - HOUR);
    expect(queue.onDutyRecipient(accountId).email).toBe(email);
  });
});
