/**
 * The concierge queue's items of a conversation, closed from the inbox: the queue (a feature above
 * the inbox) reads conversations, so the inbox writes its own side here instead of calling it.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { memberships, queueItems } from "~/db/schema";
import { CONVERSATION_ITEM_KINDS } from "~/domain/concierge/queue-rules";
import { ACTIVITY } from "~/domain/concierge/shift-report";
import { logActivity } from "~/lib/accounts/activity.server";
import type { AppDatabase } from "~/lib/runtime/db.server";

type Database = Pick<AppDatabase, "select" | "update" | "insert" | "delete">;
type QueueItemKind = (typeof queueItems.$inferSelect)["kind"];

/**
 * Marks the conversation's open items of `kinds` done: the host replied (reply) or dealt with
 * what needed them (escalation). The inbox calls this in the transaction that marks a reply sent
 * or questions resolved, with who did it (the activity log records each item).
 */
export function closeConversationItems(
  database: Database,
  accountId: string,
  conversationId: string,
  userId: string | null,
  now = Date.now(),
  kinds: readonly QueueItemKind[] = CONVERSATION_ITEM_KINDS,
) {
  const closed = database
    .update(queueItems)
    .set({ doneAt: new Date(now), doneByUserId: userId })
    .where(
      and(
        eq(queueItems.accountId, accountId),
        eq(queueItems.conversationId, conversationId),
        inArray(queueItems.kind, [...kinds]),
        isNull(queueItems.doneAt),
      ),
    )
    .returning({ id: queueItems.id, kind: queueItems.kind })
    .all();
  if (!userId || closed.length === 0) return closed.length;
  const role =
    database
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
      .get()?.role ?? "primary";
  for (const item of closed) {
    logActivity(
      { accountId, userId, role },
      {
        action: ACTIVITY.done,
        queueItemId: item.id,
        conversationId,
        detail: item.kind === "reply" ? "Reply marked sent" : "Guest's questions dealt with",
      },
      database,
      new Date(now),
    );
  }
  return closed.length;
}
