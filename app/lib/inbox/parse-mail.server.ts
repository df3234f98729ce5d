import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { ParsedMail } from "mailparser";
import { RetryLaterResponse } from "~/lib/runtime/retry-later";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import { workerPoolSize } from "~/lib/runtime/worker-pool.server";

/**
 * Inbound email is parsed (MIME, charsets, HTML to text) on a dedicated worker thread, never on
 * the server's main thread: converting one 10 MB HTML body to text took seconds, and every request
 * of every account waited for it. The HTML converted to text is capped too, so a hostile email
 * costs the worker little.
 *
 * A message the parser refuses (over 1,000 MIME parts, a header over its limit, a parse past the
 * deadline, a worker out of memory) is not an error: it comes back as a message with no text and,
 * when its top-level header could be read, its subject, sender and ids, flagged `unreadable`, so
 * it is kept as an email we couldn't read, with its original. Only a full queue is refused
 * (MailParserBusyError, HTTP 503 / SMTP 451), for the sender to try again.
 */

/**
 * HTML longer than this many characters is not converted to text, nor passed back as `html` (the
 * original keeps it).
 */
export const MAX_HTML_TO_TEXT_CHARS = 1_000_000;

/** What the parser is asked for: no `textAsHtml`, `cid:` links left alone, capped HTML to text. */
const PARSER_OPTIONS = {
  skipImageLinks: true,
  skipTextToHtml: true,
  maxHtmlLengthToParse: MAX_HTML_TO_TEXT_CHARS,
};

/** The top-level header is read on its own when the whole message can't be; at most this much. */
const MAX_FALLBACK_HEAD_BYTES = 256 * 1024;

export const MAIL_PARSER_BUSY_MESSAGE =
  "Too many emails are being read right now. Please send this one again in a minute.";

/**
 * Every parser worker is busy and the queue is full. It is an HTTP response (503, Retry-After), so
 * a route that lets it propagate answers 503; the SMTP listener answers 451 (try again later).
 */
export class MailParserBusyError extends RetryLaterResponse {
  constructor(retryAfterSeconds: number) {
    super(MAIL_PARSER_BUSY_MESSAGE, 503, retryAfterSeconds);
  }
}

/** A parsed email; `unreadable` says why its body couldn't be read (then it has no text). */
export type ParsedEmail = ParsedMail & { unreadable?: string };

export interface MailParserOptions {
  /** Worker threads; default all cores but one, at least 1 and at most 2. */
  workers?: number;
  /** Longest one parse may take before its worker is stopped and the email kept unread; 20 s. */
  deadlineMs?: number;
  /** Most emails waiting for a worker (running ones not counted); default 20 per worker. */
  maxQueue?: number;
  /** Heap of each worker; a parse that needs more is stopped and the email kept unread. */
  maxHeapMb?: number;
}

export interface MailParserPool {
  parse(raw: Buffer): Promise<ParsedEmail>;
  stats(): { size: number; workers: number; running: number; queued: number; stopped: number };
  close(): Promise<void>;
}

/**
 * Runs inside each worker: plain CommonJS evaluated from this string (it survives the bundling of
 * the server), loading mailparser from the path the main thread resolved.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { simpleParser } = require(workerData.mailparser);
const options = workerData.options;

// The top-level header alone (up to the first empty line), for a message that can't be parsed.
function head(raw) {
  const limit = Math.min(raw.length, workerData.maxHeadBytes);
  for (let i = 0; i < limit; i++) {
    if (raw[i] !== 10) continue;
    if (raw[i + 1] === 10) return raw.subarray(0, i + 2);
    if (raw[i + 1] === 13 && raw[i + 2] === 10) return raw.subarray(0, i + 3);
  }
  return null;
}

// Only what a structured clone can carry (a header value could hold a function in theory).
function send(message) {
  try {
    parentPort.postMessage(message);
  } catch (error) {
    parentPort.postMessage({ id: message.id, unreadable: "Parsed email could not be passed on: " + error.message, parsed: null });
  }
}

parentPort.on("message", async (job) => {
  const raw = Buffer.from(job.raw.buffer, job.raw.byteOffset, job.raw.byteLength);
  try {
    const parsed = await simpleParser(raw, options);
    // HTML too long to convert is of no use to the reader, and costly to pass back.
    if (typeof parsed.html === "string" && parsed.html.length > options.maxHtmlLengthToParse) {
      parsed.html = false;
    }
    send({ id: job.id, parsed });
  } catch (error) {
    const reason = String((error && error.message) || error);
    let parsed = null;
    try {
      const header = head(raw);
      if (header) parsed = await simpleParser(header, options);
    } catch {
      // Not even the header: kept with no subject.
    }
    send({ id: job.id, unreadable: reason, parsed });
  }
});
`;

type Reply =
  | { id: number; parsed: ParsedMail }
  | { id: number; unreadable: string; parsed: ParsedMail | null };

interface Job {
  id: number;
  raw: Buffer;
  resolve: (parsed: ParsedEmail) => void;
  reject: (reason: unknown) => void;
  deadline?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job?: Job;
}

/** A message with no body: what is kept when not even its header could be read. */
function emptyMessage(unreadable: string): ParsedEmail {
  return {
    attachments: [],
    headers: new Map(),
    headerLines: [],
    html: false,
    unreadable,
  };
}

