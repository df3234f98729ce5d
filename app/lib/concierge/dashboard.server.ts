/**
 * What /concierge-dashboard shows: one queue over every account the person serves, their shift,
 * and for owners their VAs' permissions and figures.
 */
import { notFound } from "~/lib/http/not-found";
import type { CurrentSession } from "~/lib/auth/session.server";
import { onboardingFor } from "./onboarding.server";
import { accountVas } from "~/lib/auth/va-permissions.server";
import { itemPath, syncQueue, type QueueItemRow } from "./queue.server";
import { queueCounts, queuePage, recentlyDone, type QueueFilter } from "./queue-list.server";
import type { ListPageRequest } from "~/lib/paging/paging";
import { servedAccounts } from "./queue-actions.server";
import { featureAllowed, requireFeature } from "~/lib/billing/gates.server";
import {
  lastHandover,
  openShift,
  reportForShift,
  todaysTrips,
  vaFiguresFor,
} from "./shifts.server";

/** Open items on one page of the queue: few enough that the page stays light on a phone. */
export const QUEUE_PAGE_SIZE = 25;

export function conciergeDashboard(
  session: CurrentSession,
  filter: { account: string | null; shift: string | null } & Partial<QueueFilter>,
  page: ListPageRequest = { limit: QUEUE_PAGE_SIZE, cursor: null },
  now = Date.now(),
) {
  const queueFilter = { kind: filter.kind ?? null, due: filter.due ?? null };
  const userId = session.user.id;
  const accounts = servedAccounts(userId);
  if (filter.account && !accounts.some((account) => account.accountId === filter.account)) {
    notFound("You don't serve that account.");
  }
  const shown = filter.account
    ? accounts.filter((account) => account.accountId === filter.account)
    : accounts;
  for (const account of shown) syncQueue(account.accountId, now);
  const shownIds = shown.map((account) => account.accountId);
  const byId = new Map(accounts.map((account) => [account.accountId, account]));
  const entry = (item: QueueItemRow) => {
    const account = byId.get(item.accountId)!;
    return {
      id: item.id,
      accountId: item.accountId,
      conversationId: item.conversationId,
      kind: item.kind,
      title: item.title,
      detail: item.detail,
      accountName: account.name,
      role: account.role,
      path: itemPath(item),
      amountCents: item.amountCents,
      deadlineAt: item.deadlineAt.toISOString(),
      overdue: !item.doneAt && item.deadlineAt.getTime() < now,
      forOwner: item.forOwner,
      takenByMe: item.takenByUserId === userId,
      taken: Boolean(item.takenByUserId),
      done: Boolean(item.doneAt),
      doneAt: item.doneAt?.toISOString() ?? null,
    };
  };
  const open = queuePage(shownIds, queueFilter, page, now);
  const counts = queueCounts(shownIds, now);
  const finished = recentlyDone(shownIds, now);
  const servesAsVa = accounts.some((account) => account.role === "va");
  const shift = openShift(userId);
  const handover = servesAsVa ? lastHandover(userId) : undefined;
  const report = filter.shift ? reportForShift(userId, filter.shift, now) : null;
  if (filter.shift && !report) notFound("That shift isn't yours.");
  const own = accounts.find((account) => account.isOwn);
  return {
    accounts: accounts.map(({ accountId, name, role, isOwn }) => ({
      accountId,
      name,
      role,
      isOwn,
    })),
    filter: { account: filter.account, ...queueFilter },
    open: open.items.map(entry),
    nextCursor: open.nextCursor,
    counts,
    done: finished.items.map(entry),
    doneCount: finished.count,
    shift: servesAsVa
      ? {
          open: shift ? { id: shift.id, startedAt: shift.startedAt.toISOString() } : null,
          handover: handover
            ? { note: handover.handoverNote, endedAt: handover.endedAt!.toISOString() }
            : null,
          today: shift
            ? todaysTrips(userId, now).map((entry) => ({
                tripId: entry.trip.id,
                event: entry.event,
                at: entry.at.toISOString(),
                account: entry.account,
                guestName: entry.trip.guestName,
                reservationId: entry.trip.reservationId,
              }))
            : [],
          // Guests, not items: one waiting for a reply and for a person is one guest.
          waiting: counts.waitingGuests,
        }
      : null,
    report: report
      ? {
          startedAt: report.shift.startedAt.toISOString(),
          endedAt: report.shift.endedAt?.toISOString() ?? null,
          handoverNote: report.shift.handoverNote,
          ...report.report,
          stillOpen: report.report.stillOpen.map(itemLine),
          redFlags: report.report.redFlags.map(itemLine),
          nextShiftDeadlines: report.report.nextShiftDeadlines.map(itemLine),
        }
      : null,
    team: own
      ? {
          vas: accountVas(own.accountId),
          figures: vaFiguresFor(own.accountId).map((va) => ({
            userId: va.userId,
            ...va.figures,
          })),
        }
      : null,
    onboarding: own ? onboardingFor(userId, own.accountId) : null,
  };
}

function itemLine(item: { id: string; title: string; deadlineAt: number }) {
  return { id: item.id, title: item.title, deadlineAt: new Date(item.deadlineAt).toISOString() };
}

/**
 * The queue is part of the automations: a person who serves no account whose plan has them sees
 * the plans instead (402). Always open when billing is off (self-hosted).
 */
export function requireQueueAccess(session: { accountId: string; user: { id: string } }) {
  const served = servedAccounts(session.user.id);
  if (served.some((account) => featureAllowed(account.accountId, "automations"))) return;
  requireFeature(session, "automations");
}
