/**
 * Whether a chosen file can be a photo, before it is read or uploaded: by its type, or by its
 * name when the browser reports no type (some Android file pickers).
 */
const PHOTO_EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;

/** Null for a file that can be a photo; otherwise what to tell the host. */
export function notAPhotoMessage(file: { name: string; type: string }): string | null {
  if (file.type.startsWith("image/")) return null;
  if (file.type === "" && PHOTO_EXTENSIONS.test(file.name)) return null;
  return `${file.name} isn't a photo. Upload JPEG, PNG or WebP photos of the damage.`;
}
