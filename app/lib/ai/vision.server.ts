/**
 * AI photo analysis through any OpenAI-compatible chat-completions server (OpenAI, Azure OpenAI's
 * v1 API, Ollama, vLLM, LM Studio): photos in, damage findings in the shared taxonomy out.
 *
 * The model is asked for JSON matching a strict schema, and its answer is validated again here
 * with the same `FindingSchema` hand tagging uses. Anything that doesn't validate is rejected as a
 * whole (`VisionError` "invalid-response"): an estimate is never built from half an answer.
 *
 * Every failure is a `VisionError` with a `kind`, whether a retry can help, a log-safe `message`
 * (HTTP status and the server's own error text, never the API key) and a plain-English
 * `userMessage` for the host. Transient failures are retried with exponential backoff; at most
 * `concurrency` requests are in flight per provider; more than 10 photos are sent in batches.
 */
import { z } from "zod";
import {
  ADAS_SENSORS,
  DAMAGE_TYPE_IDS,
  DAMAGE_TYPES,
  HAIL_DENT_COUNT_BANDS,
  HAIL_DENT_SIZES,
  PANEL_IDS,
  PANEL_LIST,
  panelExistsOn,
  SEVERITIES,
  TWO_DOOR_BODY_TYPES,
  type BodyType,
  type Finding,
  type PhotoPhase,
} from "~/domain/estimate/taxonomy";
import { FindingSchema } from "~/domain/estimate/finding-schema";
import { env } from "~/lib/runtime/env.server";
import { authHeaders, chatCompletionsUrl } from "./openai-http.server";

// ─── Public types ───────────────────────────────────────────────────────────────────────────────

export interface VisionPhoto {
  id: string;
  jpeg: Uint8Array;
  phase: PhotoPhase;
}

export interface VisionVehicle {
  year: number;
  make: string;
  model: string;
  bodyType: BodyType;
}

export interface VisionRequest {
  vehicle: VisionVehicle;
  photos: VisionPhoto[];
}

/** A finding as the AI saw it: `photoId` is one of the request's photo ids, `box` is 0..1. */
export type VisionFinding = Omit<Finding, "id">;

export interface VisionResult {
  findings: VisionFinding[];
  /** The model that answered, as the server reported it. */
  model: string;
  /** Remarks from the model about the photos as a whole (too dark, blurry…). */
  notes?: string;
}

export interface VisionProvider {
  readonly name: string;
  /**
   * Rejects with a `VisionError`, or with `signal.reason` when the caller aborts (like `fetch`).
   */
  analyze(request: VisionRequest, signal?: AbortSignal): Promise<VisionResult>;
}

export type VisionErrorKind =
  "unavailable" | "timeout" | "invalid-response" | "refused" | "rate-limited";

const RETRYABLE: ReadonlySet<VisionErrorKind> = new Set(["unavailable", "timeout", "rate-limited"]);

const USER_MESSAGES: Readonly<Record<VisionErrorKind, string>> = {
  unavailable:
    "The AI photo analysis service couldn't be reached, so no estimate was made. Try the analysis again in a few minutes, or tag the damage on the diagram instead.",
  timeout:
    "The AI photo analysis took too long and was stopped, so no estimate was made. Try the analysis again, or tag the damage on the diagram instead.",
  "invalid-response":
    "The AI's answer couldn't be read, so no estimate was made from it. Tag the damage on the diagram instead, or try the analysis again.",
  refused:
    "The AI service turned the request down, which usually means its settings on the FleetAssist server (address, API key or model name) are wrong. Ask whoever runs your FleetAssist server to check the AI settings, and tag the damage on the diagram for now.",
  "rate-limited":
    "The AI service is busy and asked us to slow down, so no estimate was made. Wait a minute and try the analysis again, or tag the damage on the diagram instead.",
};

