/**
 * Draft replies to guests, kept as rows (`drafts`): a person reads one, copies it into the
 * marketplace's messages, sends it there and marks it sent here.
 *
 * For the guest's unanswered messages a conversation gets one draft:
 * - a restricted topic or an action item: the host's holding reply (the guest is never left in
 *   silence while a person decides);
 * - otherwise the AI's draft when AI is configured, else one made from the knowledge base's
 *   entries; either way the draft guard checks it, and a draft it flags is stored as blocked,
 *   with why, and never offered for sending.
 * A newer guest message makes earlier unsent drafts out of date (discarded).
 */
import crypto from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { accounts, conversationMessages, conversations, drafts } from "~/db/schema";
import type { DraftKind, DraftPurpose } from "~/domain/inbox/draft";
import { guardDraft, type DraftProblem } from "~/domain/inbox/draft-guard";
import {
  draftFromKnowledge,
  isStale,
  type KnowledgeEntry,
  type KnowledgeTopic,
} from "~/domain/inbox/knowledge";
import {
  OTHER_QUESTIONS_LINE,
  planReply,
  withHoldingLines,
  type HeldReason,
  type ReplyPlan,
} from "~/domain/inbox/conversation-reply";
import { holdingReply } from "~/domain/inbox/restricted-topics";
import { TextDraftError } from "~/lib/ai/text.server";
import { accountOwnerName } from "~/lib/accounts/owner.server";
import { getTrip } from "~/lib/trips/trips.server";
import { logger } from "~/lib/runtime/logger.server";
import { db, logJobFailure } from "~/lib/runtime/db.server";
import { featureAllowed } from "~/lib/billing/gates.server";
import {
  conversationNeeds,
  getConversation,
  markGuestMessagesResolved,
  refreshInboxState,
  type ConversationRow,
} from "./conversations.server";
import type { Tx } from "~/lib/trips/trip-links.server";
import { mayFinish } from "~/domain/concierge/permissions";
import { ACTIVITY } from "~/domain/concierge/shift-report";
import { ACTION_ITEM_LABELS, RESTRICTED_TOPIC_LABELS } from "~/domain/inbox/restricted-topics";
import { closeConversationItems } from "./conversation-items.server";
import { knowledgeFor } from "./knowledge.server";
import { replyDrafterFromEnv, type ReplyDrafter } from "./reply-drafter.server";
import { logActivity, type Actor } from "~/lib/accounts/activity.server";
import { vaMay } from "~/lib/auth/va-permissions.server";

export type DraftRow = typeof drafts.$inferSelect;

const OPEN_STATUSES = ["ready", "blocked"] as const;

/** The API's (and the page's) shape of a draft. */
export function draftJson(draft: DraftRow) {
  return {
    id: draft.id,
    purpose: draft.purpose,
    text: draft.text,
    kind: draft.kind,
    status: draft.status,
    usedKnowledge: JSON.parse(draft.usedKnowledge) as KnowledgeTopic[],
    staleKnowledge: JSON.parse(draft.staleKnowledge) as KnowledgeTopic[],
    problems: JSON.parse(draft.problems) as DraftProblem[],
    held: JSON.parse(draft.held) as HeldReason[],
    missing: JSON.parse(draft.missing) as string[],
    createdAt: draft.createdAt.toISOString(),
    sentAt: draft.sentAt?.toISOString() ?? null,
  };
}

/** A conversation's drafts, newest first (discarded ones left out). */
export function listDrafts(accountId: string, conversationId: string): DraftRow[] {
  return db()
    .select()
    .from(drafts)
    .where(
      and(
        eq(drafts.accountId, accountId),
        eq(drafts.conversationId, conversationId),
        inArray(drafts.status, ["ready", "blocked", "sent"]),
      ),
    )
    .orderBy(desc(drafts.createdAt))
    .limit(50)
    .all();
}

/** The first name the host signs with: the business name when set, else the owner's first name. */
export function signatureOf(accountId: string): string | null {
  const account = db()
    .select({ businessName: accounts.businessName })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .get();
  if (account?.businessName) return account.businessName;
  return accountOwnerName(accountId).split(/\s+/)[0] || null;
}

