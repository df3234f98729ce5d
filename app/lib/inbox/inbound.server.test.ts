/**
 * Received emails on a real SQLite database and file store: the original is kept byte for byte (a
 * file beside the photos, its row holding its key, SHA-256 and size; an ISO-8859-1 email with
 * binary attachments included; rows stored as text before are migrated to their bytes, and
 * originals stored in the database before they moved to files are still read from there); Gmail's forwarding confirmation is kept with its code and link until
 * the host hides it; "Emails we couldn't read" pages through all of them; "Make this a guest
 * message" joins the guest's conversation and takes the email off the list.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner } from "~/tests/support/rows";
import {
  ALL_BYTES,
  LATIN1_GUEST_TEXT,
  TINY_JPEG,
  gmailForwardingConfirmation,
  gmailForwardingConfirmationWithCode,
  guestMessageNotice,
  latin1EmailWithAttachments,
} from "~/tests/support/inbound-fixtures";
import { simpleParser } from "mailparser";

setUpTempDataDir("inbound");

// Loaded after DATA_DIR is set: the database reads it once.
const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const inbound = await import("./inbound.server");
const conversations = await import("./conversations.server");
const unread = await import("./unread-emails.server");

/** Every email original in the data folder's file store. */
function originalFiles(): string[] {
  const dir = path.join(process.env.DATA_DIR!, "files", "inbound");
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((name) => name.endsWith(".eml"))
    : [];
}

function ownerWithToken(name: string) {
  const owner = insertOwner(db, schema, name);
  return { ...owner, token: inbound.inboundToken(owner.accountId) };
}