const OUT_OF_CREDIT_MESSAGE =
  "The AI account has run out of credit or reached its usage limit, so no estimate was made. Ask whoever runs your FleetAssist server to check the AI account's billing, and tag the damage on the diagram for now.";

export class VisionError extends Error {
  readonly kind: VisionErrorKind;
  /** Whether trying again later can succeed (the provider already retried these). */
  readonly retryable: boolean;
  /** Plain-English text for the host: what happened and what to do. */
  readonly userMessage: string;
  /** HTTP status of the failed answer, when there was one. */
  readonly status?: number;
  /** How long the server asked us to wait before the next request (429 Retry-After). */
  readonly retryAfterMs?: number;

  constructor(
    kind: VisionErrorKind,
    /** Log-safe technical detail: never contains the API key or photo data. */
    message: string,
    options: { userMessage?: string; status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "VisionError";
    this.kind = kind;
    this.retryable = RETRYABLE.has(kind);
    this.userMessage = options.userMessage ?? USER_MESSAGES[kind];
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

// ─── Limits ─────────────────────────────────────────────────────────────────────────────────────

/** Photos per chat-completions call; larger requests are split into batches of this size. */
export const MAX_PHOTOS_PER_CALL = 10;
/** Longest wait a 429's Retry-After can impose before the next attempt. */
const MAX_RETRY_AFTER_MS = 30_000;
/** How much of the server's error text goes into a log message. */
const MAX_SERVER_MESSAGE_CHARS = 300;

// ─── Prompt and response schema ─────────────────────────────────────────────────────────────────

const NULLABLE_NUMBER = { type: ["number", "null"] } as const;

/**
 * The answer's JSON schema, in the subset strict structured outputs accept: every property
 * required, `additionalProperties: false`, null instead of optional. Ranges (0..1, > 0) are in
 * the descriptions, not `minimum`/`maximum`: several servers reject numeric constraints in strict
 * mode, and the answer is range-checked here anyway. The panel enum leaves out panels the body
 * doesn't have (no rear doors on a coupe).
 */
function findingsJsonSchema(bodyType: BodyType) {
  const panels = PANEL_IDS.filter((id) => panelExistsOn(id, bodyType));
  return {
    type: "object",
    properties: {
      findings: {
        type: "array",
        items: {
          type: "object",
          properties: {
            photoIndex: {
              type: "integer",
              description: "Index of the photo in the photo list (the first photo is 0).",
            },
            panel: { type: "string", enum: panels },
            damageType: { type: "string", enum: [...DAMAGE_TYPE_IDS] },
            severity: { type: "string", enum: [...SEVERITIES] },
            sizeCm: {
              ...NULLABLE_NUMBER,
              description: "Longest dimension in centimeters (> 0), or null if it can't be judged.",
            },
            confidence: { type: "number", description: "0 to 1." },
            box: {
              anyOf: [
                {
                  type: "object",
                  description:
                    "Top-left corner (x, y) and size (w, h) as fractions 0..1 of the photo's width and height.",
                  properties: {
                    x: { type: "number" },
                    y: { type: "number" },
                    w: { type: "number" },
                    h: { type: "number" },
                  },
                  required: ["x", "y", "w", "h"],
                  additionalProperties: false,
                },
                { type: "null" },
              ],
            },
            note: { type: ["string", "null"] },
            hail: {
              anyOf: [
                {
                  type: "object",
                  description: "Hail dents only: how many on this panel and their usual size.",
                  properties: {
                    dentCount: { type: "string", enum: [...HAIL_DENT_COUNT_BANDS] },
                    dentSize: { type: "string", enum: [...HAIL_DENT_SIZES] },
                    oversizeDents: {
                      type: "integer",
                      description: "Dents larger than a half dollar (0 or more).",
                    },
                  },
                  required: ["dentCount", "dentSize", "oversizeDents"],
                  additionalProperties: false,
                },
                { type: "null" },
              ],
            },
            sensor: { anyOf: [{ type: "string", enum: [...ADAS_SENSORS] }, { type: "null" }] },
            paintCracked: { type: ["boolean", "null"] },
          },
          required: [
            "photoIndex",
            "panel",
            "damageType",
            "severity",
            "sizeCm",
            "confidence",
            "box",
            "note",
            "hail",
            "sensor",
            "paintCracked",
          ],
          additionalProperties: false,
        },
      },
      notes: { type: ["string", "null"] },
    },
    required: ["findings", "notes"],
    additionalProperties: false,
  };
}

const damageTypeLines = DAMAGE_TYPE_IDS.map((id) => {
  const info = DAMAGE_TYPES[id];
  return `- ${id}: ${info.label}. Only on ${info.panelKinds.join(", ")} panels.`;
}).join("\n");

const panelLines = PANEL_LIST.map((panel) => `- ${panel.id}: ${panel.label} [${panel.kind}]`).join(
  "\n",
);

const SYSTEM_PROMPT = `You are an experienced vehicle damage appraiser helping car-rental hosts. You are shown photos of one car and list the damage you can see. Your answer is priced into a repair estimate, so it must be accurate and honest.

Rules:
- Report only damage you can actually see in a photo. Never guess at hidden damage (behind or under panels, inside the engine bay) and never assume damage because of the car's age.
- Dirt, dust, water drops, reflections, shadows, stickers and normal panel gaps are not damage.
- Report each piece of damage once, on the photo that shows it best, even if several photos show it.
- If you see no damage, return an empty findings list. That is a normal, useful answer.
- Pre-trip photos show the car before the guest's trip, post-trip photos after it. Report the damage you see on both kinds alike; the app works out which damage was already there.
- Be honest about confidence. Use lower values when a photo is blurry, dark, far away or the damage could be a reflection or dirt.

Each finding has these fields:
- photoIndex: the index of the photo in the photo list (the first photo is 0). The images are attached in the same order as the list.
- panel: where the damage is, one of the panel ids below. Left and right are the car's own sides as seen from the driver's seat facing forward, so on a photo of the front of the car the car's left side is on the right of the picture.
- damageType: one of the damage type ids below, and only on the panel kinds it lists.
- severity: "minor" (cosmetic: polishable scuff or scratch, small dent with intact paint), "moderate" (needs body repair and repaint), "severe" (the part is broken, torn, deeply creased or likely needs replacing).
- sizeCm: the longest dimension of the damage in centimeters, judged against parts of known size (a wheel is about 60 to 70 cm across, a door handle about 20 cm); null if you can't judge it.
- confidence: 0 to 1, how sure you are that this damage is real and correctly described.
- box: where the damage is on the photo: x and y of the top-left corner and w and h, all as fractions from 0 to 1 of the photo's width and height, with x + w and y + h at most 1; null if you can't place it.
- note: a short plain description (under 200 characters), or null.
- hail: for damageType "hail" only (one finding per panel with hail dents), else null: dentCount, the band of dents on the panel (${HAIL_DENT_COUNT_BANDS.join(", ")}); dentSize, the size most dents have (${HAIL_DENT_SIZES.join(", ")}: US coins, a dime about 3/4 in, a half dollar about 1 1/4 in); oversizeDents, how many are larger than a half dollar.
- sensor: for damageType "sensor-damage" only, which camera or sensor is damaged (${ADAS_SENSORS.join(", ")}), else null.
- paintCracked: for damageType "dent" only, true when the paint over the dent is cracked or chipped (it can't be fixed paintlessly), false when intact, null if you can't tell; null for other damage.
At the top level, notes: anything the host should know about the photos as a whole (too dark, blurry, a side of the car not shown), or null.

Panel ids (kind in brackets):
${panelLines}

Damage type ids:
${damageTypeLines}`;

/** Host-typed vehicle text goes into the prompt on one line, without room for extra instructions. */
function promptText(value: string, max: number): string {
  return value.replace(/\s+/g, " ").trim().slice(0, max);
}

function userText(vehicle: VisionVehicle, photos: readonly VisionPhoto[]): string {
  const lines = [
    `Vehicle: ${vehicle.year} ${promptText(vehicle.make, 60)} ${promptText(vehicle.model, 80)}, body type ${vehicle.bodyType}.`,
  ];
  if (TWO_DOOR_BODY_TYPES.includes(vehicle.bodyType)) {
    lines.push(
      "This body has no rear side doors: damage behind the front doors is on a quarter panel.",
    );
  }
  lines.push(`${photos.length} photo${photos.length === 1 ? "" : "s"}, attached in this order:`);
  photos.forEach((photo, index) => {
    lines.push(`- Photo ${index}: ${photo.phase === "pre_trip" ? "pre-trip" : "post-trip"}`);
  });
  lines.push("List the visible damage as JSON in the required format.");
  return lines.join("\n");
}

function requestBody(model: string, vehicle: VisionVehicle, photos: readonly VisionPhoto[]) {
  return {
    model,
    temperature: 0,
    messages: [
      { role: "system", content: SYSTEM_PROMPT },
      {
        role: "user",
        content: [
          { type: "text", text: userText(vehicle, photos) },
          ...photos.map((photo) => ({
            type: "image_url",
            image_url: {
              url: `data:image/jpeg;base64,${Buffer.from(photo.jpeg).toString("base64")}`,
              detail: "high",
            },
          })),
        ],
      },
    ],
    response_format: {
      type: "json_schema",
      json_schema: {
        name: "damage_findings",
        strict: true,
        schema: findingsJsonSchema(vehicle.bodyType),
      },
    },
  };
}

// ─── Reading the answer ─────────────────────────────────────────────────────────────────────────

const CompletionSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({
          content: z
            .union([
              z.string(),
              z.array(z.object({ type: z.string(), text: z.string().optional() })),
            ])
            .nullish(),
          refusal: z.string().nullish(),
        }),
      }),
    )
    .min(1),
});

