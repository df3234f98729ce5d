/**
 * Photo uploads. Every photo goes through the pipeline (type by magic bytes, pixel limit,
 * autoOrient, re-encode without metadata) and is staged: stored with no report yet, so the host
 * sees quality warnings before the analysis starts. Creating a report claims staged photos.
 */
import crypto from "node:crypto";
import { and, desc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { photos, type PhotoPhase } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import { logger } from "~/lib/runtime/logger.server";
import {
  findDuplicates,
  PhotoRejectedError,
  processPhoto,
  type QualityWarning,
} from "~/lib/photos/pipeline.server";
import { fileStore, newFileKey } from "~/lib/storage/file-store.server";

export type PhotoRow = typeof photos.$inferSelect;

/** Most photos one report can hold (and one request can carry). */
export const MAX_PHOTOS_PER_REPORT = 20;
export const TOO_MANY_PHOTOS_MESSAGE = `A report holds at most ${MAX_PHOTOS_PER_REPORT} photos. Send fewer photos.`;
/** Staged photos nobody turned into a report are deleted after this long. */
export const STAGED_PHOTO_TTL_MS = 24 * 3600 * 1000;

/** What the browser measured on the original before it resized the photo. */
export interface BrowserEvidence {
  originalSha256: string;
  originalBytes: number;
  capturedAt: string | null;
  gps: { lat: number; lng: number } | null;
}

const CAPTURED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)?$/;

/** The evidence fields our upload script sends beside a resized photo (JSON). */
export const BrowserEvidenceSchema = z.object({
  originalSha256: z.string().regex(/^[0-9a-f]{64}$/),
  originalBytes: z.number().int().positive().max(1_000_000_000),
  capturedAt: z.string().regex(CAPTURED_AT).nullable(),
  gps: z
    .object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .nullable(),
}) satisfies z.ZodType<BrowserEvidence>;

/** Parses the evidence JSON; anything malformed is ignored (the server's own reading is used). */
export function parseBrowserEvidence(value: FormDataEntryValue | null): BrowserEvidence | null {
  if (typeof value !== "string" || value.length > 2_000) return null;
  try {
    const result = BrowserEvidenceSchema.safeParse(JSON.parse(value));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export interface StagePhotoInput {
  accountId: string;
  userId: string;
  bytes: Buffer;
  fileName: string | null;
  phase: PhotoPhase;
  /** Only from our own upload script, which resized the photo in the browser. */
  browserEvidence?: BrowserEvidence | null;
}

export function photoWarnings(photo: Pick<PhotoRow, "warnings">): QualityWarning[] {
  try {
    const parsed: unknown = JSON.parse(photo.warnings);
    return Array.isArray(parsed) ? (parsed as QualityWarning[]) : [];
  } catch {
    return [];
  }
}

/**
 * Processes and stores one photo. Throws PhotoRejectedError (a 4xx with a clear message) for
 * anything that isn't a readable JPEG, PNG or WebP within the limits.
 */
export async function stagePhoto(input: StagePhotoInput): Promise<PhotoRow> {
  const processed = await processPhoto(input.bytes);
  const evidence = input.browserEvidence;
  const storageKey = newFileKey("photos", "jpg");
  const thumbKey = newFileKey("thumbs", "jpg");
  const store = fileStore();
  await store.put(storageKey, processed.display, "image/jpeg");
  await store.put(thumbKey, processed.thumb, "image/jpeg");
  const gps = evidence ? evidence.gps : processed.gps;
  const photo = db()
    .insert(photos)
    .values({
      id: crypto.randomUUID(),
      accountId: input.accountId,
      uploadedByUserId: input.userId,
      phase: input.phase,
      storageKey,
      thumbKey,
      width: processed.displayWidth,
      height: processed.displayHeight,
      storedBytes: processed.display.byteLength,
      originalSha256: evidence?.originalSha256 || processed.originalSha256,
      originalBytes: evidence?.originalBytes || processed.originalBytes,
      hashedBy: evidence?.originalSha256 ? "browser" : "server",
      originalName: input.fileName?.slice(0, 200) || null,
      capturedAt: evidence ? evidence.capturedAt : processed.capturedAt,
      gpsLat: gps?.lat ?? null,
      gpsLng: gps?.lng ?? null,
      dhash: processed.quality.dhash,
      warnings: JSON.stringify(processed.warnings),
    })
    .returning()
    .get();
  return withDuplicateWarning(photo);
}

/** Adds a "duplicate" warning when the same shot is already among the user's staged photos. */
function withDuplicateWarning(photo: PhotoRow): PhotoRow {
  const recent = db()
    .select()
    .from(photos)
    .where(
      and(
        eq(photos.accountId, photo.accountId),
        isNull(photos.reportId),
        gt(photos.createdAt, new Date(Date.now() - STAGED_PHOTO_TTL_MS)),
      ),
    )
    .orderBy(photos.createdAt)
    .all();
  const duplicates = findDuplicates(
    recent.map((row) => ({ id: row.id, sha256: row.originalSha256, dhash: row.dhash })),
  );
  const warning = duplicates.get(photo.id);
  if (!warning) return photo;
  const warnings = JSON.stringify([...photoWarnings(photo), warning]);
  db().update(photos).set({ warnings }).where(eq(photos.id, photo.id)).run();
  return { ...photo, warnings };
}

/** Staged (unclaimed) photos of this account among `ids`, in the order given. */
export function stagedPhotos(accountId: string, ids: string[]): PhotoRow[] {
  if (ids.length === 0) return [];
  const rows = db()
    .select()
    .from(photos)
    .where(and(eq(photos.accountId, accountId), isNull(photos.reportId), inArray(photos.id, ids)))
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function discardStagedPhoto(accountId: string, photoId: string) {
  const [photo] = stagedPhotos(accountId, [photoId]);
  if (!photo) return false;
  db().delete(photos).where(eq(photos.id, photo.id)).run();
  await deleteFiles([photo]);
  return true;
}

async function deleteFiles(rows: Pick<PhotoRow, "storageKey" | "thumbKey">[]) {
  const store = fileStore();
  for (const row of rows) {
    await store.delete(row.storageKey);
    await store.delete(row.thumbKey);
  }
}

/** Photos of one report, in upload order. */
export function reportPhotos(reportId: string): PhotoRow[] {
  return db()
    .select()
    .from(photos)
    .where(eq(photos.reportId, reportId))
    .orderBy(photos.position, photos.createdAt)
    .all();
}

/** A photo of this account (staged or in a report), or undefined. */
export function accountPhoto(accountId: string, photoId: string): PhotoRow | undefined {
  return db()
    .select()
    .from(photos)
    .where(and(eq(photos.accountId, accountId), eq(photos.id, photoId)))
    .get();
}

/** The stored JPEG (display size or thumbnail), or null when the file is gone. */
export async function readPhotoFile(photo: PhotoRow, size: "display" | "thumb") {
  const file = await fileStore().get(size === "thumb" ? photo.thumbKey : photo.storageKey);
  return file?.bytes ?? null;
}

/** Serves a stored JPEG: our content type, nosniff, private caching (ids never change). */
export function photoResponse(bytes: Buffer, cache: "private" | "no-store" = "private") {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": "inline",
      "Cache-Control": cache === "private" ? "private, max-age=86400, immutable" : "no-store",
    },
  });
}

