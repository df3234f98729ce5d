/**
 * The background passes read what is due across accounts in one indexed query each: a pass over
 * a thousand accounts with nothing due runs the same few statements as over one, and none of
 * them reads a table that grows with the accounts whole (real SQLite, `EXPLAIN QUERY PLAN`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { insertIdleAccounts } from "~/tests/support/idle-accounts";
import { fullScans, recordQueries, type RecordedQuery } from "~/tests/support/query-plan";
import { loadWorkerPasses } from "~/tests/support/worker-passes";

setUpTempDataDir("worker-scale");

// Every table an account's data grows, and the aliases the passes' raw SQL gives them.
const GROWING = [
  "accounts",
  "users",
  "memberships",
  "vehicles",
  "trips",
  "claims",
  "conversations",
  "conversation_messages",
  "drafts",
  "queue_items",
  "sent_reminders",
  "email_outbox",
  "c",
  "m",
  "d",
];
const NOW = Date.now();

type Passes = Awaited<ReturnType<typeof loadWorkerPasses>>;
let passes: Passes;
let client: import("better-sqlite3").Database;
const atOne = new Map<string, RecordedQuery[]>();
const atThousand = new Map<string, RecordedQuery[]>();

async function recordEach(into: Map<string, RecordedQuery[]>) {
  for (const pass of passes) {
    await pass.run(NOW);
    into.set(pass.name, (await recordQueries(client, () => pass.run(NOW))).queries);
  }
}

beforeAll(async () => {
  const { db } = await import("./db.server");
  client = db().$client;
  passes = await loadWorkerPasses();
  insertIdleAccounts(client, 1, NOW);
  await recordEach(atOne);
  insertIdleAccounts(client, 999, NOW);
  await recordEach(atThousand);
  // Generous: a pass that goes account by account should fail on its count, not time out here.
}, 120_000);

describe("background passes over 1,000 accounts with nothing due", () => {
  it("each runs the same small number of statements as over one account", () => {
    const counts = passes.map((pass) => ({
      pass: pass.name,
      atOne: atOne.get(pass.name)!.length,
      atThousand: atThousand.get(pass.name)!.length,
    }));
    for (const count of counts) {
      expect(count.atThousand, count.pass).toBe(count.atOne);
      expect(count.atThousand, count.pass).toBeGreaterThanOrEqual(1);
      expect(count.atThousand, count.pass).toBeLessThanOrEqual(2);
    }
  });

  it("none reads a growing table whole", () => {
    const queries = passes.flatMap((pass) => atThousand.get(pass.name)!);
    // Not even along an index ("SCAN trips USING INDEX …"): every step that reads a growing table
    // is a SEARCH on the time or status that makes a row due.
    expect(queries.flatMap((query) => fullScans(client, query, GROWING))).toEqual([]);
  });

  it("the queue pass still finds the one account among them with something to do", async () => {
    const { accountsToSync } = await import("~/lib/concierge/queue.server");
    expect(accountsToSync(NOW)).toEqual([]);
    // One idle account's guest writes again.
    const accountId = (
      client.prepare("SELECT account_id AS id FROM conversations LIMIT 1 OFFSET 500").get() as {
        id: string;
      }
    ).id;
    const conversation = client
      .prepare("SELECT id FROM conversations WHERE account_id = ?")
      .get(accountId) as { id: string };
    client
      .prepare(
        "INSERT INTO conversation_messages (conversation_id, account_id, author, text, source, at) VALUES (?, ?, 'guest', 'Is the car ready?', 'pasted', ?)",
      )
      .run(conversation.id, accountId, NOW - 60_000);
    client
      .prepare("UPDATE conversations SET last_message_at = ? WHERE id = ?")
      .run(NOW - 60_000, conversation.id);
    expect(accountsToSync(NOW)).toEqual([accountId]);
    const processQueue = passes.find((pass) => pass.name === "Updating the concierge queue")!;
    await processQueue.run(NOW);
    const items = client
      .prepare("SELECT kind FROM queue_items WHERE account_id = ? AND done_at IS NULL")
      .all(accountId) as { kind: string }[];
    expect(items.map((item) => item.kind)).toContain("reply");
  });
});