// Enum membership, ranges and panel/damage fit are checked by FindingSchema below, so one place
// decides what a valid finding is. Nullable fields may also be missing: servers that don't
// enforce strict schemas (Ollama, vLLM) sometimes leave them out, and that loses nothing.
const AnswerSchema = z.object({
  findings: z.array(
    z.object({
      photoIndex: z.number().int(),
      panel: z.string(),
      damageType: z.string(),
      severity: z.string(),
      sizeCm: z.number().nullish(),
      confidence: z.number(),
      box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).nullish(),
      note: z.string().nullish(),
      hail: z
        .object({
          dentCount: z.string(),
          dentSize: z.string(),
          oversizeDents: z.number().nullish(),
        })
        .nullish(),
      sensor: z.string().nullish(),
      paintCracked: z.boolean().nullish(),
    }),
  ),
  notes: z.string().nullish(),
});

function invalid(detail: string): VisionError {
  return new VisionError("invalid-response", `The AI's answer couldn't be used: ${detail}`);
}

function describeIssues(error: z.ZodError, prefix: string): string {
  return error.issues
    .slice(0, 5)
    .map(
      (issue) =>
        `${[prefix, ...issue.path].filter((part) => part !== "").join(".")}: ${issue.message}`,
    )
    .join("; ");
}

