// A local OpenAI-compatible chat-completions server for tests, Playwright and benchmarks, so the
// vision provider is always exercised over real HTTP and never against mocked functions.
//
// Library: `const ai = await startAiServer({ port: 0 })`, then point the provider at `ai.url`.
// CLI:     `node tests/support/ai-server.js --port 3127 [--delay-ms 200]` (runs until killed).
//
// Answers come from recorded OpenAI responses in ./ai-fixtures/. The scenario is chosen per
// request by the model name `scenario:<name>` (optionally `scenario:<name>:<key>`, which gives the
// request its own retry counters so parallel tests don't share them), otherwise by the global
// scenario (`setScenario(name)` or `POST /__scenario {"name": …}`).
import http from "node:http";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Every scenario the server knows; see `answer()` for what each one returns. */
export const SCENARIOS = [
  "recorded", // a realistic answer: bumper scratch, door dent, wheel curb rash
  "no-damage", // an empty findings list
  "damage-details", // hail with its dent count, a damaged parking sensor, a dent with cracked paint
  "fenced", // the recorded answer wrapped in ```json fences, as some local models write it
  "broken-json", // prose instead of JSON
  "invalid-schema", // an unknown panel id
  "impossible", // curb rash on the hood
  "truncated", // JSON cut off by the token limit (finish_reason "length")
  "refusal", // the model refused (message.refusal set, no content)
  "photo-out-of-range", // the recorded answer unclamped: photoIndex 2 even when fewer photos were sent
  "server-error", // HTTP 500
  "flaky", // HTTP 500 twice, then the recorded answer (repeats every 3 requests)
  "rate-limited", // HTTP 429 with Retry-After: 1, then the recorded answer (repeats every 2)
  "unauthorized", // HTTP 401 with an OpenAI-style error body
  "slow", // answers after 60 s unless the client gives up first
  // Text drafts (a request with the "claim_draft" JSON schema and no images): "recorded" answers
  // with the template the request carries, this one adds a fact the claim record doesn't have.
  "invented-fact",
  // Guest replies (the "guest_reply" schema): "recorded" answers with the knowledge entries of
  // the topics the request says the guest asked about; these add what the draft guard must block.
  "leaks-code",
  "offers-discount",
  "off-platform-contact",
];

/** What each guest-reply scenario adds to an honest reply. */
const BAD_REPLY_ADDITIONS = {
  "leaks-code": "The lockbox code is 4821 if you want to grab the key early.",
  "offers-discount": "I can also take 15% off your next trip.",
  "off-platform-contact": "Text me at (555) 123-4567 and we can sort it out.",
};

/**
 * A guest reply as a careful model writes it: greets the guest, gives the entries of the topics
 * the request lists under "ASKED ABOUT:", signs with "SIGNATURE:", and names the entries used.
 */
function guestReplyAnswer(body, name) {
  const prompt = String(body.messages.at(-1)?.content ?? "");
  const field = (label) => new RegExp(`^${label}: (.*)$`, "m").exec(prompt)?.[1] ?? "";
  const asked = field("ASKED ABOUT")
    .split(",")
    .map((topic) => topic.trim());
  const entries = prompt
    .split("KNOWLEDGE ENTRIES:\n")
    .at(-1)
    .split("\n")
    .map((line) => /^\[([\w-]+)\] [^:]+: (.*)$/.exec(line))
    .filter((match) => match && asked.includes(match[1]));
  const guest = field("GUEST").split(/\s+/)[0];
  const signature = field("SIGNATURE");
  const lines = [
    `Hi ${guest}!`,
    ...entries.map((match) => match[2]),
    ...(BAD_REPLY_ADDITIONS[name] ? [BAD_REPLY_ADDITIONS[name]] : []),
    ...(signature && signature !== "(none)" ? [signature] : []),
  ];
  const draft = entries.length
    ? lines.join("\n")
    : `Hi ${guest}! Let me check and get back to you.`;
  return {
    status: 200,
    body: {
      id: "chatcmpl-test-reply",
      object: "chat.completion",
      created: 1_795_000_000,
      model: body.model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: JSON.stringify({ draft, usedKnowledge: entries.map((match) => match[1]) }),
          },
          finish_reason: "stop",
        },
      ],
    },
  };
}

/** A text-draft answer: the template after "TEMPLATE:" in the last message, optionally with an invented fact. */
function draftAnswer(body, { invent = false } = {}) {
  const last = body.messages.at(-1)?.content ?? "";
  const template = String(last).split("TEMPLATE:\n").at(-1).trim();
  const draft = invent
    ? `${template}\n\nThe guest also owes $4,800.00 for towing and storage.`
    : template;
  return {
    status: 200,
    body: {
      id: "chatcmpl-test-draft",
      object: "chat.completion",
      created: 1_795_000_000,
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: JSON.stringify({ draft }) },
          finish_reason: "stop",
        },
      ],
    },
  };
}

const SLOW_MS = 60_000;

