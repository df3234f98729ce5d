/**
 * The concierge queue: every thing a person (the owner or the VA on duty) has to do for an
 * account, each with a deadline. Items are durable rows: an automation writes one ahead of time
 * with the moment it becomes ready, and the worker emails whoever is on duty once it is.
 */
import { valuesOf } from "~/domain/labeled-values";

export const QUEUE_ITEM_LABELS = {
  reply: "Guest message",
  escalation: "Escalation",
  draft: "Draft to approve",
  "trip-start": "Trip start check",
  "return-check": "Return check",
  "photo-audit": "Trip end photo audit",
  reimbursement: "Reimbursement window",
  "claim-deadline": "Claim deadline",
} as const;
export type QueueItemKind = keyof typeof QUEUE_ITEM_LABELS;
export const QUEUE_ITEM_KINDS = valuesOf<QueueItemKind>(QUEUE_ITEM_LABELS);
