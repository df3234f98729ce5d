/**
 * A VA's shifts: starting one shows the last handover note, today's trip starts and returns and
 * the guests waiting across their accounts; ending one takes the handover note and gives the
 * end-of-shift report, read from the activity log. Owners get each VA's figures.
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL } from "drizzle-orm";
import { activityLog, claimEvents, memberships, queueItems, shifts, trips } from "~/db/schema";
import {
  ACTIVITY,
  shiftReport,
  vaFigures,
  type ActivityFact,
  type ItemFact,
} from "~/domain/concierge/shift-report";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { addCalendarDays, resolveWallClock, wallClockAt } from "~/domain/zoned-time";
import { db } from "~/lib/runtime/db.server";
import { logActivity } from "~/lib/accounts/activity.server";
import { itemsSince } from "./queue.server";
import { servedAccounts } from "./queue-actions.server";
import { accountVas } from "~/lib/auth/va-permissions.server";

export type ShiftRow = typeof shifts.$inferSelect;

export function openShift(userId: string): ShiftRow | undefined {
  return db()
    .select()
    .from(shifts)
    .where(and(eq(shifts.userId, userId), isNull(shifts.endedAt)))
    .get();
}

/** Logs a shift event in every account the VA serves (each owner sees it in their log). */
function logInVaAccounts(userId: string, action: string, detail: string | null, at: Date) {
  for (const account of servedAccounts(userId)) {
    if (account.role !== "va") continue;
    logActivity({ accountId: account.accountId, userId, role: "va" }, { action, detail }, db(), at);
  }
}

/** Starts a shift; false when one is already open. */
export function startShift(userId: string, now = Date.now()): ShiftRow | null {
  if (openShift(userId)) return null;
  const row = { id: crypto.randomUUID(), userId, startedAt: new Date(now) };
  db().transaction(() => {
    db().insert(shifts).values(row).run();
    logInVaAccounts(userId, ACTIVITY.shiftStarted, null, row.startedAt);
  });
  return { ...row, endedAt: null, handoverNote: null };
}

/** Ends the open shift with its handover note; null when none is open. */
export function endShift(userId: string, handoverNote: string, now = Date.now()): ShiftRow | null {
  const shift = openShift(userId);
  if (!shift) return null;
  const endedAt = new Date(Math.max(now, shift.startedAt.getTime()));
  db().transaction(() => {
    db().update(shifts).set({ endedAt, handoverNote }).where(eq(shifts.id, shift.id)).run();
    logInVaAccounts(userId, ACTIVITY.shiftEnded, handoverNote, endedAt);
  });
  return { ...shift, endedAt, handoverNote };
}

function vaAccountIds(userId: string) {
  return servedAccounts(userId)
    .filter((account) => account.role === "va")
    .map((account) => account.accountId);
}

/** The last handover note left by anyone on shift for the same accounts (this VA included). */
export function lastHandover(userId: string) {
  const accountIds = vaAccountIds(userId);
  const colleagues = accountIds.length
    ? db()
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(inArray(memberships.accountId, accountIds), eq(memberships.role, "va")))
        .all()
        .map((row) => row.userId)
    : [];
  return db()
    .select()
    .from(shifts)
    .where(
      and(
        inArray(shifts.userId, [...new Set([userId, ...colleagues])]),
        isNotNull(shifts.endedAt),
        isNotNull(shifts.handoverNote),
      ),
    )
    .orderBy(desc(shifts.endedAt))
    .get();
}

/** Midnight to midnight of the local day holding `now` in `timeZone`. */
function localDay(now: number, timeZone: string) {
  const today = wallClockAt(now, timeZone);
  const at = (date: { year: number; month: number; day: number }) => {
    const resolved = resolveWallClock({ ...date, hour: 0, minute: 0 }, timeZone);
    return resolved.kind === "unique" ? resolved.instantMs : resolved.earlierMs;
  };
  return { from: at(today), to: at(addCalendarDays(today, 1)) };
}