/** Deletes staged photos older than the TTL, rows and files. */
export async function purgeStagedPhotos(now = Date.now()) {
  const stale = db()
    .select()
    .from(photos)
    .where(and(isNull(photos.reportId), lt(photos.createdAt, new Date(now - STAGED_PHOTO_TTL_MS))))
    .orderBy(desc(photos.createdAt))
    .all();
  if (stale.length === 0) return 0;
  db()
    .delete(photos)
    .where(
      inArray(
        photos.id,
        stale.map((photo) => photo.id),
      ),
    )
    .run();
  await deleteFiles(stale);
  logger.info("Purged staged photos", { count: stale.length });
  return stale.length;
}

/** Public fields of a photo for pages and the JSON API. `urlBase` is "/photos" or a share path. */
export function photoJson(photo: PhotoRow, number: number, urlBase: string, showGps: boolean) {
  return {
    id: photo.id,
    number,
    url: `${urlBase}/${photo.id}`,
    thumbUrl: `${urlBase}/${photo.id}?size=thumb`,
    width: photo.width,
    height: photo.height,
    phase: photo.phase,
    capturedAt: photo.capturedAt,
    uploadedAt: photo.createdAt.toISOString(),
    originalSha256: photo.originalSha256,
    originalBytes: photo.originalBytes,
    hashedBy: photo.hashedBy,
    gps:
      showGps && photo.gpsLat !== null && photo.gpsLng !== null
        ? { lat: photo.gpsLat, lng: photo.gpsLng }
        : null,
    hasGps: photo.gpsLat !== null,
    warnings: photoWarnings(photo),
  };
}

export type PhotoJson = ReturnType<typeof photoJson>;

export interface UploadRejection {
  fileName: string;
  message: string;
  status: 413 | 415 | 422;
}

/**
 * Stages every file, one at a time (sharp already uses the cores; parallel decodes of 12-MP
 * photos only raise peak memory). A rejected file doesn't stop the others.
 */
export async function stageFiles(
  owner: { accountId: string; userId: string },
  files: File[],
  phase: PhotoPhase,
  evidence: (BrowserEvidence | null)[] = [],
): Promise<{ staged: PhotoRow[]; rejections: UploadRejection[] }> {
  const staged: PhotoRow[] = [];
  const rejections: UploadRejection[] = [];
  for (const [index, file] of files.entries()) {
    const fileName = file.name || `Photo ${index + 1}`;
    try {
      staged.push(
        await stagePhoto({
          ...owner,
          bytes: Buffer.from(await file.arrayBuffer()),
          fileName,
          phase,
          browserEvidence: evidence[index] ?? null,
        }),
      );
    } catch (error) {
      if (!(error instanceof PhotoRejectedError)) throw error;
      rejections.push({ fileName, message: error.message, status: error.status });
    }
  }
  return { staged, rejections };
}