/** Some servers wrap the JSON in a Markdown code fence despite the schema. */
function stripCodeFence(text: string): string {
  const match = /^```[a-zA-Z]*\s*\n?([\s\S]*?)\n?\s*```$/.exec(text.trim());
  return match ? match[1]!.trim() : text.trim();
}

function parseAnswer(
  json: unknown,
  photos: readonly VisionPhoto[],
  bodyType: BodyType,
): { findings: VisionFinding[]; model?: string; notes?: string } {
  const completion = CompletionSchema.safeParse(json);
  if (!completion.success) {
    throw invalid(`not a chat completion (${describeIssues(completion.error, "")})`);
  }
  const choice = completion.data.choices[0]!;
  if (choice.message.refusal) {
    throw invalid(
      `the model refused: ${choice.message.refusal.slice(0, MAX_SERVER_MESSAGE_CHARS)}`,
    );
  }
  if (choice.finish_reason === "length") {
    throw invalid("the answer was cut off at the token limit (finish_reason: length)");
  }
  const raw = choice.message.content;
  const content = Array.isArray(raw) ? raw.map((part) => part.text ?? "").join("") : raw;
  if (!content) throw invalid("the answer was empty");

  let parsed: unknown;
  try {
    parsed = JSON.parse(stripCodeFence(content));
  } catch {
    throw invalid(`the answer is not JSON: ${JSON.stringify(content.slice(0, 80))}`);
  }
  const answer = AnswerSchema.safeParse(parsed);
  if (!answer.success) throw invalid(describeIssues(answer.error, ""));

  const findings = answer.data.findings.map((item, index): VisionFinding => {
    const photo = photos[item.photoIndex];
    if (!photo) {
      throw invalid(
        `findings.${index}.photoIndex ${item.photoIndex} is not one of the ${photos.length} photos sent`,
      );
    }
    const finding = FindingSchema.safeParse({
      id: `ai-${index}`, // FindingSchema needs an id; the caller assigns the real one
      panel: item.panel,
      damageType: item.damageType,
      severity: item.severity,
      sizeCm: item.sizeCm ?? undefined,
      confidence: item.confidence,
      photoId: photo.id,
      box: item.box ?? undefined,
      note: item.note?.trim() || undefined,
      // Details only count for the damage they describe; a model that fills them in for
      // other damage loses nothing.
      hail:
        item.damageType === "hail" && item.hail
          ? {
              dentCount: item.hail.dentCount,
              dentSize: item.hail.dentSize,
              ...(item.hail.oversizeDents ? { oversizeDents: item.hail.oversizeDents } : {}),
            }
          : undefined,
      sensor: item.damageType === "sensor-damage" ? (item.sensor ?? undefined) : undefined,
      paintCracked: item.damageType === "dent" && item.paintCracked ? true : undefined,
    });
    if (!finding.success) throw invalid(describeIssues(finding.error, `findings.${index}`));
    if (!panelExistsOn(finding.data.panel, bodyType)) {
      throw invalid(`findings.${index}.panel: a ${bodyType} has no ${finding.data.panel}`);
    }
    const { id: _id, ...rest } = finding.data;
    return rest;
  });

  return {
    findings,
    model: completion.data.model,
    notes: answer.data.notes?.trim() || undefined,
  };
}

