/**
 * The account's knowledge base (`app/domain/inbox/knowledge.ts`), drafts made from it, and
 * replies marked sent. A draft is offered only for a conversation that needs no person; the
 * person copies it to the marketplace, sends it there, and marks it sent here with what they
 * actually sent, so the change from the draft is kept.
 */
import { and, eq } from "drizzle-orm";
import {
  conversationMessages,
  conversations,
  knowledgeEntries,
  knowledgeVersions,
} from "../../../db/schema";
import {
  draftFromKnowledge,
  isStale,
  KNOWLEDGE_TOPICS,
  type KnowledgeDraft,
  type KnowledgeTopic,
} from "~/domain/inbox/knowledge";
import { accountOwnerName } from "../estimates/reports.server";
import { db } from "../runtime/db.server";
import {
  tripHasStarted,
  unansweredMessages,
  type ConversationRow,
  type conversationNeeds,
} from "./inbound.server";

export type KnowledgeRow = typeof knowledgeEntries.$inferSelect;

/** Every topic, with the account's entry where there is one. */
export function knowledgeBase(accountId: string, now = Date.now()) {
  const rows = db()
    .select()
    .from(knowledgeEntries)
    .where(eq(knowledgeEntries.accountId, accountId))
    .all();
  return KNOWLEDGE_TOPICS.map((topic) => {
    const row = rows.find((entry) => entry.topic === topic);
    return {
      topic,
      text: row?.text ?? "",
      version: row?.version ?? 0,
      confirmedAt: row?.confirmedAt.toISOString() ?? null,
      stale: row ? isStale({ confirmedAt: row.confirmedAt.getTime() }, now) : false,
    };
  });
}

/** Saves a topic's text (a new version when it changed) and confirms it; empty text removes it. */
export function saveKnowledge(accountId: string, topic: KnowledgeTopic, text: string) {
  const now = new Date();
  db().transaction((tx) => {
    const existing = tx
      .select()
      .from(knowledgeEntries)
      .where(and(eq(knowledgeEntries.accountId, accountId), eq(knowledgeEntries.topic, topic)))
      .get();
    if (!text) {
      if (existing) tx.delete(knowledgeEntries).where(eq(knowledgeEntries.id, existing.id)).run();
      return;
    }
    if (!existing) {
      tx.insert(knowledgeEntries)
        .values({ accountId, topic, text, confirmedAt: now, updatedAt: now })
        .run();
      return;
    }
    if (existing.text !== text) {
      tx.insert(knowledgeVersions)
        .values({
          entryId: existing.id,
          version: existing.version,
          text: existing.text,
          savedAt: existing.updatedAt,
        })
        .run();
    }
    tx.update(knowledgeEntries)
      .set({
        text,
        version: existing.text === text ? existing.version : existing.version + 1,
        confirmedAt: now,
        updatedAt: now,
      })
      .where(eq(knowledgeEntries.id, existing.id))
      .run();
  });
}

/** The draft for a conversation that needs no person, or null. */
export function conversationDraft(
  conversation: ConversationRow,
  messages: readonly Pick<typeof conversationMessages.$inferSelect, "author" | "text">[],
  needs: ReturnType<typeof conversationNeeds>,
  now = Date.now(),
): KnowledgeDraft | null {
  if (needs.escalated) return null;
  const unanswered = unansweredMessages(messages);
  if (unanswered.length === 0) return null;
  const entries = db()
    .select()
    .from(knowledgeEntries)
    .where(eq(knowledgeEntries.accountId, conversation.accountId))
    .all()
    .map((row) => ({ topic: row.topic, text: row.text, confirmedAt: row.confirmedAt.getTime() }));
  const host = accountOwnerName(conversation.accountId);
  return draftFromKnowledge({
    message: unanswered.join("\n"),
    entries,
    guestName: conversation.guestName,
    hostName: host ? host.split(/\s+/)[0]! : null,
    tripStarted: tripHasStarted(conversation, now) ?? false,
    now,
  });
}

/** The reply the person sent in the marketplace, with the draft it was made from (if any). */
export function markReplySent(
  accountId: string,
  conversationId: string,
  reply: { text: string; draftText?: string },
): boolean {
  const now = new Date();
  return db().transaction((tx) => {
    const conversation = tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)))
      .get();
    if (!conversation) return false;
    tx.insert(conversationMessages)
      .values({
        conversationId,
        accountId,
        author: "host",
        text: reply.text,
        source: "marked-sent",
        draftText: reply.draftText ?? null,
        at: now,
      })
      .run();
    tx.update(conversations)
      .set({ lastMessageAt: now })
      .where(eq(conversations.id, conversationId))
      .run();
    return true;
  });
}