export function accountHoldingReply(accountId: string): string | null {
  return (
    db()
      .select({ holdingReply: accounts.holdingReply })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .get()?.holdingReply ?? null
  );
}

/** Saves the host's own holding reply; empty goes back to the default. */
export function saveHoldingReply(accountId: string, text: string) {
  db()
    .update(accounts)
    .set({ holdingReply: text.trim() || null })
    .where(eq(accounts.id, accountId))
    .run();
}

interface DraftContent {
  kind: DraftKind;
  text: string;
  usedKnowledge: KnowledgeTopic[];
  /** What the draft holds for a person (restricted topics, action items). */
  held?: HeldReason[];
  /** Our lines that hold it (left out of the guard's check: they promise nothing). */
  holdingLines?: string[];
  /** Facts a booking message lacks, left out of its text. */
  missing?: string[];
}

/**
 * The AI's reply to what the knowledge base may answer (never the held questions: the model
 * doesn't see them), or null when it answered nothing from the knowledge base (or failed).
 */
async function aiReply(
  drafter: ReplyDrafter,
  conversation: ConversationRow,
  plan: ReplyPlan,
  entries: readonly KnowledgeEntry[],
  tripStarted: boolean,
): Promise<DraftContent | null> {
  // Nothing asked beyond what a person holds ("Hi!" beside a discount): no model to ask.
  if (plan.askedAbout.length === 0 && plan.otherQuestions === 0) return null;
  try {
    const reply = await drafter.draftReply({
      guestName: conversation.guestName,
      messages: plan.answerable,
      // Access details never reach the model before the trip starts.
      entries: entries.filter((entry) => tripStarted || entry.topic !== "key-steps"),
      askedAbout: plan.askedAbout,
      signature: signatureOf(conversation.accountId),
    });
    return reply.usedKnowledge.length > 0 ? { kind: "ai", ...reply } : null;
  } catch (error) {
    if (!(error instanceof TextDraftError)) throw error;
    logger.warn("AI reply draft failed; using the knowledge base's template", {
      error: error.message,
    });
    return null;
  }
}

export type DraftOutcome =
  | { status: "drafted"; draft: DraftRow }
  | { status: "not-found" }
  /** The guest has no message the host hasn't answered. */
  | { status: "nothing-to-answer" }
  /** Nothing in the knowledge base answers it: a person writes this reply. */
  | { status: "no-answer" };

/**
 * Writes the draft for a conversation's unanswered guest messages; keeps the existing one when it
 * already answers the latest message (unless `again`).
 */
export async function writeReplyDraft(
  accountId: string,
  conversationId: string,
  options: { drafter?: ReplyDrafter | null; again?: boolean; now?: number } = {},
): Promise<DraftOutcome> {
  const found = getConversation(accountId, conversationId);
  if (!found) return { status: "not-found" };
  const { conversation, messages } = found;
  const now = options.now ?? Date.now();
  const lastHost = messages.map((message) => message.author).lastIndexOf("host");
  const unanswered = messages.slice(lastHost + 1);
  const latest = unanswered.at(-1);
  if (!latest) return { status: "nothing-to-answer" };
  const current = db()
    .select()
    .from(drafts)
    .where(
      and(
        eq(drafts.conversationId, conversationId),
        eq(drafts.purpose, "reply"),
        eq(drafts.answersMessageId, latest.id),
        inArray(drafts.status, [...OPEN_STATUSES]),
      ),
    )
    .orderBy(desc(drafts.createdAt))
    .get();
  if (current && !options.again) return { status: "drafted", draft: current };

  // The trip decides whether access details may go out, and whose car's answers are used.
  const trip = conversation.tripId ? getTrip(accountId, conversation.tripId) : undefined;
  const tripStarted = trip ? trip.startAt.getTime() <= now : false;
  const entries = knowledgeFor(accountId, trip?.vehicleId ?? null);
  const plan = planReply(
    unanswered.filter((message) => message.author === "guest").map((message) => message.text),
    trip ? tripStarted : undefined,
  );
  const drafter = options.drafter === undefined ? replyDrafterFromEnv() : options.drafter;
  let content = drafter ? await aiReply(drafter, conversation, plan, entries, tripStarted) : null;
  if (!content && plan.answerable.length > 0) {
    const template = draftFromKnowledge({
      message: plan.answerable.join("\n"),
      entries,
      guestName: conversation.guestName,
      hostName: signatureOf(accountId),
      tripStarted,
      now,
    });
    content = template
      ? { kind: "template", text: template.text, usedKnowledge: template.used }
      : null;
  }
  if (content) {
    // One draft for the whole conversation: the answers, then what a person holds.
    const holdingLines = [
      ...plan.holdingLines,
      // The model is told to say the host will follow up on what the entries don't answer.
      ...(plan.otherQuestions > 0 && content.kind === "template" ? [OTHER_QUESTIONS_LINE] : []),
    ];
    content = {
      ...content,
      text: withHoldingLines(content.text, holdingLines, signatureOf(accountId)),
      held: plan.held,
      holdingLines,
    };
  } else if (plan.held.length > 0) {
    // Nothing the knowledge base answers: the host's own holding reply.
    content = {
      kind: "holding",
      text: holdingReply(conversation.guestName, accountHoldingReply(accountId)),
      usedKnowledge: [],
      held: plan.held,
    };
  }
  if (!content) return { status: "no-answer" };
  const draft = storeDraft(accountId, conversationId, "reply", content, {
    answersMessageId: latest.id,
    entries,
    tripStarted,
    now,
  });
  return { status: "drafted", draft };
}

