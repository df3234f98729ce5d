/**
 * What a person does with a queue item: take it, mark it done, pass it to the owner, open it
 * again. Each works on any account the person serves (their membership decides their role there,
 * not the account the session is viewing), is refused with 404 elsewhere, and is logged.
 */
import { and, eq, gte, inArray, isNotNull, isNull } from "drizzle-orm";
import { conversationMessages, memberships, queueItems, type Role } from "~/db/schema";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { accountLabel } from "~/lib/auth/account-labels";
import { availableAccounts } from "~/lib/auth/accounts.server";
import { mayFinish } from "~/domain/concierge/permissions";
import { ACTIVITY } from "~/domain/concierge/shift-report";
import {
  conversationNeeds,
  getConversation,
  markGuestMessagesResolved,
  refreshInboxState,
} from "~/lib/inbox/conversations.server";
import { db } from "~/lib/runtime/db.server";
import { logActivity, type Actor } from "~/lib/accounts/activity.server";
import { vaMay } from "~/lib/auth/va-permissions.server";
import type { QueueItemRow } from "./queue.server";

/**
 * Every account `userId` serves (their memberships), their own first, with their role there, the
 * header's label for it and its time zone.
 */
export function servedAccounts(userId: string) {
  return availableAccounts(userId).map((account) => ({
    accountId: account.accountId,
    role: account.role as Role,
    isOwn: account.isOwnAccount,
    name: accountLabel(account),
    timeZone: accountPreferences(account.accountId).timeZone,
  }));
}

export type QueueActionResult =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; message: string };

const NOT_FOUND = { ok: false, status: 404, message: "That item isn't in your queue." } as const;

/** The item and the person's role in its account, or null when they don't serve it. */
function itemFor(userId: string, itemId: string): { item: QueueItemRow; actor: Actor } | null {
  const row = db()
    .select({ item: queueItems, role: memberships.role })
    .from(queueItems)
    .innerJoin(
      memberships,
      and(eq(memberships.accountId, queueItems.accountId), eq(memberships.userId, userId)),
    )
    .where(eq(queueItems.id, itemId))
    .get();
  if (!row) return null;
  return { item: row.item, actor: { accountId: row.item.accountId, userId, role: row.role } };
}

function log(actor: Actor, action: string, item: QueueItemRow, detail?: string) {
  logActivity(actor, {
    action,
    queueItemId: item.id,
    conversationId: item.conversationId,
    amountCents: item.amountCents,
    detail: detail ?? item.title,
  });
}

export function takeItem(userId: string, itemId: string): QueueActionResult {
  const found = itemFor(userId, itemId);
  if (!found) return NOT_FOUND;
  const { item, actor } = found;
  if (item.doneAt) return { ok: false, status: 409, message: "That item is already done." };
  db().transaction(() => {
    db()
      .update(queueItems)
      .set({ takenByUserId: userId, takenAt: new Date() })
      .where(eq(queueItems.id, item.id))
      .run();
    log(actor, ACTIVITY.taken, item);
  });
  return { ok: true, message: `You took “${item.title}”.` };
}

/** The restricted topics of an escalation's conversation, read now. */
function escalationTopics(item: QueueItemRow) {
  if (item.kind !== "escalation" || !item.conversationId) return [];
  const thread = getConversation(item.accountId, item.conversationId);
  return thread ? conversationNeeds(thread.conversation, thread.messages).restrictedTopics : [];
}

export function finishItem(userId: string, itemId: string): QueueActionResult {
  const found = itemFor(userId, itemId);
  if (!found) return NOT_FOUND;
  const { item, actor } = found;
  if (item.doneAt) return { ok: false, status: 409, message: "That item is already done." };
  const check = mayFinish(actor.role, vaMay(item.accountId, userId), item, escalationTopics(item));
  if (!check.ok) return { ok: false, status: 403, message: check.message };
  db().transaction((tx) => {
    const now = new Date();
    tx.update(queueItems)
      .set({ doneAt: now, doneByUserId: userId })
      .where(and(eq(queueItems.id, item.id), isNull(queueItems.doneAt)))
      .run();
    // A person dealt with what the guest needed: "Needs you" closes on the conversation too.
    if (item.kind === "escalation" && item.conversationId) {
      markGuestMessagesResolved(tx, item.accountId, item.conversationId, userId, now);
    }
    log(actor, ACTIVITY.done, item);
  });
  return { ok: true, message: `Done: “${item.title}”.` };
}

export function passToOwner(userId: string, itemId: string): QueueActionResult {
  const found = itemFor(userId, itemId);
  if (!found) return NOT_FOUND;
  const { item, actor } = found;
  if (actor.role === "primary") {
    return { ok: false, status: 400, message: "It's your account: you are the owner." };
  }
  if (item.doneAt) return { ok: false, status: 409, message: "That item is already done." };
  db().transaction(() => {
    db()
      .update(queueItems)
      .set({ forOwner: true, takenByUserId: null, takenAt: null })
      .where(eq(queueItems.id, item.id))
      .run();
    log(actor, ACTIVITY.forOwner, item);
  });
  return { ok: true, message: `Passed to the owner: “${item.title}”.` };
}

export function reopenItem(userId: string, itemId: string): QueueActionResult {
  const found = itemFor(userId, itemId);
  if (!found) return NOT_FOUND;
  const { item, actor } = found;
  if (actor.role !== "primary") {
    return { ok: false, status: 403, message: "Only the account's owner can reopen an item." };
  }
  if (!item.doneAt) return { ok: false, status: 409, message: "That item is still open." };
  db().transaction(() => {
    db()
      .update(queueItems)
      .set({
        doneAt: null,
        doneByUserId: null,
        reopenCount: item.reopenCount + 1,
        notifiedAt: null,
      })
      .where(and(eq(queueItems.id, item.id), isNotNull(queueItems.doneAt)))
      .run();
    // What the guest asked is open again on the conversation too ("Needs you" is back).
    if (item.kind === "escalation" && item.conversationId) {
      db()
        .update(conversationMessages)
        .set({ resolvedAt: null, resolvedByUserId: null })
        .where(
          and(
            eq(conversationMessages.conversationId, item.conversationId),
            eq(conversationMessages.author, "guest"),
            gte(conversationMessages.at, item.readyAt),
          ),
        )
        .run();
      refreshInboxState(db(), item.accountId, item.conversationId);
    }
    log(actor, ACTIVITY.reopened, item);
  });
  return { ok: true, message: `Reopened: “${item.title}”.` };
}

/** The role `userId` has in each of `accountIds` they serve. */
export function rolesIn(userId: string, accountIds: readonly string[]): Map<string, Role> {
  if (accountIds.length === 0) return new Map();
  return new Map(
    db()
      .select({ accountId: memberships.accountId, role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), inArray(memberships.accountId, [...accountIds])))
      .all()
      .map((row) => [row.accountId, row.role]),
  );
}
