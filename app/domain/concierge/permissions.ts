/**
 * What a VA may do in an account without its owner: approve reimbursements up to a limit, mark
 * replies sent, agree to trip changes, discounts or refunds (never unless the owner says so).
 * Owners and team members are not limited here.
 */
import type { RestrictedTopic } from "~/domain/inbox/restricted-topics";
import { formatCents } from "~/domain/money";
import type { QueueItemKind } from "./queue-item";

export interface VaPermissions {
  /** Reimbursements up to this amount may be approved; 0 means always ask. */
  reimbursementLimitCents: number;
  /** Mark replies sent (otherwise the VA drafts and the owner sends). */
  sendReplies: boolean;
  /** Agree to trip changes, extensions, discounts or refunds. */
  tripChanges: boolean;
}

/** A VA the owner hasn't set anything for. */
export const DEFAULT_VA_PERMISSIONS: VaPermissions = {
  reimbursementLimitCents: 0,
  sendReplies: true,
  tripChanges: false,
};

/** Escalation topics only the owner (or a VA allowed trip changes) may settle. */
export const TRIP_CHANGE_TOPICS: readonly RestrictedTopic[] = [
  "trip-change",
  "price",
  "cancellation",
];

export type FinishCheck = { ok: true } | { ok: false; message: string };

/**
 * Whether someone with `role` may mark `item` done. `topics` are the restricted topics of the
 * escalation's conversation (read when acting: the guest may have written since).
 */
export function mayFinish(
  role: string,
  permissions: VaPermissions,
  item: { kind: QueueItemKind; amountCents: number | null },
  topics: readonly RestrictedTopic[] = [],
): FinishCheck {
  if (role !== "va") return { ok: true };
  if (
    item.kind === "reimbursement" &&
    item.amountCents !== null &&
    item.amountCents > permissions.reimbursementLimitCents
  ) {
    const limit =
      permissions.reimbursementLimitCents === 0
        ? "You may not approve reimbursements in this account"
        : `Your limit in this account is ${formatCents(permissions.reimbursementLimitCents)}`;
    return {
      ok: false,
      message: `This reimbursement is ${formatCents(item.amountCents)}. ${limit}: pass it to the owner.`,
    };
  }
  if (
    item.kind === "escalation" &&
    !permissions.tripChanges &&
    topics.some((topic) => TRIP_CHANGE_TOPICS.includes(topic))
  ) {
    return {
      ok: false,
      message:
        "This guest asks about a trip change, price, refund or cancellation, which the owner decides in this account: pass it to the owner.",
    };
  }
  if (item.kind === "reply" && !permissions.sendReplies) {
    return {
      ok: false,
      message:
        "In this account the owner sends the replies: write the draft, then pass it to the owner.",
    };
  }
  return { ok: true };
}