/** Guards and stores a draft; earlier unsent drafts of the same purpose are discarded. */
export function storeDraft(
  accountId: string,
  conversationId: string,
  purpose: DraftPurpose,
  content: DraftContent,
  context: {
    answersMessageId: number | null;
    entries: readonly KnowledgeEntry[];
    tripStarted: boolean;
    now: number;
  },
  database: Pick<ReturnType<typeof db>, "insert" | "update" | "select"> = db(),
): DraftRow {
  // The holding reply is the host's own words (or ours) and promises nothing: nothing to guard.
  const guard =
    content.kind === "holding"
      ? { ok: true, problems: [] }
      : guardDraft({
          draft: content.text,
          usedKnowledge: content.usedKnowledge,
          entries: context.entries,
          tripStarted: context.tripStarted,
          holdingLines: content.holdingLines,
        });
  const stale = content.usedKnowledge.filter((topic) => {
    const entry = context.entries.find((candidate) => candidate.topic === topic);
    return entry ? isStale(entry, context.now) : false;
  });
  database
    .update(drafts)
    .set({ status: "discarded" })
    .where(
      and(
        eq(drafts.conversationId, conversationId),
        eq(drafts.purpose, purpose),
        inArray(drafts.status, [...OPEN_STATUSES]),
      ),
    )
    .run();
  const row = {
    id: crypto.randomUUID(),
    accountId,
    conversationId,
    purpose,
    kind: content.kind,
    status: guard.ok ? ("ready" as const) : ("blocked" as const),
    text: content.text,
    usedKnowledge: JSON.stringify(content.usedKnowledge),
    staleKnowledge: JSON.stringify(stale),
    problems: JSON.stringify(guard.problems),
    held: JSON.stringify(content.held ?? []),
    missing: JSON.stringify(content.missing ?? []),
    answersMessageId: context.answersMessageId,
    createdAt: new Date(context.now),
  };
  database.insert(drafts).values(row).run();
  return { ...row, sentAt: null, sentByUserId: null };
}

/** The guest messages (conversation:message) whose draft a pass is writing right now. */
const draftingNow = new Set<string>();

/** How far back the catch-up pass looks for guest messages left without a draft. */
const PENDING_REPLY_WINDOW_MS = 14 * 86_400_000;

/**
 * The support automation: a draft for every conversation whose latest guest message has none
 * yet. Runs after each inbound email and on the worker's schedule, so a restart catches up.
 */
