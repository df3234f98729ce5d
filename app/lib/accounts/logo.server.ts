/**
 * The account's business logo, shown on its reports, PDFs and share pages. An upload is checked
 * by its bytes (PNG, JPEG or WebP), scaled to fit 600 × 200 px and stored as a PNG without
 * metadata; it is served by the random name in its key, so a share page can show it without
 * naming the account.
 */
import { eq, like } from "drizzle-orm";
import sharp from "sharp";
import { accounts } from "~/db/schema";
import { sniffImageType } from "~/lib/photos/pipeline.server";
import { db } from "~/lib/runtime/db.server";
import { logger } from "~/lib/runtime/logger.server";
import { fileStore, newFileKey } from "~/lib/storage/file-store.server";

export const MAX_LOGO_BYTES = 1_000_000;
const LOGO_BOX = { width: 600, height: 200 };

export class LogoRejectedError extends Error {}

export const LOGO_MESSAGES = {
  missing: "Choose a logo file to upload.",
  tooLarge: "That logo is over 1 MB. Upload a smaller PNG or JPEG.",
  notImage: "That file isn't a PNG, JPEG or WebP image. Upload your logo in one of those formats.",
  unreadable: "We couldn't read that image. Export the logo again as PNG and upload it.",
};

/** Checks and stores a logo, replacing the account's previous one. */
export async function saveLogo(accountId: string, file: File): Promise<void> {
  if (file.size === 0) throw new LogoRejectedError(LOGO_MESSAGES.missing);
  if (file.size > MAX_LOGO_BYTES) throw new LogoRejectedError(LOGO_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (type !== "png" && type !== "jpeg" && type !== "webp") {
    throw new LogoRejectedError(LOGO_MESSAGES.notImage);
  }
  let png: Buffer;
  try {
    png = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ ...LOGO_BOX, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new LogoRejectedError(LOGO_MESSAGES.unreadable);
  }
  const key = newFileKey("logos", "png");
  await fileStore().put(key, png, "image/png");
  const previous = replaceLogoKey(accountId, key);
  if (previous) await deleteQuietly(previous);
}

export async function removeLogo(accountId: string): Promise<void> {
  const previous = replaceLogoKey(accountId, null);
  if (previous) await deleteQuietly(previous);
}

/** Sets the account's logo key and returns the one it replaced. */
function replaceLogoKey(accountId: string, key: string | null): string | null {
  return db().transaction((tx) => {
    const row = tx
      .select({ logoKey: accounts.logoKey })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .get();
    tx.update(accounts).set({ logoKey: key }).where(eq(accounts.id, accountId)).run();
    return row?.logoKey ?? null;
  });
}

async function deleteQuietly(key: string) {
  try {
    await fileStore().delete(key);
  } catch (error) {
    // The orphan sweep removes it later; the account already points at its new logo.
    logger.warn("Could not delete a replaced logo", { key, error: String(error) });
  }
}

/** "/logos/<name>.png" for a stored key, or null. */
export function logoUrl(logoKey: string | null): string | null {
  const name = logoKey ? /([0-9a-f]{32})\.png$/.exec(logoKey)?.[1] : undefined;
  return name ? `/logos/${name}.png` : null;
}

/** The logo file whose key ends in `name` (32 hex), if an account uses it. */
export async function logoByName(name: string): Promise<Buffer | null> {
  if (!/^[0-9a-f]{32}$/.test(name)) return null;
  const row = db()
    .select({ logoKey: accounts.logoKey })
    .from(accounts)
    .where(like(accounts.logoKey, `logos/%/${name}.png`))
    .get();
  if (!row?.logoKey) return null;
  return (await fileStore().get(row.logoKey))?.bytes ?? null;
}

/** The logo's PNG bytes for a PDF, or null without one (or when the file is gone). */
export async function logoBytes(logoKey: string | null): Promise<Uint8Array | null> {
  if (!logoKey) return null;
  return (await fileStore().get(logoKey))?.bytes ?? null;
}
