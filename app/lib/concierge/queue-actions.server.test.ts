/**
 * Acting on queue items on a real SQLite database: a VA acts in every account they serve and
 * gets 404 elsewhere; the server holds reimbursements over the VA's limit for the owner; only the
 * owner reopens; the end-of-shift report counts claim payments marked during the shift; the
 * owner's figures credit reopened items to the VA who marked them done.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner } from "~/tests/support/rows";

setUpTempDataDir("queue-actions");

// Loaded after DATA_DIR is set: the database reads it once.
const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const actions = await import("./queue-actions.server");
const permissions = await import("~/lib/auth/va-permissions.server");
const shifts = await import("./shifts.server");

const HOUR = 3_600_000;

function reimbursementItem(accountId: string, amountCents: number) {
  const id = crypto.randomUUID();
  db.db()
    .insert(schema.queueItems)
    .values({
      id,
      accountId,
      kind: "reimbursement",
      key: `reimbursement:test:${id}`,
      title: "Reimbursement window (fuel or EV charge): Jordan L. (trip R1)",
      amountCents,
      readyAt: new Date(Date.now() - HOUR),
      deadlineAt: new Date(Date.now() + HOUR),
    })
    .run();
  return id;
}

function ownerAndVa(name: string) {
  const owner = insertOwner(db, schema, name);
  const va = insertOwner(db, schema, `${name}_va`);
  db.db()
    .insert(schema.memberships)
    .values({ accountId: owner.accountId, userId: va.userId, role: "va" })
    .run();
  return { owner, va };
}

describe("acting on items", () => {
  it("serves the VA's accounts only, within their reimbursement limit", () => {
    const { owner, va } = ownerAndVa("qa_limit");
    const stranger = insertOwner(db, schema, "qa_stranger");
    const big = reimbursementItem(owner.accountId, 120_00);
    const small = reimbursementItem(owner.accountId, 40_00);

    expect(actions.takeItem(stranger.userId, big)).toMatchObject({ ok: false, status: 404 });
    expect(actions.finishItem(va.userId, "no-such-item")).toMatchObject({ status: 404 });
    // Nothing allowed yet: every reimbursement goes to the owner.
    expect(actions.finishItem(va.userId, small)).toMatchObject({
      ok: false,
      status: 403,
      message:
        "This reimbursement is $40.00. You may not approve reimbursements in this account: pass it to the owner.",
    });
    expect(
      permissions.saveVaPermissions(owner.accountId, va.userId, {
        reimbursementLimitCents: 50_00,
        sendReplies: true,
        tripChanges: false,
      }),
    ).toBe(true);
    // Only a VA of the account gets permissions.
    expect(
      permissions.saveVaPermissions(owner.accountId, stranger.userId, {
        reimbursementLimitCents: 1,
        sendReplies: true,
        tripChanges: true,
      }),
    ).toBe(false);
    expect(permissions.vaMay(owner.accountId, va.userId).reimbursementLimitCents).toBe(50_00);
    expect(actions.finishItem(va.userId, small)).toMatchObject({ ok: true });
    expect(actions.finishItem(va.userId, big)).toMatchObject({ ok: false, status: 403 });
    expect(actions.passToOwner(va.userId, big)).toMatchObject({ ok: true });
    expect(actions.passToOwner(owner.userId, big)).toMatchObject({ ok: false, status: 400 });
    expect(actions.finishItem(owner.userId, big)).toMatchObject({ ok: true });
    expect(actions.finishItem(owner.userId, big)).toMatchObject({ ok: false, status: 409 });

    // Only the owner reopens; the VA's figures count it against the one who marked it done.
    expect(actions.reopenItem(va.userId, small)).toMatchObject({ ok: false, status: 403 });
    expect(actions.reopenItem(owner.userId, small)).toMatchObject({ ok: true });
    const [row] = db
      .db()
      .select()
      .from(schema.queueItems)
      .where(eq(schema.queueItems.id, small))
      .all();
    expect(row).toMatchObject({ doneAt: null, reopenCount: 1, notifiedAt: null });
    const [figures] = shifts.vaFiguresFor(owner.accountId);
    expect(figures).toMatchObject({
      userId: va.userId,
      figures: { passedToOwner: 1, reopened: 1 },
    });
  });
});

describe("shifts", () => {
  it("one open shift at a time; the report counts payments marked during it", () => {
    const { owner, va } = ownerAndVa("qa_shift");
    const start = Date.now() - 2 * HOUR;
    const shift = shifts.startShift(va.userId, start)!;
    expect(shifts.startShift(va.userId, start + 1)).toBeNull();
    // A claim payment marked in the account during the shift (written as the claims module does).
    const tripId = crypto.randomUUID();
    const claimId = crypto.randomUUID();
    db.db()
      .insert(schema.trips)
      .values({
        id: tripId,
        accountId: owner.accountId,
        reservationId: "R-shift",
        startAt: new Date(start - 48 * HOUR),
        endAt: new Date(start - 24 * HOUR),
        timeZone: "America/Denver",
        status: "completed",
        source: "manual",
        updatedAt: new Date(),
      })
      .run();
    db.db()
      .insert(schema.claims)
      .values({
        id: claimId,
        accountId: owner.accountId,
        tripId,
        kind: "fuel",
        status: "paid",
        claimedCents: 64_00,
        paidCents: 64_00,
        updatedAt: new Date(),
      })
      .run();
    for (const at of [start + HOUR, start - HOUR]) {
      db.db()
        .insert(schema.claimEvents)
        .values({
          claimId,
          accountId: owner.accountId,
          status: "paid",
          paidCents: 64_00,
          byRole: "primary",
          at: new Date(at),
        })
        .run();
    }
    const item = reimbursementItem(owner.accountId, 10_00);
    actions.takeItem(va.userId, item);
    shifts.endShift(va.userId, "Fuel invoice sent.", start + 90 * 60_000);
    const result = shifts.reportForShift(va.userId, shift.id, Date.now())!;
    expect(result.report.moneyRecoveredCents).toBe(64_00);
    expect(result.report.stillOpen.map((open) => open.id)).toContain(item);
    expect(shifts.lastHandover(va.userId)?.handoverNote).toBe("Fuel invoice sent.");
    // Someone else's shift is not theirs to read.
    expect(shifts.reportForShift(owner.userId, shift.id)).toBeNull();
    expect(shifts.endShift(va.userId, "again")).toBeNull();
  });
});