describe("the original email", () => {
  it("is kept and downloaded as the exact bytes received: ISO-8859-1 text, binary attachments", async () => {
    const owner = ownerWithToken("blobowner");
    const original = latin1EmailWithAttachments();
    const stored = await inbound.receiveInboundEmail(owner.token, original);
    expect(stored).toMatchObject({ status: "stored", kind: "unrecognized" });
    if (stored.status !== "stored") return;
    const back = (await unread.inboundOriginal(owner.accountId, stored.id))!;
    expect(Buffer.isBuffer(back)).toBe(true);
    expect(back.equals(original)).toBe(true);
    // A file in the data folder's file store, not a BLOB in the database; the row has its hash.
    const sqlite = new Database(path.join(process.env.DATA_DIR!, "fleetassist.db"), {
      readonly: true,
    });
    const row = sqlite
      .prepare(
        "select raw, raw_key as key, raw_sha256 as sha256, raw_bytes as bytes from inbound_emails where id = ?",
      )
      .get(stored.id) as { raw: null; key: string; sha256: string; bytes: number };
    sqlite.close();
    expect(row.raw).toBeNull();
    expect(row.key).toMatch(/^inbound\/\d{4}\/\d{2}\/[0-9a-f]{32}\.eml$/);
    const file = fs.readFileSync(path.join(process.env.DATA_DIR!, "files", row.key));
    expect(file.equals(original)).toBe(true);
    expect(row.sha256).toBe(crypto.createHash("sha256").update(original).digest("hex"));
    expect(row.bytes).toBe(original.length);
    // No temp file is left beside it.
    expect(
      fs.readdirSync(path.dirname(path.join(process.env.DATA_DIR!, "files", row.key))),
    ).toEqual([path.basename(row.key)]);
    // What the download gives back still reads as the guest wrote it.
    const parsed = await simpleParser(back);
    expect(parsed.text?.trim()).toBe(LATIN1_GUEST_TEXT);
    expect(parsed.attachments.map((file) => file.content)).toEqual([TINY_JPEG, ALL_BYTES]);
    // Another account gets nothing.
    const other = ownerWithToken("blobother");
    expect(await unread.inboundOriginal(other.accountId, stored.id)).toBeNull();
    expect(unread.hasInboundEmail(other.accountId, stored.id)).toBe(false);
  });

  it("a second delivery of the same email stores no second original", async () => {
    const owner = ownerWithToken("twiceowner");
    const email = Buffer.from(
      guestMessageNotice({
        messageId: "twice-1",
        guest: "Ana R.",
        reservationId: "55667788",
        text: "Is there a car seat?",
      }),
    );
    const files = () => originalFiles().length;
    const before = files();
    // Both at once: the one stored second finds the first in its transaction.
    const [first, second] = await Promise.all([
      inbound.receiveInboundEmail(owner.token, email),
      inbound.receiveInboundEmail(owner.token, Buffer.from(email)),
    ]);
    const third = await inbound.receiveInboundEmail(owner.token, Buffer.from(email));
    const statuses = [first.status, second.status, third.status].sort();
    expect(statuses).toEqual(["duplicate", "duplicate", "stored"]);
    expect(files()).toBe(before + 1);
  });

  it("originals stored in the database before they moved to files are still downloaded", async () => {
    const owner = ownerWithToken("legacyowner");
    const original = latin1EmailWithAttachments("legacy-1@example.net");
    const sqlite = new Database(path.join(process.env.DATA_DIR!, "fleetassist.db"));
    sqlite
      .prepare(
        "insert into inbound_emails (id, account_id, dedupe_key, kind, raw, raw_bytes, received_at) values ('legacy', ?, 'legacy-1', 'unrecognized', ?, ?, ?)",
      )
      .run(owner.accountId, original, original.length, Date.now());
    sqlite.close();
    expect((await unread.inboundOriginal(owner.accountId, "legacy"))!.equals(original)).toBe(true);
    // "Make this a guest message" reads it too.
    const start = await unread.guestMessageStart(owner.accountId, "legacy");
    expect(start?.email.id).toBe("legacy");
    expect(await unread.inboundOriginal(ownerWithToken("legacyother").accountId, "legacy")).toBe(
      null,
    );
  });

  it("rows stored as UTF-8 text before the migration become their bytes", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-blob-migration-"));
    try {
      const migrations = path.resolve("db/migrations");
      const journal = JSON.parse(
        fs.readFileSync(path.join(migrations, "meta/_journal.json"), "utf8"),
      ) as { entries: Array<{ idx: number; tag: string }> };
      const blobIndex = journal.entries.find((entry) =>
        entry.tag.endsWith("inbound_raw_blob"),
      )!.idx;
      // The migrations as they were before this one.
      const before = path.join(dir, "before");
      fs.mkdirSync(path.join(before, "meta"), { recursive: true });
      const earlier = journal.entries.filter((entry) => entry.idx < blobIndex);
      for (const entry of earlier) {
        fs.copyFileSync(
          path.join(migrations, `${entry.tag}.sql`),
          path.join(before, `${entry.tag}.sql`),
        );
      }
      fs.writeFileSync(
        path.join(before, "meta/_journal.json"),
        JSON.stringify({ ...journal, entries: earlier }),
      );
      const sqlite = new Database(path.join(dir, "old.db"));
      sqlite.pragma("foreign_keys = OFF");
      const old = drizzle(sqlite);
      migrate(old, { migrationsFolder: before });
      const text = guestMessageNotice({
        messageId: "old-1",
        guest: "José Núñez",
        reservationId: "44556677",
        text: "¿Dónde está el auto? 🚗",
      });
      sqlite
        .prepare(
          "insert into users (id, username, username_key, email, password_hash) values ('u', 'old', 'old', 'old@example.com', 'x')",
        )
        .run();
      sqlite.prepare("insert into accounts (id, owner_user_id) values ('acct', 'u')").run();
      sqlite
        .prepare(
          "insert into inbound_emails (id, account_id, dedupe_key, kind, raw, received_at) values ('e1', 'acct', 'k', 'guest-message', ?, 1)",
        )
        .run(text);
      sqlite
        .prepare(
          "insert into conversations (id, account_id, thread_key, last_message_at) values ('c1', 'acct', 'guest:x', 1)",
        )
        .run();
      sqlite
        .prepare(
          "insert into conversation_messages (conversation_id, account_id, author, text, source, inbound_email_id, at) values ('c1', 'acct', 'guest', 'x', 'email', 'e1', 1)",
        )
        .run();
      migrate(old, { migrationsFolder: migrations });
      const row = sqlite
        .prepare("select raw, typeof(raw) as type from inbound_emails where id = 'e1'")
        .get() as { raw: Buffer; type: string };
      expect(row.type).toBe("blob");
      expect(row.raw.equals(Buffer.from(text, "utf8"))).toBe(true);
      // It stays in the database (no file), its size counted for the daily allowance.
      expect(
        sqlite.prepare("select raw_key as key, raw_bytes as bytes from inbound_emails").get(),
      ).toEqual({ key: null, bytes: Buffer.byteLength(text, "utf8") });
      // The messages made from it still point at it.
      expect(
        sqlite.prepare("select inbound_email_id as id from conversation_messages").get(),
      ).toEqual({ id: "e1" });
      expect(sqlite.pragma("foreign_key_check")).toEqual([]);
      sqlite.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Gmail's forwarding confirmation", () => {
  it("is kept with its code and link, not as an email we couldn't read, until the host hides it", async () => {
    const owner = ownerWithToken("gmailconfirm");
    const address = `${owner.token}@inbound.fleet.test`;
    const today = gmailForwardingConfirmation(address);
    const older = gmailForwardingConfirmationWithCode(address, "80785338");
    const first = await inbound.receiveInboundEmail(owner.token, Buffer.from(older.raw));
    expect(first).toMatchObject({
      status: "stored",
      kind: "forwarding-confirmation",
      conversationId: null,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await inbound.receiveInboundEmail(owner.token, Buffer.from(today.raw));
    const shown = unread.forwardingConfirmations(owner.accountId);
    expect(shown.map(({ code, confirmUrl }) => ({ code, confirmUrl }))).toEqual([
      { code: null, confirmUrl: today.confirmUrl },
      { code: "80785338", confirmUrl: older.confirmUrl },
    ]);
    expect(unread.unreadEmails(owner.accountId).emails).toEqual([]);
    expect(conversations.listConversations(owner.accountId)).toEqual([]);

    const other = ownerWithToken("gmailconfirm2");
    expect(unread.dismissForwardingConfirmation(other.accountId, shown[0]!.id)).toBe(false);
    expect(unread.dismissForwardingConfirmation(owner.accountId, shown[0]!.id)).toBe(true);
    expect(unread.forwardingConfirmations(owner.accountId).map((entry) => entry.id)).toEqual([
      shown[1]!.id,
    ]);
  });
});

describe("emails we couldn't read", () => {
  it("are all listed, newest first, a page at a time", async () => {
    const owner = ownerWithToken("unreadpages");
    const ids: string[] = [];
    for (let index = 0; index < 45; index++) {
      const result = await inbound.receiveInboundEmail(
        owner.token,
        Buffer.from(
          `From: Bank <alerts@bank.example>\r\nSubject: Statement ${index}\r\nMessage-ID: <s${index}@bank.example>\r\n\r\nYour statement is ready.\r\n`,
        ),
      );
      if (result.status === "stored") ids.unshift(result.id);
    }
    expect(unread.unreadEmailCount(owner.accountId)).toBe(45);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = unread.unreadEmails(owner.accountId, { after });
      seen.push(...page.emails.map((email) => email.id));
      after = page.nextCursor;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
    // A cursor that isn't one starts from the top.
    expect(unread.unreadEmails(owner.accountId, { after: "garbage" }).emails[0]?.id).toBe(ids[0]);
    const sqlite = new Database(path.join(process.env.DATA_DIR!, "fleetassist.db"), {
      readonly: true,
    });
    const plan = sqlite
      .prepare(
        "explain query plan select id from inbound_emails where account_id = ? and kind = 'unrecognized' order by received_at desc, id desc limit 21",
      )
      .all("x") as Array<{ detail: string }>;
    sqlite.close();
    expect(plan.map((step) => step.detail).join(" ")).toMatch(
      /USING (COVERING )?INDEX inbound_emails_account_kind_idx/,
    );
  });

  it('"Make this a guest message" joins the guest\'s conversation as a recognized email would, and leaves the list', async () => {
    const owner = ownerWithToken("makeguest");
    const notice = await inbound.receiveInboundEmail(
      owner.token,
      Buffer.from(
        guestMessageNotice({
          messageId: "mk-1",
          guest: "Ana R.",
          reservationId: "70112233",
          text: "Hi, what time can I pick up?",
        }),
      ),
    );
    expect(notice).toMatchObject({ status: "stored", kind: "guest-message" });
    const odd = await inbound.receiveInboundEmail(
      owner.token,
      latin1EmailWithAttachments("mk-2@example.net"),
    );
    if (odd.status !== "stored" || notice.status !== "stored") throw new Error("not stored");
    const other = ownerWithToken("makeguest2");
    expect(
      unread.makeGuestMessage(other.accountId, odd.id, { guestName: "X", text: "y" }),
    ).toBeNull();

    const conversationId = unread.makeGuestMessage(owner.accountId, odd.id, {
      guestName: "Ana R.",
      reservationId: "70112233",
      text: LATIN1_GUEST_TEXT,
    });
    expect(conversationId).toBe(notice.conversationId);
    const thread = conversations.getConversation(owner.accountId, conversationId!)!;
    expect(thread.messages.map((message) => [message.text, message.inboundEmailId])).toEqual([
      ["Hi, what time can I pick up?", notice.id],
      [LATIN1_GUEST_TEXT, odd.id],
    ]);
    expect(unread.unreadEmails(owner.accountId).emails).toEqual([]);
    // Done once: a second post changes nothing.
    expect(
      unread.makeGuestMessage(owner.accountId, odd.id, { guestName: "Ana R.", text: "again" }),
    ).toBeNull();
    // Its original is still there to download.
    expect(
      (await unread.inboundOriginal(owner.accountId, odd.id))!.equals(
        latin1EmailWithAttachments("mk-2@example.net"),
      ),
    ).toBe(true);
  });
});