// ─── HTTP ───────────────────────────────────────────────────────────────────────────────────────

/** Retry-After in seconds or as an HTTP date, capped; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** The server's own error text (OpenAI, Azure, Ollama and vLLM shapes), or "". */
function serverErrorMessage(text: string): { message: string; code?: string } {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object") {
      const error = (body as { error?: unknown }).error;
      if (typeof error === "string") return { message: error };
      if (error && typeof error === "object") {
        const { message, code, type } = error as Record<string, unknown>;
        return {
          message: typeof message === "string" ? message : "",
          code: typeof code === "string" ? code : typeof type === "string" ? type : undefined,
        };
      }
      const { message, detail } = body as Record<string, unknown>;
      if (typeof message === "string") return { message };
      if (typeof detail === "string") return { message: detail };
    }
  } catch {
    // Not JSON (an HTML error page from a proxy): use the start of the text.
  }
  return { message: text.replace(/\s+/g, " ").trim() };
}

function errorFromStatus(
  status: number,
  statusText: string,
  headers: Headers,
  bodyText: string,
  redact: (text: string) => string,
): VisionError {
  const server = serverErrorMessage(bodyText);
  const detail = redact(server.message).slice(0, MAX_SERVER_MESSAGE_CHARS);
  const message = `AI server answered HTTP ${status}${statusText ? ` ${statusText}` : ""}${detail ? `: ${detail}` : ""}`;
  if (status === 429) {
    // OpenAI reports an exhausted quota as a 429 too, but waiting doesn't fix that one.
    if (server.code === "insufficient_quota") {
      return new VisionError("refused", message, { status, userMessage: OUT_OF_CREDIT_MESSAGE });
    }
    return new VisionError("rate-limited", message, {
      status,
      retryAfterMs: retryAfterMs(headers.get("retry-after")),
    });
  }
  if (status === 408 || status >= 500) return new VisionError("unavailable", message, { status });
  return new VisionError("refused", message, { status });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A counting semaphore: `acquire` resolves with a release function once a slot is free. */
function createSemaphore(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];

  function releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next)
        next(); // hand the slot straight to the next waiter
      else active -= 1;
    };
  }

  return {
    async acquire(signal?: AbortSignal): Promise<() => void> {
      signal?.throwIfAborted();
      if (active < limit) {
        active += 1;
        return releaser();
      }
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          const index = waiting.indexOf(grant);
          if (index !== -1) waiting.splice(index, 1);
          reject(signal!.reason);
        };
        waiting.push(grant);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
      return releaser();
    },
  };
}

