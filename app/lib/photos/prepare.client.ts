/**
 * Browser-side preparation of a damage photo before upload: hash the original (evidence
 * integrity), read its capture time and GPS (lost when we re-encode), and shrink it to the display
 * size so a 12 MP phone photo uploads as ~0.5 MB over a weak mobile connection. The server still
 * validates and re-processes everything; this only saves bandwidth and time.
 */
import { EXIFR_OPTIONS, readExifFields } from "./exif-values";

export type PreparedPhoto = {
  blob: Blob;
  fileName: string;
  /** True when `blob` is a re-encoded JPEG copy, false when it is the original file. */
  resized: boolean;
  originalBytes: number;
  /** Hex SHA-256 of the original file; "" where Web Crypto is unavailable (plain http). */
  originalSha256: string;
  capturedAt: string | null;
  gps: { lat: number; lng: number } | null;
};

const MAX_LONG_EDGE = 2048;
const JPEG_QUALITY = 0.75;
/** A JPEG that already fits and is this small goes up untouched, EXIF and all. */
const SEND_AS_IS_BYTES = 1.5 * 1024 * 1024;

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const bytes = await file.arrayBuffer();
  const [originalSha256, exif] = await Promise.all([sha256Hex(bytes), readExif(bytes)]);
  const asIs: PreparedPhoto = {
    blob: file,
    fileName: file.name || "photo",
    resized: false,
    originalBytes: file.size,
    originalSha256,
    ...exif,
  };

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    // The browser can't decode it (HEIC in Chrome, a broken file): the server explains what to do.
    return asIs;
  }
  try {
    const { width, height } = bitmap;
    const scale = Math.min(1, MAX_LONG_EDGE / Math.max(width, height));
    const isJpeg = isJpegBytes(bytes);
    if (scale === 1 && isJpeg && file.size <= SEND_AS_IS_BYTES) return asIs;

    const blob = await drawAsJpeg(
      bitmap,
      Math.max(1, Math.round(width * scale)),
      Math.max(1, Math.round(height * scale)),
    );
    if (!blob || (isJpeg && blob.size >= file.size)) return asIs;
    return { ...asIs, blob, fileName: jpegName(file.name), resized: true };
  } catch {
    return asIs; // e.g. canvas memory limits on older iPhones
  } finally {
    bitmap.close();
  }
}

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  // crypto.subtle only exists on secure origins (https, localhost).
  if (!globalThis.crypto?.subtle) return "";
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function readExif(bytes: ArrayBuffer): Promise<Pick<PreparedPhoto, "capturedAt" | "gps">> {
  try {
    // The lite build reads EXIF and GPS from JPEG and HEIC; loaded only once a photo is chosen.
    const { default: exifr } = (await import(
      // @ts-expect-error -- exifr ships types for its main entry only; this build has the same API.
      "exifr/dist/lite.esm.mjs"
    )) as { default: typeof import("exifr") };
    return readExifFields(await exifr.parse(bytes, EXIFR_OPTIONS));
  } catch {
    return { capturedAt: null, gps: null }; // no or unreadable EXIF; the photo is still fine
  }
}

function isJpegBytes(bytes: ArrayBuffer): boolean {
  const head = new Uint8Array(bytes, 0, Math.min(3, bytes.byteLength));
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

function jpegName(name: string): string {
  return `${name.replace(/\.[^./\\]*$/, "") || "photo"}.jpg`;
}

async function drawAsJpeg(bitmap: ImageBitmap, width: number, height: number) {
  const canvas =
    typeof OffscreenCanvas === "function"
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement("canvas"), { width, height });
  const context = canvas.getContext("2d") as
    OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!context) return null;
  // JPEG has no transparency: flatten onto white, as the server does, rather than black.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  if ("convertToBlob" in canvas) {
    return canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
  }
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}

/**
 * POSTs a form with upload progress (fetch can't report it). Resolves with the status and the
 * parsed JSON body (null when the body isn't JSON) for every HTTP status; rejects only when the
 * request never completed: network failure, timeout or abort (an AbortError DOMException).
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was canceled.", "AbortError"));
      return;
    }
    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    const cleanUp = () => signal?.removeEventListener("abort", onAbort);

    request.open("POST", url);
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      cleanUp();
      onProgress(1);
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null; // e.g. a proxy's HTML error page
      }
      resolve({ status: request.status, body });
    };
    request.onerror = () => {
      cleanUp();
      reject(new TypeError("The upload failed: check your connection and try again."));
    };
    request.ontimeout = request.onerror;
    request.onabort = () => {
      cleanUp();
      reject(new DOMException("The upload was canceled.", "AbortError"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    request.send(form);
  });
}