export async function draftPendingReplies(
  options: { drafter?: ReplyDrafter | null; now?: number; accountId?: string } = {},
): Promise<number> {
  // Conversations whose latest message is the guest's and has no draft answering it. After an
  // email, one account's; on the worker's schedule, across accounts by the time of the latest
  // message (an index), so accounts with nothing recent cost the pass nothing: replies are
  // drafted as messages arrive, the pass catches what a restart or a failed call left, and a
  // guest message older than the window is the queue's overdue reply, not a draft to write now.
  const scope = options.accountId
    ? sql`c.account_id = ${options.accountId}`
    : sql`c.last_message_at >= ${(options.now ?? Date.now()) - PENDING_REPLY_WINDOW_MS}`;
  const pending = db().all<{
    accountId: string;
    conversationId: string;
    latestMessageId: number;
  }>(sql`
    select c.account_id as accountId, c.id as conversationId, m.id as latestMessageId
    from ${conversations} c
    join ${conversationMessages} m on m.id = (
      select id from ${conversationMessages} where conversation_id = c.id
      order by at desc, id desc limit 1)
    where ${scope}
      and m.author = 'guest'
      and not exists (
        select 1 from ${drafts} d where d.conversation_id = c.id and d.answers_message_id = m.id)
    order by c.last_message_at
    limit 100`);
  let written = 0;
  for (const row of pending) {
    const key = `${row.conversationId}:${row.latestMessageId}`;
    // Drafting is the inbox assistant: only for plans that have it (all, when billing is off).
    // A message another pass is drafting (its AI call still out) is left to that pass: asking
    // twice costs a second call, and this pass reaches the next conversations at once (a holding
    // reply is written without waiting for another guest's AI answer).
    if (nothingToDraft.has(key) || draftingNow.has(key)) continue;
    if (!featureAllowed(row.accountId, "inbox")) continue;
    draftingNow.add(key);
    try {
      const outcome = await writeReplyDraft(row.accountId, row.conversationId, options);
      if (outcome.status === "drafted") written += 1;
      else nothingToDraft.add(key);
    } finally {
      draftingNow.delete(key);
    }
  }
  if (nothingToDraft.size > 10_000) nothingToDraft.clear();
  return written;
}

/**
 * Drafts replies for an account's new guest messages right away: awaited when templates write
 * them (instant), left running when the AI does (the page shows the draft once it's there; the
 * worker finishes what a restart interrupted).
 */
export async function draftRepliesSoon(accountId: string): Promise<void> {
  const drafter = replyDrafterFromEnv();
  const drafting = draftPendingReplies({ accountId, drafter });
  if (!drafter) {
    await drafting;
    return;
  }
  drafting.catch((error: unknown) => logJobFailure("Drafting guest replies", error));
}

/**
 * Whether the AI is still writing the draft for the conversation's latest guest message (it was
 * started when the message arrived): the page then says so and looks again shortly.
 */
export function isDrafting(
  conversationId: string,
  latest: { id: number; author: string } | undefined,
  openDrafts: readonly { answersMessageId: number | null }[],
): boolean {
  if (!latest || latest.author !== "guest" || !replyDrafterFromEnv()) return false;
  if (nothingToDraft.has(`${conversationId}:${latest.id}`)) return false;
  return !openDrafts.some((draft) => draft.answersMessageId === latest.id);
}

/**
 * Messages nothing in the knowledge base answers (a person writes those replies), remembered so
 * the worker doesn't ask the AI again every pass; after a restart it asks once more.
 */
const nothingToDraft = new Set<string>();

/** A VA whose owner sends the replies in this account may draft, not mark sent. */
export const OWNER_SENDS_REPLIES =
  "In this account the owner sends the replies: write the draft, then pass it to the owner in the concierge queue.";

export type MarkSentOutcome = "sent" | "not-found" | "owner-sends";

/**
 * Marks the conversation's open guest messages (up to `now`) dealt with, in the person's name,
 * and closes its "Needs you" item: they answered it, or decided it needs nothing more.
 */
function resolveOpenQuestions(tx: Tx, actor: Actor, conversationId: string, now: Date) {
  markGuestMessagesResolved(tx, actor.accountId, conversationId, actor.userId, now);
  closeConversationItems(tx, actor.accountId, conversationId, actor.userId, now.getTime(), [
    "escalation",
  ]);
}

