/**
 * Business logos on a real SQLite database and file store: checked by their bytes, stored as PNG,
 * served by their random name, and the replaced file removed.
 */
import sharp from "sharp";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { describe, expect, it } from "vitest";
import { insertOwner } from "~/tests/support/rows";

setUpTempDataDir("logo");

// Loaded after DATA_DIR is set: the database reads it once.
const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const logo = await import("./logo.server");
const preferences = await import("./preferences.server");

async function pngFile(width: number, height: number, name = "logo.png") {
  const bytes = await sharp({
    create: { width, height, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

describe("business logo", () => {
  it("stores an upload as a PNG that fits 600 × 200 and serves it by its random name", async () => {
    const owner = insertOwner(db, schema, "logo_owner");
    await logo.saveLogo(owner.accountId, await pngFile(1800, 300));
    const { logoKey } = preferences.accountPreferences(owner.accountId);
    const url = logo.logoUrl(logoKey);
    expect(url).toMatch(/^\/logos\/[0-9a-f]{32}\.png$/);
    const served = await logo.logoByName(url!.slice("/logos/".length, -".png".length));
    const meta = await sharp(served!).metadata();
    expect(meta).toMatchObject({ format: "png", width: 600, height: 100 });
  });

  it("replaces the previous logo and deletes its file", async () => {
    const owner = insertOwner(db, schema, "logo_replacer");
    await logo.saveLogo(owner.accountId, await pngFile(300, 100));
    const first = preferences.accountPreferences(owner.accountId).logoKey!;
    await logo.saveLogo(owner.accountId, await pngFile(200, 100));
    const second = preferences.accountPreferences(owner.accountId).logoKey!;
    expect(second).not.toBe(first);
    expect(await logo.logoBytes(first)).toBeNull();
    expect(await logo.logoBytes(second)).not.toBeNull();
    await logo.removeLogo(owner.accountId);
    expect(preferences.accountPreferences(owner.accountId).logoKey).toBeNull();
    expect(await logo.logoBytes(second)).toBeNull();
  });

  it("refuses a file that isn't a PNG, JPEG or WebP image, whatever its name, and keeps the old logo", async () => {
    const owner = insertOwner(db, schema, "logo_refused");
    await logo.saveLogo(owner.accountId, await pngFile(300, 100));
    const kept = preferences.accountPreferences(owner.accountId).logoKey;
    const pdf = new File([new TextEncoder().encode("%PDF-1.7 not an image")], "logo.png");
    await expect(logo.saveLogo(owner.accountId, pdf)).rejects.toThrow(logo.LOGO_MESSAGES.notImage);
    const big = new File([new Uint8Array(logo.MAX_LOGO_BYTES + 1)], "big.png");
    await expect(logo.saveLogo(owner.accountId, big)).rejects.toThrow(logo.LOGO_MESSAGES.tooLarge);
    expect(preferences.accountPreferences(owner.accountId).logoKey).toBe(kept);
  });

  it("survives the sweep of files no row refers to", async () => {
    const { sweepOrphanFiles, ORPHAN_GRACE_MS } = await import("~/lib/storage/orphans.server");
    const owner = insertOwner(db, schema, "logo_swept");
    await logo.saveLogo(owner.accountId, await pngFile(300, 100));
    const key = preferences.accountPreferences(owner.accountId).logoKey;
    await sweepOrphanFiles(Date.now() + 2 * ORPHAN_GRACE_MS);
    expect(await logo.logoBytes(key)).not.toBeNull();
  });

  it("serves nothing for a name no account uses", async () => {
    expect(await logo.logoByName("0".repeat(32))).toBeNull();
    expect(await logo.logoByName("../../etc/passwd")).toBeNull();
  });
});

describe("time zone", () => {
  it("takes the browser's zone only while the account has none", () => {
    const owner = insertOwner(db, schema, "zone_owner");
    expect(preferences.setDetectedTimeZone(owner.accountId, "America/Denver")).toBe(true);
    expect(preferences.setDetectedTimeZone(owner.accountId, "Europe/Paris")).toBe(false);
    expect(preferences.accountPreferences(owner.accountId).timeZone).toBe("America/Denver");
  });
});
