/**
 * The server side of the /mobile-test diagnostics page: what the request's headers say about the
 * phone, and the upload test's action (measures a photo upload without storing it).
 */
import { z } from "zod";
import { postedEntry, postedFields } from "~/lib/http/intent";
import {
  detectImageType,
  MAX_BODY_BYTES,
  MAX_DRAIN_BYTES,
  MAX_UPLOAD_BYTES,
  PHOTO_FIELD,
  tooLargeMessage,
  UPLOAD_MESSAGES,
  type ServerSnapshot,
  type UploadFailure,
  type UploadPayload,
} from "./diagnostics";

/** The upload test's form: the photo, as posted (text, a file, or nothing). */
const photoUploadSchema = z.object({ [PHOTO_FIELD]: postedEntry });

/** Client hints some browsers send only after we ask for them (see the route's Accept-CH). */
export const REQUESTED_CLIENT_HINTS =
  "ECT, Downlink, RTT, Save-Data, Sec-CH-UA-Mobile, Sec-CH-UA-Platform";

function header(headers: Headers, name: string, maxLength = 64): string | null {
  const value = headers.get(name)?.trim();
  return value ? value.slice(0, maxLength) : null;
}

export function readServerSnapshot(headers: Headers): ServerSnapshot {
  return {
    userAgent: header(headers, "user-agent", 512) ?? "",
    hints: {
      saveData: header(headers, "save-data"),
      ect: header(headers, "ect"),
      downlink: header(headers, "downlink"),
      rtt: header(headers, "rtt"),
      mobile: header(headers, "sec-ch-ua-mobile"),
      platform: header(headers, "sec-ch-ua-platform")?.replace(/^"|"$/g, "") ?? null,
    },
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

function failure(status: 400 | 413, error: string): { status: 400 | 413; payload: UploadFailure } {
  return { status, payload: { ok: false, status, error } };
}

type BodyRead =
  | { kind: "ok"; bytes: Uint8Array<ArrayBuffer> }
  | { kind: "too-large"; received: number }
  | { kind: "aborted" };

/**
 * Reads a request body, keeping at most `keepUpTo` bytes in memory. Past that it keeps reading
 * and discarding, up to `drainUpTo`, so the browser finishes sending and then shows our 413 page
 * (a response sent mid-upload is often shown as a connection error). Past `drainUpTo` it just
 * stops reading. It never cancels the stream: cancelling destroys the socket in production and
 * crashes the dev server's request adapter.
 */
async function readBody(
  body: ReadableStream<Uint8Array>,
  { keepUpTo, drainUpTo, signal }: { keepUpTo: number; drainUpTo: number; signal?: AbortSignal },
): Promise<BodyRead> {
  const reader = body.getReader();
  const aborted = new Promise<"aborted">((resolve) => {
    if (signal?.aborted) resolve("aborted");
    signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  let chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), aborted]);
      if (next === "aborted") return { kind: "aborted" };
      if (next.done) break;
      total += next.value.byteLength;
      if (total > drainUpTo) return { kind: "too-large", received: total };
      if (total <= keepUpTo) chunks.push(next.value);
      else chunks = [];
    }
  } finally {
    try {
      reader.releaseLock();
    } catch {
      // Nothing to release.
    }
  }
  if (total > keepUpTo) return { kind: "too-large", received: total };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: "ok", bytes };
}

/**
 * Measures a diagnostic photo upload without storing it: enforces the size cap (Content-Length
 * first, then the bytes actually received), parses the multipart body, and sniffs the type.
 * Never throws; every problem is a 400 or 413 with a message for the page.
 */
export async function handleDiagnosticUpload(
  request: Request,
  now: () => number = () => performance.now(),
): Promise<{ status: 200 | 400 | 413; payload: UploadPayload }> {
  const started = now();

  if (!request.body) return failure(400, UPLOAD_MESSAGES.noFile);
  const header = request.headers.get("content-length");
  const declaredLength = header ? Number(header) : Number.NaN;
  const declaredTooLarge = Number.isFinite(declaredLength) && declaredLength > MAX_BODY_BYTES;

  let form: FormData;
  let bodyReceived: number;
  try {
    // A Content-Length over the cap is refused without keeping a single byte.
    const body = await readBody(request.body, {
      keepUpTo: declaredTooLarge ? 0 : MAX_BODY_BYTES,
      drainUpTo: MAX_DRAIN_BYTES,
      signal: request.signal,
    });
    if (body.kind === "aborted") return failure(400, UPLOAD_MESSAGES.unreadable);
    if (declaredTooLarge) return failure(413, tooLargeMessage(declaredLength));
    if (body.kind === "too-large") return failure(413, tooLargeMessage());
    bodyReceived = now();
    const contentType = request.headers.get("content-type") ?? "";
    form = await new Response(body.bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return failure(400, UPLOAD_MESSAGES.unreadable);
  }

  const { [PHOTO_FIELD]: photo } = postedFields(form, photoUploadSchema);
  // Browsers send an empty part with filename="" when no file was chosen; parsers may hand that
  // back as an empty string rather than an empty File.
  if (photo === "") return failure(400, UPLOAD_MESSAGES.noFile);
  if (photo === undefined || typeof photo === "string") {
    const otherFile = [...form.values()].some((value) => typeof value !== "string");
    return failure(
      400,
      otherFile || typeof photo === "string" ? UPLOAD_MESSAGES.wrongField : UPLOAD_MESSAGES.noFile,
    );
  }
  if (photo.size === 0) {
    return failure(400, photo.name ? UPLOAD_MESSAGES.empty : UPLOAD_MESSAGES.noFile);
  }
  if (photo.size > MAX_UPLOAD_BYTES) return failure(413, tooLargeMessage(photo.size));

  try {
    const head = new Uint8Array(await photo.slice(0, 64).arrayBuffer());
    const detectedType = detectImageType(head);
    const finished = now();
    return {
      status: 200,
      payload: {
        ok: true,
        bytes: photo.size,
        detectedType,
        declaredType: photo.type || "not sent",
        serverMs: round(finished - bodyReceived),
        receiveMs: round(bodyReceived - started),
      },
    };
  } catch {
    return failure(400, UPLOAD_MESSAGES.unreadable);
  }
}
