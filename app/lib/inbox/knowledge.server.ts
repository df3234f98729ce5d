/**
 * The knowledge base (`app/domain/inbox/knowledge.ts`): the account's answers, and a car's own
 * answers that win over them for that car. Every change of a text is kept as a version.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import { knowledgeEntries, knowledgeVersions } from "~/db/schema";
import {
  isStale,
  KNOWLEDGE_TOPICS,
  type KnowledgeEntry,
  type KnowledgeTopic,
} from "~/domain/inbox/knowledge";
import { db } from "~/lib/runtime/db.server";

export type KnowledgeRow = typeof knowledgeEntries.$inferSelect;

/** Whose answers: the whole account's (vehicleId null), or one car's. */
function scopeIs(accountId: string, vehicleId: string | null) {
  return and(
    eq(knowledgeEntries.accountId, accountId),
    vehicleId === null
      ? isNull(knowledgeEntries.vehicleId)
      : eq(knowledgeEntries.vehicleId, vehicleId),
  );
}

/**
 * Every topic with its answer in a scope. For a car, `accountText` is the account's answer too:
 * what drafts for the car use where it has none of its own.
 */
export function knowledgeBase(
  accountId: string,
  vehicleId: string | null = null,
  now = Date.now(),
) {
  const rows = db().select().from(knowledgeEntries).where(scopeIs(accountId, vehicleId)).all();
  const accountRows =
    vehicleId === null
      ? rows
      : db().select().from(knowledgeEntries).where(scopeIs(accountId, null)).all();
  return KNOWLEDGE_TOPICS.map((topic) => {
    const row = rows.find((entry) => entry.topic === topic);
    const accountRow = accountRows.find((entry) => entry.topic === topic);
    return {
      topic,
      text: row?.text ?? "",
      version: row?.version ?? 0,
      confirmedAt: row?.confirmedAt.toISOString() ?? null,
      stale: row ? isStale({ confirmedAt: row.confirmedAt.getTime() }, now) : false,
      accountText: vehicleId !== null && accountRow ? accountRow.text : null,
    };
  });
}

/** The entries drafts for a car use: its own answers, else the account's. */
export function knowledgeFor(accountId: string, vehicleId: string | null): KnowledgeEntry[] {
  const rows = db()
    .select()
    .from(knowledgeEntries)
    .where(
      and(
        eq(knowledgeEntries.accountId, accountId),
        vehicleId === null
          ? isNull(knowledgeEntries.vehicleId)
          : or(isNull(knowledgeEntries.vehicleId), eq(knowledgeEntries.vehicleId, vehicleId)),
      ),
    )
    .all();
  return KNOWLEDGE_TOPICS.flatMap((topic) => {
    const row =
      rows.find((entry) => entry.topic === topic && entry.vehicleId !== null) ??
      rows.find((entry) => entry.topic === topic);
    return row ? [{ topic, text: row.text, confirmedAt: row.confirmedAt.getTime() }] : [];
  });
}

/**
 * Saves a topic's text in a scope (a new version when it changed) and confirms it; empty text
 * removes it (for a car, the account's answer applies again).
 */
export function saveKnowledge(
  accountId: string,
  topic: KnowledgeTopic,
  text: string,
  vehicleId: string | null = null,
) {
  const now = new Date();
  db().transaction((tx) => {
    const existing = tx
      .select()
      .from(knowledgeEntries)
      .where(and(scopeIs(accountId, vehicleId), eq(knowledgeEntries.topic, topic)))
      .get();
    if (!text) {
      if (existing) tx.delete(knowledgeEntries).where(eq(knowledgeEntries.id, existing.id)).run();
      return;
    }
    if (!existing) {
      tx.insert(knowledgeEntries)
        .values({ accountId, vehicleId, topic, text, confirmedAt: now, updatedAt: now })
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
