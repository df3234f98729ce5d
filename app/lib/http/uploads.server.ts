/**
 * Multipart bodies with a hard size cap. `request.formData()` buffers the whole body, so the cap
 * is enforced before and while reading: a declared Content-Length over the cap is refused at
 * once, and a body that keeps streaming past it is cut off. A cap on the number of files works
 * the same way: the parts are counted as they stream past, and reading stops at the first file
 * over the cap.
 */
import { env } from "~/lib/runtime/env.server";

export class UploadTooLargeError extends Error {
  readonly status = 413;
  constructor(readonly maxBytes: number) {
    super(
      `That upload is over ${Math.round(maxBytes / 1_000_000)} MB in total. Send fewer photos at a time.`,
    );
  }
}

/** More files under one field than the form may carry; `message` is the caller's own. */
export class TooManyFilesError extends Error {
  readonly status = 400;
  constructor(
    readonly maxFiles: number,
    message: string,
  ) {
    super(message);
  }
}

export interface FileCountLimit {
  /** The form field whose files are counted. */
  field: string;
  /** Most non-empty files allowed under `field`. */
  maxFiles: number;
  /** What the refusal says (the same words the page uses). */
  message: string;
}

export function maxUploadBytes() {
  return env().MAX_UPLOAD_MB * 1_000_000;
}

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
const MAX_PART_HEADER_BYTES = 16_384;

/**
 * Counts the non-empty file parts under one field of a multipart body as it streams past, without
 * buffering it: it keeps only the tail that could hold a split delimiter or part header. A part
 * is counted once its end (the next delimiter) has arrived, so an empty file input isn't counted,
 * as in `filesOf`. The real parser still reads the body; this only decides when to stop reading.
 */
class MultipartFileCounter {
  count = 0;
  private readonly delimiter: Buffer;
  // The body's first delimiter has no CRLF before it; starting with one makes all delimiters alike.
  private pending: Buffer = CRLF;
  private offset = -CRLF.length;
  private state: "body" | "delimiter-line" | "headers" | "done" = "body";
  private part: { counts: boolean; bodyStart: number } | null = null;

  constructor(
    boundary: string,
    private readonly field: string,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** The boundary of a multipart/form-data Content-Type, or null. */
  static boundaryOf(contentType: string | null): string | null {
    if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
    const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
    return match ? (match[1] ?? match[2] ?? null) : null;
  }

  write(chunk: Uint8Array) {
    if (this.state === "done") return;
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.state === "body") {
        const at = this.pending.indexOf(this.delimiter);
        if (at === -1) {
          // Keep what could be the start of a delimiter split across chunks.
          this.consume(Math.max(0, this.pending.length - (this.delimiter.length - 1)));
          return;
        }
        if (this.part?.counts && this.offset + at > this.part.bodyStart) this.count += 1;
        this.part = null;
        this.consume(at + this.delimiter.length);
        this.state = "delimiter-line";
      } else if (this.state === "delimiter-line") {
        if (this.pending.length < 2) return;
        if (this.pending[0] === 0x2d && this.pending[1] === 0x2d) {
          this.state = "done"; // "--": the closing delimiter
          return;
        }
        const end = this.pending.indexOf(CRLF);
        if (end === -1) return this.giveUpIfLongerThan(MAX_PART_HEADER_BYTES);
        this.consume(end + CRLF.length);
        this.state = "headers";
      } else if (this.state === "headers") {
        // No headers at all: the blank line follows the delimiter line at once.
        const end = this.pending.subarray(0, 2).equals(CRLF)
          ? -2
          : this.pending.indexOf(HEADERS_END);
        if (end === -1) return this.giveUpIfLongerThan(MAX_PART_HEADER_BYTES);
        const headers = end < 0 ? "" : this.pending.subarray(0, end).toString("latin1");
        const skip = end < 0 ? CRLF.length : end + HEADERS_END.length;
        this.part = { counts: this.isFileOfField(headers), bodyStart: this.offset + skip };
        this.consume(skip);
        this.state = "body";
      } else {
        return;
      }
    }
  }

  private isFileOfField(headers: string): boolean {
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
    const name = /;\s*name="((?:[^"\\]|\\.)*)"/i.exec(disposition)?.[1];
    return name === this.field && /;\s*filename\*?=/i.test(disposition);
  }

  private consume(bytes: number) {
    this.pending = this.pending.subarray(bytes);
    this.offset += bytes;
  }

  /** A malformed body: stop counting and let the real parser refuse it. */
  private giveUpIfLongerThan(limit: number) {
    if (this.pending.length > limit) this.state = "done";
  }
}

/**
 * The request's multipart form; null when the body is not a readable form; an
 * UploadTooLargeError (returned, not thrown: every caller answers it with its own 413) past
 * `maxBytes`; with a `files` limit, a TooManyFilesError as soon as one file too many arrives.
 */
export async function readMultipartForm(
  request: Request,
  maxBytes?: number,
): Promise<FormData | UploadTooLargeError | null>;
export async function readMultipartForm(
  request: Request,
  maxBytes: number | undefined,
  files: FileCountLimit,
): Promise<FormData | UploadTooLargeError | TooManyFilesError | null>;
export async function readMultipartForm(
  request: Request,
  maxBytes = maxUploadBytes(),
  files?: FileCountLimit,
): Promise<FormData | UploadTooLargeError | TooManyFilesError | null> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxBytes) return new UploadTooLargeError(maxBytes);
  if (!request.body) return null;
  const boundary = files
    ? MultipartFileCounter.boundaryOf(request.headers.get("Content-Type"))
    : null;
  const counter = files && boundary ? new MultipartFileCounter(boundary, files.field) : null;
  let refusal: UploadTooLargeError | TooManyFilesError | null = null;
  let seen = 0;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) refusal = new UploadTooLargeError(maxBytes);
        counter?.write(chunk);
        if (!refusal && files && counter && counter.count > files.maxFiles) {
          refusal = new TooManyFilesError(files.maxFiles, files.message);
        }
        if (refusal) controller.error(refusal);
        else controller.enqueue(chunk);
      },
    }),
  );
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: request.headers,
      body: limited,
      duplex: "half",
    } as RequestInit).formData();
  } catch {
    return refusal;
  }
  // Counted again on the parsed form, in case the stream count gave up on a malformed part.
  if (files && filesOf(form, files.field).length > files.maxFiles) {
    return new TooManyFilesError(files.maxFiles, files.message);
  }
  return form;
}

/** The non-empty files posted under `name`. */
export function filesOf(form: FormData, name: string): File[] {
  return form
    .getAll(name)
    .filter((value): value is File => typeof value !== "string" && value.size > 0);
}