export type ResolveOutcome = "resolved" | "not-found" | "nothing-open" | "owner-decides";

/** The restricted topics a VA may settle only with the owner's leave. */
export const OWNER_DECIDES =
  "This guest asks about a trip change, price, refund or cancellation, which the owner decides in this account: pass it to the owner.";

/**
 * "Needs you" dealt with: a person marks the conversation's open questions resolved (they
 * answered in the marketplace, or nothing more is needed). A VA without leave for trip changes
 * and money can't settle those.
 */
export function resolveQuestions(actor: Actor, conversationId: string): ResolveOutcome {
  const found = getConversation(actor.accountId, conversationId);
  if (!found) return "not-found";
  const needs = conversationNeeds(found.conversation, found.messages);
  if (!needs.escalated) return "nothing-open";
  if (actor.role === "va") {
    const check = mayFinish(
      actor.role,
      vaMay(actor.accountId, actor.userId),
      { kind: "escalation", amountCents: null },
      needs.restrictedTopics,
    );
    if (!check.ok) return "owner-decides";
  }
  const now = new Date();
  db().transaction((tx) => {
    resolveOpenQuestions(tx, actor, conversationId, now);
    logActivity(
      actor,
      {
        action: ACTIVITY.questionsResolved,
        conversationId,
        detail: [
          ...needs.restrictedTopics.map((topic) => RESTRICTED_TOPIC_LABELS[topic]),
          ...needs.actionItems.map((item) => ACTION_ITEM_LABELS[item]),
        ].join("; "),
      },
      tx,
      now,
    );
  });
  return "resolved";
}

/**
 * The reply a person sent in the marketplace, recorded in the conversation with the draft it was
 * made from (the change from the draft measures the drafts), logged, and the conversation's reply
 * item closed in their name, in one transaction. A VA needs the owner's leave to send replies.
 *
 * The reply settles the guest's open questions ("Needs you") when `resolves` says so; by default
 * when it is the person's own reply, not a draft: drafts hold those questions, never answer them,
 * so sending the holding reply leaves them open.
 */
export function markReplySent(
  actor: Actor,
  conversationId: string,
  reply: { text: string; draftId?: string; resolves?: boolean },
): MarkSentOutcome {
  if (actor.role === "va" && !vaMay(actor.accountId, actor.userId).sendReplies) {
    return getConversation(actor.accountId, conversationId) ? "owner-sends" : "not-found";
  }
  const now = new Date();
  return db().transaction((tx) => {
    const conversation = tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(eq(conversations.accountId, actor.accountId), eq(conversations.id, conversationId)),
      )
      .get();
    if (!conversation) return "not-found";
    const draft = reply.draftId
      ? tx
          .select()
          .from(drafts)
          .where(
            and(
              eq(drafts.id, reply.draftId),
              eq(drafts.conversationId, conversationId),
              eq(drafts.status, "ready"),
            ),
          )
          .get()
      : undefined;
    if (draft) {
      tx.update(drafts)
        .set({ status: "sent", sentAt: now, sentByUserId: actor.userId })
        .where(eq(drafts.id, draft.id))
        .run();
    }
    tx.insert(conversationMessages)
      .values({
        conversationId,
        accountId: actor.accountId,
        author: "host",
        text: reply.text,
        source: "marked-sent",
        draftText: draft?.text ?? null,
        at: now,
      })
      .run();
    tx.update(conversations)
      .set({ lastMessageAt: now })
      .where(eq(conversations.id, conversationId))
      .run();
    refreshInboxState(tx, actor.accountId, conversationId, now.getTime());
    logActivity(
      actor,
      {
        action: "reply.sent",
        conversationId,
        detail: draft
          ? draft.text.trim() === reply.text.trim()
            ? "draft unchanged"
            : "draft edited"
          : "own reply",
      },
      tx,
      now,
    );
    closeConversationItems(tx, actor.accountId, conversationId, actor.userId, now.getTime(), [
      "reply",
    ]);
    // Drafts never answer what needs a person (they hold it); the person's own reply may.
    if (reply.resolves ?? !draft) resolveOpenQuestions(tx, actor, conversationId, now);
    return "sent";
  });
}