/** Today's trip starts and returns in the accounts `userId` serves, each in its account's day. */
export function todaysTrips(userId: string, now = Date.now()) {
  return servedAccounts(userId)
    .flatMap((account) => {
      const { from, to } = localDay(now, account.timeZone ?? DEFAULT_TIME_ZONE);
      const window = (column: typeof trips.startAt | typeof trips.endAt) =>
        and(gte(column, new Date(from)), lte(column, new Date(to)));
      return db()
        .select()
        .from(trips)
        .where(
          and(
            eq(trips.accountId, account.accountId),
            ne(trips.status, "canceled"),
            or(window(trips.startAt), window(trips.endAt)),
          ),
        )
        .all()
        .flatMap((trip) => [
          ...(trip.startAt.getTime() >= from && trip.startAt.getTime() < to
            ? [{ trip, event: "start" as const, at: trip.startAt, account: account.name }]
            : []),
          ...(trip.endAt.getTime() >= from && trip.endAt.getTime() < to
            ? [{ trip, event: "return" as const, at: trip.endAt, account: account.name }]
            : []),
        ]);
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The log entries matching `where`, as the report's plain values. */
function activityFacts(where: SQL | undefined): ActivityFact[] {
  return db()
    .select({
      userId: activityLog.userId,
      action: activityLog.action,
      queueItemId: activityLog.queueItemId,
      at: activityLog.at,
    })
    .from(activityLog)
    .where(where)
    .all()
    .map((entry) => ({ ...entry, at: entry.at.getTime() }));
}

function itemFacts(rows: ReadonlyArray<typeof queueItems.$inferSelect>): ItemFact[] {
  return rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    kind: row.kind,
    title: row.title,
    readyAt: row.readyAt.getTime(),
    deadlineAt: row.deadlineAt.getTime(),
    doneAt: row.doneAt?.getTime() ?? null,
    doneByUserId: row.doneByUserId,
    forOwner: row.forOwner,
  }));
}

/** The end-of-shift report of one of `userId`'s shifts (an open one runs to `now`). */
export function reportForShift(userId: string, shiftId: string, now = Date.now()) {
  const shift = db()
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.userId, userId)))
    .get();
  if (!shift) return null;
  const accountIds = vaAccountIds(userId);
  const startedAt = shift.startedAt.getTime();
  const endedAt = shift.endedAt?.getTime() ?? now;
  const during = (column: typeof activityLog.at | typeof claimEvents.at) =>
    and(gte(column, shift.startedAt), lte(column, new Date(endedAt)));
  const activity = accountIds.length
    ? activityFacts(and(inArray(activityLog.accountId, accountIds), during(activityLog.at)))
    : [];
  const items = itemsSince(accountIds, startedAt);
  const paid = accountIds.length
    ? db()
        .select({ paidCents: claimEvents.paidCents })
        .from(claimEvents)
        .where(
          and(
            inArray(claimEvents.accountId, accountIds),
            eq(claimEvents.status, "paid"),
            during(claimEvents.at),
          ),
        )
        .all()
    : [];
  return {
    shift,
    report: shiftReport({
      userId,
      startedAt,
      endedAt,
      activity,
      items: itemFacts(items),
      paidCents: paid.map((row) => row.paidCents ?? 0),
    }),
  };
}

/** Each VA of the owner's account with their figures there. */
export function vaFiguresFor(accountId: string) {
  const vas = accountVas(accountId);
  if (vas.length === 0) return [];
  const items = itemFacts(
    db()
      .select()
      .from(queueItems)
      .where(and(eq(queueItems.accountId, accountId), isNotNull(queueItems.doneAt)))
      .all(),
  );
  const activity = activityFacts(
    and(
      eq(activityLog.accountId, accountId),
      inArray(activityLog.action, [ACTIVITY.done, ACTIVITY.forOwner, ACTIVITY.reopened]),
    ),
  );
  return vas.map((va) => ({ ...va, figures: vaFigures(va.userId, items, activity) }));
}
