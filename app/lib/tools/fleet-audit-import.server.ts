/**
 * Reading the Fleet Audit Calculator's CSV import on the server: the uploaded file or the pasted
 * text, and the host plan for the imported cars. Kept out of `fleet-audit-query.ts`, which the
 * page's browser code imports, so the schema readers don't ship to the browser.
 */
import { z } from "zod";
import type { EarningsCsvError } from "~/domain/fleet-audit";
import { isHostPlanId, type HostPlanId } from "~/domain/marketplace-rules";
import { postedEntry, postedFields, postedText } from "~/lib/http/intent";
import {
  CSV_FIELDS,
  CSV_MESSAGES,
  DEFAULT_HOST_PLAN,
  MAX_CSV_UPLOAD_BYTES,
  MAX_ECHOED_PASTE_CHARACTERS,
} from "./fleet-audit-query";

/** Over-limit uploads are read and discarded up to this size so the browser sees the answer. */
const MAX_DRAIN_BYTES = 20 * 1024 * 1024;

/** The import form as posted: the file, the pasted text, the plan (text, or missing). */
const csvImportSchema = z.object({
  [CSV_FIELDS.file]: postedEntry,
  [CSV_FIELDS.text]: postedText,
  [CSV_FIELDS.plan]: z.string().optional().catch(undefined),
});

export type CsvSubmission =
  | { ok: true; text: string; hostPlan: HostPlanId; pasted: string }
  | { ok: false; status: 400 | 413; error: EarningsCsvError; pasted: string };

const submissionError = (status: 400 | 413, message: string, pasted = "") => ({
  ok: false as const,
  status,
  error: { row: null, column: null, message },
  pasted,
});

/** Reads up to `keepUpTo` bytes; beyond that keeps reading (and dropping) up to `drainUpTo`. */
async function readCapped(
  body: ReadableStream<Uint8Array>,
  keepUpTo: number,
  drainUpTo: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      total += next.value.byteLength;
      if (total > drainUpTo) return null;
      if (total <= keepUpTo) chunks.push(next.value);
    }
  } finally {
    try {
      reader.releaseLock();
    } catch {
      // Nothing to release.
    }
  }
  if (total > keepUpTo) return null;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The import form's CSV (an uploaded file, else the pasted text) and the host plan for the
 * imported cars. Enforces the size cap (Content-Length first, then the bytes received) and never
 * throws: every problem is a 400 or 413 with a message for the page.
 */
export async function readEarningsCsvSubmission(request: Request): Promise<CsvSubmission> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  const declaredTooLarge = Number.isFinite(declared) && declared > MAX_CSV_UPLOAD_BYTES;
  if (!request.body) return submissionError(400, CSV_MESSAGES.missing);

  let form: FormData;
  try {
    const bytes = await readCapped(
      request.body,
      declaredTooLarge ? 0 : MAX_CSV_UPLOAD_BYTES + 64 * 1024,
      MAX_DRAIN_BYTES,
    );
    if (declaredTooLarge || bytes === null) return submissionError(413, CSV_MESSAGES.tooLarge);
    form = await new Response(bytes, {
      headers: { "Content-Type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    return submissionError(400, CSV_MESSAGES.unreadable);
  }

  const posted = postedFields(form, csvImportSchema);
  const planText = posted[CSV_FIELDS.plan];
  const plan = planText === undefined ? DEFAULT_HOST_PLAN : Number(planText);
  const hostPlan = isHostPlanId(plan) ? plan : DEFAULT_HOST_PLAN;
  const pasted = posted[CSV_FIELDS.text];
  const echo = pasted.length <= MAX_ECHOED_PASTE_CHARACTERS ? pasted : "";

  const file = posted[CSV_FIELDS.file];
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_CSV_UPLOAD_BYTES) return submissionError(413, CSV_MESSAGES.tooLarge, echo);
    try {
      return { ok: true, text: await file.text(), hostPlan, pasted: echo };
    } catch {
      return submissionError(400, CSV_MESSAGES.unreadable, echo);
    }
  }
  if (pasted.length > MAX_CSV_UPLOAD_BYTES) return submissionError(413, CSV_MESSAGES.tooLarge);
  if (pasted.trim() === "") return submissionError(400, CSV_MESSAGES.missing);
  return { ok: true, text: pasted, hostPlan, pasted: echo };
}
