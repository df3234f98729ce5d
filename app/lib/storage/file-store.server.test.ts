import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalFileStore, fileStore, newFileKey, type FileStore } from "./file-store.server";

let sandbox: string; // holds `root` plus a sibling that traversal attempts would aim at
let root: string;
let store: FileStore;

beforeEach(async () => {
  sandbox = await mkdtemp(path.join(tmpdir(), "file-store-"));
  root = path.join(sandbox, "files");
  store = createLocalFileStore(root);
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

/** Every file under `dir`, relative, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe("local file store", () => {
  it("round-trips bytes and content type, creating directories as needed", async () => {
    await store.put("photos/2025/06/abc.jpg", bytesOf("jpeg bytes"), "image/jpeg");
    const file = await store.get("photos/2025/06/abc.jpg");
    expect(file?.contentType).toBe("image/jpeg");
    expect(file?.bytes.toString()).toBe("jpeg bytes");
    expect(Buffer.isBuffer(file?.bytes)).toBe(true);
    expect(await listFiles(sandbox)).toEqual([
      path.join("files", "photos", "2025", "06", "abc.jpg"),
    ]);
  });

  it("keeps an email's original byte for byte as message/rfc822, never as a photo", async () => {
    // Binary and 8-bit bytes as a received email may carry them.
    const original = Buffer.concat([
      Buffer.from(
        "Subject: Caf\xe9\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\n",
        "latin1",
      ),
      Buffer.from([0x00, 0xff, 0x80, 0x0d, 0x0a]),
    ]);
    await store.put("inbound/2026/11/abc.eml", original, "message/rfc822");
    const file = await store.get("inbound/2026/11/abc.eml");
    expect(file?.contentType).toBe("message/rfc822");
    expect(file?.bytes.equals(original)).toBe(true);
    await expect(store.put("inbound/2026/11/abd.eml", original, "image/jpeg")).rejects.toThrow(
      /doesn't match/,
    );
    await expect(store.put("inbound/2026/11/abe.html", original, "text/html")).rejects.toThrow(
      /Unsupported/,
    );
  });

  it("replaces an existing file and leaves no temp files behind", async () => {
    await store.put("a/b.jpg", bytesOf("first"), "image/jpeg");
    await store.put("a/b.jpg", bytesOf("second"), "image/jpeg");
    expect((await store.get("a/b.jpg"))?.bytes.toString()).toBe("second");
    expect(await listFiles(root)).toEqual([path.join("a", "b.jpg")]);
  });

  it("returns null for a missing key, also before anything was stored", async () => {
    expect(await store.get("photos/none.jpg")).toBeNull();
    await store.put("photos/one.jpg", bytesOf("1"), "image/jpeg");
    expect(await store.get("photos/two.jpg")).toBeNull();
  });

  it("deletes idempotently", async () => {
    await store.put("x/y.jpg", bytesOf("data"), "image/jpeg");
    await store.delete("x/y.jpg");
    expect(await store.get("x/y.jpg")).toBeNull();
    await expect(store.delete("x/y.jpg")).resolves.toBeUndefined();
    await expect(store.delete("never/stored.jpg")).resolves.toBeUndefined();
  });

  it("rejects keys outside the strict format in put, get and delete", async () => {
    await writeFile(path.join(sandbox, "secret.jpg"), "outside the store");
    const badKeys = [
      "../secret.jpg",
      "photos/../../secret.jpg",
      "/etc/passwd.jpg",
      path.join(sandbox, "secret.jpg"),
      "photos/./a.jpg",
      "photos//a.jpg",
      "photos/a.jpg/",
      ".hidden.jpg",
      "photos/.a.jpg.1234.tmp",
      "Photos/A.jpg",
      "photos\\..\\secret.jpg",
      "photos/a b.jpg",
      "photos/a%2f..%2fsecret.jpg",
      "photos/a.jpg\0",
      "photos/a..jpg",
      "",
      "photos/a.gif",
      "photos/a.constructor",
      "photos/jpg",
      `${"a/".repeat(300)}a.jpg`,
    ];
    for (const key of badKeys) {
      await expect(store.put(key, bytesOf("x"), "image/jpeg"), key).rejects.toThrow(
        /Invalid|Unsupported/,
      );
      await expect(store.get(key), key).rejects.toThrow(/Invalid|Unsupported/);
      await expect(store.delete(key), key).rejects.toThrow(/Invalid|Unsupported/);
    }
    expect(await listFiles(sandbox)).toEqual(["secret.jpg"]); // nothing written, nothing deleted
  });

  it("refuses a content type that doesn't match the key's extension", async () => {
    await expect(store.put("a/b.jpg", bytesOf("<html>"), "text/html")).rejects.toThrow(
      /doesn't match/,
    );
    expect(await store.get("a/b.jpg")).toBeNull();
  });

  it("cleans up its temp file when the final rename fails", async () => {
    await mkdir(path.join(root, "a", "b.jpg"), { recursive: true }); // a directory in the way
    await expect(store.put("a/b.jpg", bytesOf("data"), "image/jpeg")).rejects.toThrow();
    expect(await readdir(path.join(root, "a"))).toEqual(["b.jpg"]);
  });

  it("handles concurrent puts of distinct keys into new directories", async () => {
    const keys = Array.from(
      { length: 40 },
      (_, i) => `photos/2025/${String(i % 3).padStart(2, "0")}/p${i}.jpg`,
    );
    await Promise.all(keys.map((key, i) => store.put(key, bytesOf(`photo ${i}`), "image/jpeg")));
    const read = await Promise.all(keys.map((key) => store.get(key)));
    expect(read.map((file) => file?.bytes.toString())).toEqual(keys.map((_, i) => `photo ${i}`));
    expect(await listFiles(root)).toHaveLength(40);
  });

  it("never lets a reader see a partly written file", async () => {
    const a = Buffer.alloc(2 * 1024 * 1024, "a");
    const b = Buffer.alloc(2 * 1024 * 1024, "b");
    await store.put("race/photo.jpg", a, "image/jpeg");
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 10; i++) await store.put("race/photo.jpg", i % 2 ? a : b, "image/jpeg");
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      const file = await store.get("race/photo.jpg");
      expect(file?.bytes.equals(a) || file?.bytes.equals(b)).toBe(true);
      reads++;
    }
    await writer;
    expect(reads).toBeGreaterThan(0);
  });
});

async function listed(from: FileStore) {
  const files = [];
  for await (const file of from.list()) files.push(file);
  return files;
}

describe("listing and interrupted writes", () => {
  it("lists every stored key with its modification time, and nothing else", async () => {
    expect(await listed(store)).toEqual([]); // the root doesn't exist yet
    await store.put("photos/2025/06/a.jpg", bytesOf("a"), "image/jpeg");
    await store.put("thumbs/b.jpg", bytesOf("b"), "image/jpeg");
    await writeFile(path.join(root, "photos", "2025", "06", ".a.jpg.0123456789ab.tmp"), "x");
    await writeFile(path.join(root, "notes.txt"), "not a key");
    const files = await listed(store);
    expect(files.map((file) => file.key).sort()).toEqual(["photos/2025/06/a.jpg", "thumbs/b.jpg"]);
    for (const file of files) expect(file.modifiedAt).toBeInstanceOf(Date);
  });

  it("purges temp files of interrupted writes older than the given time", async () => {
    await store.put("photos/a.jpg", bytesOf("a"), "image/jpeg");
    const temp = path.join(root, "photos", ".b.jpg.0123456789ab.tmp");
    await writeFile(temp, "partial");
    expect(await store.purgeIncomplete(new Date(Date.now() - 60_000))).toBe(0);
    expect(await store.purgeIncomplete(new Date(Date.now() + 60_000))).toBe(1);
    expect(await listFiles(root)).toEqual([path.join("photos", "a.jpg")]);
  });
});

describe("newFileKey", () => {
  it("builds prefix/yyyy/mm/<128-bit hex>.jpg that the store accepts", async () => {
    const key = newFileKey("photos", "jpg", new Date(Date.UTC(2025, 0, 31, 23, 59)));
    expect(key).toMatch(/^photos\/2025\/01\/[0-9a-f]{32}\.jpg$/);
    await store.put(key, bytesOf("ok"), "image/jpeg");
    expect((await store.get(key))?.bytes.toString()).toBe("ok");
    expect(newFileKey("thumbs", "jpg")).toMatch(/^thumbs\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
  });

  it("never repeats", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newFileKey("photos", "jpg")));
    expect(keys.size).toBe(1000);
  });

  it("refuses a prefix that would make an invalid key", () => {
    for (const prefix of ["", "../up", "/abs", "Photos", "a//b", "a b"]) {
      expect(() => newFileKey(prefix, "jpg"), prefix).toThrow(/Invalid/);
    }
  });
});

describe("fileStore", () => {
  it("is one shared instance", () => {
    expect(fileStore()).toBe(fileStore());
  });
});
