/**
 * A draft reply to a guest: written here, sent by a person in the marketplace's messages.
 *
 * - kind: who wrote it — the AI (from the knowledge base), a template, or the holding reply a
 *   guest gets when a person has to answer.
 * - status: ready to send, blocked by the draft guard (never shown as sendable), sent (marked
 *   sent, with what the person actually sent), or discarded.
 * - purpose: a reply to the guest's messages, or one of the booking automations' messages.
 */
export const DRAFT_KINDS = ["ai", "template", "holding"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

export const DRAFT_STATUSES = ["ready", "blocked", "sent", "discarded"] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export const DRAFT_PURPOSES = ["reply", "booking-confirmation", "pre-pickup", "check-in"] as const;
export type DraftPurpose = (typeof DRAFT_PURPOSES)[number];