const FIXTURE_NAMES = [
  "recorded",
  "no-damage",
  "damage-details",
  "broken-json",
  "invalid-schema",
  "impossible",
  "truncated",
  "refusal",
];
const fixtures = Object.fromEntries(
  FIXTURE_NAMES.map((name) => [
    name,
    JSON.parse(readFileSync(new URL(`./ai-fixtures/${name}.json`, import.meta.url), "utf8")),
  ]),
);

function openAiError(status, message, type, code = null) {
  return { status, body: { error: { message, type, param: null, code } } };
}

function sendJson(res, status, body, headers = {}) {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** Waits `ms`, or less if the client disconnects first. Resolves whether the client is still there. */
function waitWhileConnected(ms, res) {
  if (ms <= 0) return Promise.resolve(!res.destroyed);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off("close", onClose);
      resolve(true);
    }, ms);
    function onClose() {
      clearTimeout(timer);
      resolve(false);
    }
    res.once("close", onClose);
  });
}

function imageParts(messages) {
  const parts = [];
  for (const message of messages) {
    if (!message || !Array.isArray(message.content)) continue;
    for (const part of message.content) {
      if (part && part.type === "image_url" && part.image_url && part.image_url.url) {
        parts.push(part);
      }
    }
  }
  return parts;
}

/** The request body with each data: URL replaced by its decoded byte length, for the log. */
function summarise(body) {
  const copy = structuredClone(body);
  for (const part of imageParts(copy.messages ?? [])) {
    const match = /^data:([^;,]+);base64,(.*)$/s.exec(part.image_url.url);
    if (match) {
      const bytes = Buffer.from(match[2], "base64").length;
      part.image_url.url = `data:${match[1]};base64,[${bytes} bytes]`;
    }
  }
  return copy;
}

/** OpenAI's own masking of a wrong key in its 401 message: "sk-ab***********wxyz". */
function maskKey(key) {
  return key.length <= 8 ? "***" : `${key.slice(0, 5)}${"*".repeat(12)}${key.slice(-4)}`;
}

/** The recorded answer with every photoIndex clamped to the images actually sent. */
function recordedAnswer(imageCount, { fence = false, clamp = true } = {}) {
  const response = structuredClone(fixtures.recorded);
  const message = response.choices[0].message;
  const content = JSON.parse(message.content);
  for (const finding of content.findings) {
    if (clamp) finding.photoIndex = Math.min(finding.photoIndex, imageCount - 1);
  }
  const json = JSON.stringify(content);
  message.content = fence ? "```json\n" + json + "\n```" : json;
  return response;
}

/**
 * Starts the server on 127.0.0.1.
 * @param {{ port?: number, delayMs?: number }} [options] delayMs: added before every answer.
 */
