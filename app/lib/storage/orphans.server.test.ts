/**
 * The sweep of stored files without a database row, on a real database and real files: an old
 * orphan (and an old interrupted write) goes, files a photo row or a received email refers to
 * stay however old they are, and young files stay whether referenced or not (an upload may be between writing its files
 * and inserting its row).
 */
import fs from "node:fs";
import path from "node:path";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { beforeAll, describe, expect, it } from "vitest";

const dataDir = setUpTempDataDir("orphans");

let m: {
  db: typeof import("~/lib/runtime/db.server");
  schema: typeof import("~/db/schema");
  store: typeof import("./file-store.server");
  orphans: typeof import("./orphans.server");
};

beforeAll(async () => {
  m = {
    db: await import("~/lib/runtime/db.server"),
    schema: await import("~/db/schema"),
    store: await import("./file-store.server"),
    orphans: await import("./orphans.server"),
  };
});

const HOUR = 3_600_000;
const filesDir = () => path.join(dataDir, "files");

/** Stores a file through the store, then backdates it by `ageMs`. */
async function storedFile(prefix: string, ageMs: number, extension: "jpg" | "eml" = "jpg") {
  const key = m.store.newFileKey(prefix, extension);
  await (extension === "jpg"
    ? m.store.fileStore().put(key, new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg")
    : m.store.fileStore().put(key, Buffer.from("Subject: Hi\r\n\r\nHello\r\n"), "message/rfc822"));
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(filesDir(), ...key.split("/")), when, when);
  return key;
}

function accountRow() {
  const { users, accounts } = m.schema;
  const db = m.db.db();
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  db.insert(users)
    .values({
      id: userId,
      username: userId.slice(0, 8),
      usernameKey: userId.slice(0, 8),
      email: `${userId}@example.com`,
      passwordHash: "x",
    })
    .run();
  db.insert(accounts).values({ id: accountId, ownerUserId: userId }).run();
  return { userId, accountId };
}

function photoRow(storageKey: string, thumbKey: string) {
  const db = m.db.db();
  const { userId, accountId } = accountRow();
  db.insert(m.schema.photos)
    .values({
      id: crypto.randomUUID(),
      accountId,
      uploadedByUserId: userId,
      storageKey,
      thumbKey,
      width: 10,
      height: 10,
      storedBytes: 3,
      originalSha256: "0".repeat(64),
      originalBytes: 3,
      hashedBy: "server",
      dhash: "0".repeat(16),
    })
    .run();
}

const exists = async (key: string) => (await m.store.fileStore().get(key)) !== null;

describe("sweepOrphanFiles", () => {
  it("removes old files without a row, keeps referenced and young ones", async () => {
    const referencedPhoto = await storedFile("photos", 30 * 24 * HOUR);
    const referencedThumb = await storedFile("thumbs", 30 * 24 * HOUR);
    photoRow(referencedPhoto, referencedThumb);
    const oldOrphan = await storedFile("photos", 2 * HOUR);
    const oldOrphanThumb = await storedFile("thumbs", 2 * HOUR);
    const youngOrphan = await storedFile("photos", 10 * 60_000); // an upload in flight

    // A write a crash interrupted (temp file of put), old and young.
    const month = path.join(filesDir(), "photos", "2025", "01");
    fs.mkdirSync(month, { recursive: true });
    const oldTemp = path.join(month, ".abc.jpg.0123456789ab.tmp");
    const youngTemp = path.join(month, ".def.jpg.ba9876543210.tmp");
    fs.writeFileSync(oldTemp, "partial");
    fs.writeFileSync(youngTemp, "partial");
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    fs.utimesSync(oldTemp, twoHoursAgo, twoHoursAgo);
    // Not ours at all: left alone.
    const stray = path.join(filesDir(), "README.txt");
    fs.writeFileSync(stray, "notes");
    fs.utimesSync(stray, twoHoursAgo, twoHoursAgo);

    expect(await m.orphans.sweepOrphanFiles()).toBe(3);

    expect(await exists(referencedPhoto)).toBe(true);
    expect(await exists(referencedThumb)).toBe(true);
    expect(await exists(youngOrphan)).toBe(true);
    expect(await exists(oldOrphan)).toBe(false);
    expect(await exists(oldOrphanThumb)).toBe(false);
    expect(fs.existsSync(oldTemp)).toBe(false);
    expect(fs.existsSync(youngTemp)).toBe(true);
    expect(fs.existsSync(stray)).toBe(true);

    // Once the grace period has passed, the young orphan goes too; referenced files never do.
    expect(await m.orphans.sweepOrphanFiles(Date.now() + 2 * HOUR)).toBe(2);
    expect(await exists(youngOrphan)).toBe(false);
    expect(fs.existsSync(youngTemp)).toBe(false);
    expect(await exists(referencedPhoto)).toBe(true);
    expect(await exists(referencedThumb)).toBe(true);
  });

  it("keeps the originals of received emails, removes one whose row was never committed", async () => {
    const kept = await storedFile("inbound", 30 * 24 * HOUR, "eml");
    m.db
      .db()
      .insert(m.schema.inboundEmails)
      .values({
        id: crypto.randomUUID(),
        accountId: accountRow().accountId,
        dedupeKey: "kept-1",
        kind: "unrecognized",
        rawKey: kept,
        rawSha256: "0".repeat(64),
        rawBytes: 22,
        receivedAt: new Date(),
      })
      .run();
    // Written, then the server died before the row was committed: the sender was never answered.
    const crashed = await storedFile("inbound", 2 * HOUR, "eml");
    expect(await m.orphans.sweepOrphanFiles()).toBe(1);
    expect(await exists(kept)).toBe(true);
    expect(await exists(crashed)).toBe(false);
  });

  it("does nothing when no file was ever stored", async () => {
    fs.rmSync(filesDir(), { recursive: true, force: true });
    expect(await m.orphans.sweepOrphanFiles()).toBe(0);
  });
});