/** Buffers cross the thread boundary as plain Uint8Arrays; attachments get theirs back. */
function revive(parsed: ParsedMail): ParsedMail {
  for (const attachment of parsed.attachments ?? []) {
    const content = attachment.content as unknown as Uint8Array;
    attachment.content = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  }
  return parsed;
}

export function createMailParser(options: MailParserOptions = {}): MailParserPool {
  const size = workerPoolSize(options.workers);
  const deadlineMs = options.deadlineMs ?? 20_000;
  const maxQueue = options.maxQueue ?? 20 * size;
  const maxHeapMb = options.maxHeapMb ?? 384;
  const mailparser = createRequire(import.meta.url).resolve("mailparser");

  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;
  let stopped = 0;

  const running = () => slots.filter((slot) => slot.job).length;

  // Parsed emails are handed over one per turn of the event loop: what the caller does next
  // (storing a 10 MB original) then never runs back to back for several emails while other
  // requests wait.
  const handOver: Array<() => void> = [];
  function handOverNext() {
    handOver.shift()?.();
    if (handOver.length > 0) setImmediate(handOverNext);
  }
  function answer(settle: () => void) {
    handOver.push(settle);
    if (handOver.length === 1) setImmediate(handOverNext);
  }

  function finish(slot: Slot, outcome: ParsedEmail) {
    const job = slot.job;
    if (!job) return;
    slot.job = undefined;
    clearTimeout(job.deadline);
    slot.worker.unref();
    answer(() => job.resolve(outcome));
    dispatch();
  }

  function spawn(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { mailparser, options: PARSER_OPTIONS, maxHeadBytes: MAX_FALLBACK_HEAD_BYTES },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    worker.unref();
    const slot: Slot = { worker };
    worker.on("message", (reply: Reply) => {
      if (slot.job?.id !== reply.id) return;
      if ("unreadable" in reply) {
        const parsed = reply.parsed ? revive(reply.parsed) : emptyMessage(reply.unreadable);
        finish(slot, { ...parsed, text: undefined, html: false, unreadable: reply.unreadable });
      } else {
        finish(slot, revive(reply.parsed));
      }
    });
    worker.on("error", (error) => logger.warn("Mail parser worker failed", errorFields(error)));
    worker.on("exit", (code) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const job = slot.job;
      slot.job = undefined;
      if (!job) return;
      clearTimeout(job.deadline);
      if (closed) return job.reject(new Error("The mail parser was closed."));
      // Out of memory or stopped at the deadline: the email is kept, unread.
      stopped += 1;
      logger.warn("Mail parser worker stopped; the email is kept unread", { code });
      answer(() =>
        job.resolve(emptyMessage(`The email could not be read (worker stopped, code ${code}).`)),
      );
      dispatch();
    });
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (queue.length > 0 && !closed) {
      let slot = slots.find((candidate) => !candidate.job);
      if (!slot && slots.length < size) slot = spawn();
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      const worker = slot.worker;
      job.deadline = setTimeout(() => void worker.terminate(), deadlineMs);
      // One copy, handed over rather than cloned again: the caller keeps its buffer (to store
      // and hash it).
      const copy = new Uint8Array(job.raw);
      worker.postMessage({ id: job.id, raw: copy }, [copy.buffer]);
    }
  }

  return {
    parse(raw) {
      return new Promise<ParsedEmail>((resolve, reject) => {
        if (closed) return reject(new Error("The mail parser was closed."));
        if (queue.length >= maxQueue) {
          return reject(new MailParserBusyError(Math.max(1, Math.ceil(deadlineMs / 1000))));
        }
        queue.push({ id: nextId++, raw, resolve, reject });
        dispatch();
      });
    },
    stats() {
      return { size, workers: slots.length, running: running(), queued: queue.length, stopped };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("The mail parser was closed."));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

let shared: MailParserPool | undefined;

/** Parses one raw MIME email off the main thread (see above). */
export function parseMail(raw: Buffer): Promise<ParsedEmail> {
  shared ??= createMailParser();
  return shared.parse(raw);
}