export async function startAiServer({ port = 0, delayMs = 0 } = {}) {
  let scenario = "recorded";
  /** @type {Map<string, number>} requests seen per counter key (flaky, rate-limited) */
  let counters = new Map();
  /** @type {Array<{ receivedAt: string, path: string, headers: Record<string, string | null>, body: any }>} */
  let log = [];
  let inFlight = 0;
  let maxInFlight = 0;

  function countFor(key) {
    const count = (counters.get(key) ?? 0) + 1;
    counters.set(key, count);
    return count;
  }

  function answer(name, counterKey, imageCount, authorization) {
    switch (name) {
      case "recorded":
        return { status: 200, body: recordedAnswer(imageCount) };
      case "fenced":
        return { status: 200, body: recordedAnswer(imageCount, { fence: true }) };
      case "photo-out-of-range":
        return { status: 200, body: recordedAnswer(imageCount, { clamp: false }) };
      case "no-damage":
      case "damage-details":
      case "broken-json":
      case "invalid-schema":
      case "impossible":
      case "truncated":
      case "refusal":
        return { status: 200, body: structuredClone(fixtures[name]) };
      case "server-error":
        return openAiError(
          500,
          "The server had an error while processing your request. Sorry about that!",
          "server_error",
        );
      case "flaky":
        return countFor(counterKey) % 3 === 0
          ? { status: 200, body: recordedAnswer(imageCount) }
          : answer("server-error", counterKey, imageCount, authorization);
      case "rate-limited":
        if (countFor(counterKey) % 2 === 0) {
          return { status: 200, body: recordedAnswer(imageCount) };
        }
        return {
          ...openAiError(
            429,
            "Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 1s.",
            "requests",
            "rate_limit_exceeded",
          ),
          headers: { "Retry-After": "1" },
        };
      case "unauthorized": {
        const key = authorization?.replace(/^Bearer\s+/i, "");
        return openAiError(
          401,
          key
            ? `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`
            : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
          "invalid_request_error",
          "invalid_api_key",
        );
      }
      default:
        return openAiError(
          400,
          `Unknown test scenario "${name}". Known: ${SCENARIOS.join(", ")}.`,
          "invalid_request_error",
        );
    }
  }

  async function chatCompletions(req, res, path) {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      inFlight -= 1;
    };
    // "finish": the answer is handed to the OS; "close": the client went away first.
    res.once("finish", done);
    res.once("close", done);

    let body;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      const error = openAiError(
        400,
        "We could not parse the JSON body of your request.",
        "invalid_request_error",
      );
      return sendJson(res, error.status, error.body);
    }
    const images = Array.isArray(body?.messages) ? imageParts(body.messages) : [];
    const schemaName = body?.response_format?.json_schema?.name;
    if (
      (schemaName === "claim_draft" || schemaName === "guest_reply") &&
      typeof body?.model === "string"
    ) {
      log.push({ receivedAt: new Date().toISOString(), path, headers: {}, body });
      const name = body.model.startsWith("scenario:")
        ? body.model.slice("scenario:".length).split(":")[0]
        : scenario;
      if (name === "server-error") {
        const error = answer("server-error", "text", 0, null);
        return sendJson(res, error.status, error.body);
      }
      const reply =
        schemaName === "guest_reply"
          ? guestReplyAnswer(body, name)
          : draftAnswer(body, { invent: name === "invented-fact" });
      return sendJson(res, reply.status, reply.body);
    }
    if (typeof body?.model !== "string" || images.length === 0) {
      const error = openAiError(
        400,
        "This test server expects a `model` and `messages` with at least one image_url part.",
        "invalid_request_error",
      );
      return sendJson(res, error.status, error.body);
    }

    const authorization = req.headers.authorization ?? null;
    log.push({
      receivedAt: new Date().toISOString(),
      path,
      headers: {
        authorization,
        "api-key": req.headers["api-key"] ?? null,
        "content-type": req.headers["content-type"] ?? null,
      },
      body: summarise(body),
    });

    let name = scenario;
    let counterKey = `global:${scenario}`;
    if (body.model.startsWith("scenario:")) {
      name = body.model.slice("scenario:".length).split(":")[0];
      counterKey = body.model;
    }

    if (!(await waitWhileConnected(delayMs, res))) return;
    if (name === "slow" && !(await waitWhileConnected(SLOW_MS, res))) return;

    const reply = answer(
      name === "slow" ? "recorded" : name,
      counterKey,
      images.length,
      authorization,
    );
    if (reply.status === 200 && !body.model.startsWith("scenario:")) reply.body.model = body.model;
    sendJson(res, reply.status, reply.body, reply.headers);
  }

  async function handle(req, res) {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    if (req.method === "GET" && (path === "/health" || path === "/healthz")) {
      return sendJson(res, 200, { status: "ok", scenario });
    }
    if (req.method === "GET" && path === "/__requests") return sendJson(res, 200, log);
    if (req.method === "POST" && path === "/__scenario") {
      let name;
      try {
        name = JSON.parse(await readBody(req)).name;
      } catch {
        name = undefined;
      }
      if (!SCENARIOS.includes(name)) {
        return sendJson(res, 400, {
          error: `Send {"name": …} with one of: ${SCENARIOS.join(", ")}`,
        });
      }
      scenario = name;
      counters = new Map();
      return sendJson(res, 200, { scenario });
    }
    if (req.method === "POST" && path === "/__reset") {
      reset();
      return sendJson(res, 200, { scenario });
    }
    if (req.method === "POST" && path === "/v1/chat/completions") {
      return chatCompletions(req, res, path);
    }
    const error = openAiError(
      404,
      `Unknown request to ${req.method} ${path}. This server answers POST /v1/chat/completions.`,
      "invalid_request_error",
    );
    return sendJson(res, error.status, error.body);
  }

  function reset() {
    scenario = "recorded";
    counters = new Map();
    log = [];
    maxInFlight = inFlight;
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      sendJson(res, 500, { error: { message: String(error), type: "test_server_error" } });
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  return {
    url: `http://127.0.0.1:${actualPort}/v1`,
    port: actualPort,
    /** @param {string} name one of SCENARIOS */
    setScenario(name) {
      if (!SCENARIOS.includes(name)) throw new Error(`Unknown AI test scenario "${name}"`);
      scenario = name;
      counters = new Map();
    },
    /** Chat-completion requests received so far, images elided to their byte length. */
    requests: () => structuredClone(log),
    /** Most chat-completion requests that were open at the same time. */
    maxInFlight: () => maxInFlight,
    reset,
    close() {
      // Drop open connections too (a `slow` answer would otherwise hold close() for a minute).
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

function argValue(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(argValue("--port") ?? 3127);
  const delayMs = Number(argValue("--delay-ms") ?? 0);
  if (!Number.isInteger(port) || port < 0 || !Number.isFinite(delayMs) || delayMs < 0) {
    console.error("Usage: node tests/support/ai-server.js [--port 3127] [--delay-ms 200]");
    process.exit(2);
  }
  const ai = await startAiServer({ port, delayMs });
  console.log(`OpenAI-compatible test server listening on ${ai.url}`);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      ai.close().then(() => process.exit(0));
    });
  }
}