// ─── The provider ───────────────────────────────────────────────────────────────────────────────

export interface OpenAiCompatibleConfig {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1, https://<res>.openai.azure.com/openai/v1 */
  baseUrl: string;
  apiKey?: string;
  /** Model name (Azure: the deployment name). */
  model: string;
  /** Per attempt, from sending the request to reading the whole answer. */
  timeoutMs: number;
  /** Requests in flight at once for this provider. */
  concurrency: number;
  /** Attempts per batch for retryable failures (default 3). */
  maxAttempts?: number;
  /** First retry delay; doubles each attempt, with jitter (default 1000). */
  backoffMs?: number;
}

/** The retry settings with their defaults; a RangeError for a setting that can't work. */
function checkedRetries(config: OpenAiCompatibleConfig) {
  const { timeoutMs, concurrency } = config;
  const maxAttempts = config.maxAttempts ?? 3;
  const backoffMs = config.backoffMs ?? 1000;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError("concurrency must be a whole number of at least 1");
  }
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new RangeError("maxAttempts must be a whole number of at least 1");
  }
  if (!(timeoutMs > 0) || !(backoffMs >= 0)) {
    throw new RangeError("timeoutMs must be positive and backoffMs not negative");
  }
  return { maxAttempts, backoffMs };
}

/** A request that failed before any answer (DNS, refused connection, reset...). */
function unreachable(error: unknown, where: string, redact: (text: string) => string) {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const reason =
    typeof cause?.code === "string"
      ? cause.code
      : typeof cause?.message === "string"
        ? cause.message
        : String(error);
  return new VisionError(
    "unavailable",
    `AI server ${where} couldn't be reached: ${redact(reason)}`,
    {
      cause: error,
    },
  );
}

/** A batch's notes may say "photo 3", counted within the batch: say which photos it covers. */
function batchNotes(results: readonly { notes?: string }[], batches: readonly VisionPhoto[][]) {
  return results
    .map((result, index) => {
      if (!result.notes) return undefined;
      if (batches.length === 1) return result.notes;
      const first = index * MAX_PHOTOS_PER_CALL + 1;
      return `Photos ${first}–${first + batches[index]!.length - 1}: ${result.notes}`;
    })
    .filter((note) => note !== undefined);
}

