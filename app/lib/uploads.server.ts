/**
 * Multipart bodies with a hard size cap. `request.formData()` buffers the whole body, so the cap
 * is enforced before and while reading: a declared Content-Length over the cap is refused at
 * once, and a body that keeps streaming past it is cut off.
 */
import { env } from "./env.server";

export class UploadTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly maxBytes: number) {
    super(
      `That upload is over ${Math.round(maxBytes / 1_000_000)} MB in total. Send fewer photos at a time.`,
    );
  }
}

export function maxUploadBytes() {
  return env().MAX_UPLOAD_MB * 1_000_000;
}

/**
 * The request's multipart form; null when the body is not a readable form; an
 * UploadTooLargeError (returned, not thrown: every caller answers it with its own 413) past
 * `maxBytes`.
 */
export async function readMultipartForm(
  request: Request,
  maxBytes = maxUploadBytes(),
): Promise<FormData | UploadTooLargeError | null> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) return new UploadTooLargeError(maxBytes);
  if (!request.body) return null;
  let seen = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new UploadTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: limited,
      duplex: "half",
    } as RequestInit).formData();
  } catch {
    return seen > maxBytes ? new UploadTooLargeError(maxBytes) : null;
  }
}

/** The non-empty files posted under `name`. */
export function filesOf(form: FormData, name: string): File[] {
  return form
    .getAll(name)
    .filter((value): value is File => typeof value !== "string" && value.size > 0);
}
