/**
 * The activity log: everything a person did for an account in the inbox and the concierge queue,
 * with who, their role in the account then, and when. The end-of-shift report and the per-VA
 * figures are read from it.
 */
import { activityLog, type Role } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";

type Database = Pick<ReturnType<typeof db>, "insert">;

export interface Actor {
  accountId: string;
  userId: string;
  role: Role;
}

export function logActivity(
  actor: Actor,
  entry: {
    action: string;
    queueItemId?: string | null;
    conversationId?: string | null;
    detail?: string | null;
    amountCents?: number | null;
  },
  database: Database = db(),
  at = new Date(),
) {
  database
    .insert(activityLog)
    .values({
      accountId: actor.accountId,
      userId: actor.userId,
      role: actor.role,
      action: entry.action,
      queueItemId: entry.queueItemId ?? null,
      conversationId: entry.conversationId ?? null,
      detail: entry.detail ?? null,
      amountCents: entry.amountCents ?? null,
      at,
    })
    .run();
}

/** The actor of a signed-in session. */
export function actorOf(session: { accountId: string; user: { id: string }; role: Role }): Actor {
  return { accountId: session.accountId, userId: session.user.id, role: session.role };
}