export function createOpenAiCompatibleProvider(config: OpenAiCompatibleConfig): VisionProvider {
  const { apiKey, model, timeoutMs, concurrency } = config;
  const { maxAttempts, backoffMs } = checkedRetries(config);
  const endpoint = chatCompletionsUrl(config.baseUrl);
  // Log messages name the server by origin and path only (no credentials or query string).
  const where = `${endpoint.origin}${endpoint.pathname}`;
  const headers = { "Content-Type": "application/json", ...authHeaders(endpoint, apiKey) };
  const redact = (text: string) => (apiKey ? text.split(apiKey).join("[redacted]") : text);
  const slots = createSemaphore(concurrency);

  async function attempt(
    body: string,
    photos: readonly VisionPhoto[],
    bodyType: BodyType,
    signal: AbortSignal,
  ) {
    const release = await slots.acquire(signal);
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.any([signal, timeout.signal]),
      });
      const text = await response.text();
      if (!response.ok) {
        throw errorFromStatus(response.status, response.statusText, response.headers, text, redact);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw invalid(
          `the server's reply is not JSON: ${JSON.stringify(redact(text.slice(0, 80)))}`,
        );
      }
      return parseAnswer(json, photos, bodyType);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof VisionError) throw error;
      if (timeout.signal.aborted) {
        throw new VisionError("timeout", `AI server ${where} didn't answer within ${timeoutMs} ms`);
      }
      throw unreachable(error, where, redact);
    } finally {
      clearTimeout(timer);
      release();
    }
  }

  async function analyzeBatch(vehicle: VisionVehicle, photos: VisionPhoto[], signal: AbortSignal) {
    const body = JSON.stringify(requestBody(model, vehicle, photos));
    for (let attemptNumber = 1; ; attemptNumber += 1) {
      try {
        return await attempt(body, photos, vehicle.bodyType, signal);
      } catch (error) {
        if (!(error instanceof VisionError) || !error.retryable || attemptNumber >= maxAttempts) {
          throw error;
        }
        // Exponential backoff with jitter, so parallel batches don't retry in lockstep.
        const base = backoffMs * 2 ** (attemptNumber - 1);
        await sleep(error.retryAfterMs ?? base / 2 + (Math.random() * base) / 2, signal);
      }
    }
  }

  return {
    name: "openai-compatible",
    async analyze(request, signal) {
      const { vehicle, photos } = request;
      if (photos.length === 0) throw new RangeError("analyze() needs at least one photo");
      signal?.throwIfAborted();

      const batches: VisionPhoto[][] = [];
      for (let start = 0; start < photos.length; start += MAX_PHOTOS_PER_CALL) {
        batches.push(photos.slice(start, start + MAX_PHOTOS_PER_CALL));
      }
      // One failed batch fails the whole request, so the others are stopped rather than paid for.
      const stopBatches = new AbortController();
      const batchSignal = signal
        ? AbortSignal.any([signal, stopBatches.signal])
        : stopBatches.signal;
      const results = await Promise.all(
        batches.map((batch) =>
          analyzeBatch(vehicle, batch, batchSignal).catch((error: unknown) => {
            stopBatches.abort(error);
            throw error;
          }),
        ),
      );

      const notes = batchNotes(results, batches);

      return {
        findings: results.flatMap((result) => result.findings),
        model: results[0]?.model ?? model,
        ...(notes.length > 0 ? { notes: notes.join("\n") } : {}),
      };
    },
  };
}

let fromEnv: { provider: VisionProvider | null } | undefined;

/**
 * The configured provider, or null when AI_BASE_URL is unset (hosts tag damage by hand). One
 * instance per process, so AI_CONCURRENCY limits the calls of all reports together.
 */
export function visionProviderFromEnv(): VisionProvider | null {
  if (!fromEnv) {
    const { AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS, AI_CONCURRENCY } = env();
    fromEnv = {
      provider: AI_BASE_URL
        ? createOpenAiCompatibleProvider({
            baseUrl: AI_BASE_URL,
            apiKey: AI_API_KEY,
            model: AI_MODEL,
            timeoutMs: AI_TIMEOUT_MS,
            concurrency: AI_CONCURRENCY,
          })
        : null,
    };
  }
  return fromEnv.provider;
}
