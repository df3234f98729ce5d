import type { APIRequestContext, APIResponse } from "@playwright/test";
import fc from "fast-check";
import { apiContext, freshAddress, visibleMessages } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * Hostile input for every action and API route (quality bar): random strings, objects, huge
 * values, wrong types and wrong content types, as JSON and as form bodies. The answer is always
 * below 500 with a message: `error` or `message` in JSON, a visible alert, status banner or field
 * error on pages. Each request comes from a fresh client address so validation, not the rate
 * limiter, answers (a 429 is still an acceptable 4xx).
 *
 * The seed is fixed so a run is reproducible; FC_SEED=<n> explores other inputs.
 */

const SEED = Number(process.env.FC_SEED ?? 20_261_121);
const RUNS = 20;
export const options = { numRuns: RUNS, seed: SEED, endOnFailure: true };

// ---------------------------------------------------------------------------------------------
// Arbitraries

const nasty = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "\r\n",
  "\t/evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00%E0%A4%A",
  "constructor",
  "__proto__",
  "password",
  "00000000-0000-4000-8000-000000000000",
  "🔐🚗".repeat(100),
  "x".repeat(300),
  "a@b.co",
);
/** Large enough to hit every length limit; the JSON routes cap bodies at 16 KiB. */
const huge = fc.constantFrom("h".repeat(20_000), "é".repeat(70_000));

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.uuid() },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
  },
);

/** An object with (some of) the route's own fields and perhaps others, all of any type. */
export function jsonObject(fields: string[]) {
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), {
    requiredKeys: [],
  });
  const keys = fc.oneof(fc.constantFrom(...fields, "__proto__", "constructor"), fc.string());
  return fc.oneof(
    { weight: 4, arbitrary: known },
    { weight: 1, arbitrary: fc.dictionary(keys, hostileValue, { maxKeys: 6 }) },
  );
}

/** A form body: string values (forms carry nothing else), sometimes with a pinned intent. */
export function formFields(fields: string[], intents: string[] = []) {
  const known = fc.record(Object.fromEntries(fields.map((f) => [f, hostileString])), {
    requiredKeys: [],
  });
  const intent =
    intents.length > 0
      ? fc.option(fc.oneof(fc.constantFrom(...intents), fc.string({ maxLength: 12 })), {
          nil: undefined,
        })
      : fc.constant(undefined);
  return fc
    .tuple(
      known,
      intent,
      fc.dictionary(fc.string({ maxLength: 10 }), hostileString, { maxKeys: 2 }),
    )
    .map(([values, chosen, extra]) => {
      const all: Record<string, string> = { ...extra, ...(values as Record<string, string>) };
      if (chosen !== undefined) all.intent = chosen;
      return all;
    });
}

export interface RawBody {
  contentType: string | null;
  body: Buffer;
  label: string;
}

/** A body, printed briefly in fast-check's counterexamples. */
export function raw(contentType: string | null, body: Buffer | string, label: string): RawBody {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  return {
    contentType,
    body: bytes,
    label,
    [fc.toStringMethod]: () => show({ contentType, body: bytes, label }),
  } as RawBody;
}

export const show = (input: RawBody) => {
  const text = input.body.toString("utf8");
  const shown = text.length > 300 ? `${text.slice(0, 300)}… (${input.body.length} bytes)` : text;
  return `[${input.label}; ${input.contentType ?? "no Content-Type"}] ${JSON.stringify(shown)}`;
};

export const encodeForm = (fields: Record<string, string>) =>
  Buffer.from(new URLSearchParams(Object.entries(fields)).toString());

export function multipart(fields: Record<string, string>): RawBody {
  const boundary = "----fuzz" + Math.random().toString(36).slice(2);
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${value}\r\n`,
  );
  return raw(
    `multipart/form-data; boundary=${boundary}`,
    parts.join("") + `--${boundary}--\r\n`,
    "multipart",
  );
}

/** Whatever a client could send: JSON of any shape, broken JSON, forms, other content types. */
export function apiBody(fields: string[]): fc.Arbitrary<RawBody> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: jsonObject(fields).map((value) =>
        raw("application/json", JSON.stringify(value), "json object"),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .jsonValue()
        .map((value) => raw("application/json", JSON.stringify(value) ?? "null", "any json")),
    },
    {
      weight: 1,
      arbitrary: fc
        .string({ maxLength: 60 })
        .map((text) => raw("application/json", text, "broken json")),
    },
    {
      weight: 1,
      arbitrary: formFields(fields).map((form) =>
        raw("application/x-www-form-urlencoded", encodeForm(form), "form"),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            null,
            "text/plain",
            "application/xml",
            "application/json; charset=utf-16",
          ),
          fc.string({ maxLength: 60 }),
        )
        .map(([contentType, text]) => raw(contentType, text, "other")),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...fields)
        .map((field) =>
          raw(
            "application/json",
            JSON.stringify({ [field]: "z".repeat(40_000) }),
            "oversized json",
          ),
        ),
    },
  );
}

/** What a browser or a script could post to a page action. */
export function pageBody(fields: string[], intents: string[] = []): fc.Arbitrary<RawBody> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: formFields(fields, intents).map((form) =>
        raw("application/x-www-form-urlencoded", encodeForm(form), "form"),
      ),
    },
    { weight: 1, arbitrary: formFields(fields, intents).map(multipart) },
    {
      weight: 1,
      arbitrary: jsonObject(fields).map((value) =>
        raw("application/json", JSON.stringify(value), "json"),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(null, "text/plain", "multipart/form-data; boundary=nope"),
          fc.string({ maxLength: 60 }),
        )
        .map(([contentType, text]) => raw(contentType, text, "other")),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Sending and checking

export async function send(
  api: APIRequestContext,
  path: string,
  input: RawBody,
  method = "POST",
): Promise<APIResponse> {
  const headers: Record<string, string> = { "X-Forwarded-For": freshAddress() };
  if (input.contentType) headers["Content-Type"] = input.contentType;
  return api.fetch(path, { method, headers, data: input.body, maxRedirects: 0 });
}

export async function expectJsonAnswer(response: APIResponse, what: string) {
  const status = response.status();
  const text = await response.text();
  expect(status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(response.headers()["content-type"], what).toContain("application/json");
  const body = JSON.parse(text) as Record<string, unknown>;
  if (status >= 400) {
    const message = body.error ?? body.message;
    expect(typeof message, `${what}: ${text.slice(0, 300)}`).toBe("string");
    expect((message as string).length, what).toBeGreaterThan(0);
    expect(message).not.toMatch(/Unexpected Server Error/);
  }
}

export async function expectPageAnswer(response: APIResponse, what: string) {
  const status = response.status();
  const text = await response.text();
  expect(status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (status >= 300 && status < 400) {
    // A redirect carries its message to the next page in the flash-toast cookie.
    const cookies = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
    expect(
      cookies.some((c) => /^fa_toast=[^;]+/.test(c.value)),
      `${what}: redirect to ${response.headers()["location"]} without a message`,
    ).toBe(true);
    return;
  }
  expect(response.headers()["content-type"], what).toContain("text/html");
  expect(visibleMessages(text), `${what}: no visible message (status ${status})`).not.toEqual([]);
  expect(text).not.toContain("Unexpected Server Error");
}

// ---------------------------------------------------------------------------------------------
// The tests: one per route, each of `options.numRuns` hostile requests.

/** A page whose form posts are fuzzed; signed in as the spec's owner unless `signedIn` is false. */
export interface FuzzedPage {
  name: string;
  path: () => string;
  fields: string[];
  intents?: string[];
  signedIn?: boolean;
}

/** A JSON route whose bodies are fuzzed, signed in as the spec's owner. */
export interface FuzzedApi {
  name: string;
  path: () => string;
  method: string;
  fields: string[];
}

/** Hostile form posts to each page: every answer below 500 with a message the person can see. */
export function fuzzPages(pages: readonly FuzzedPage[], ownerApi: () => APIRequestContext) {
  for (const route of pages) {
    test(`page ${route.name}: hostile form posts → < 500 with a visible message`, async () => {
      const api = route.signedIn === false ? await apiContext() : ownerApi();
      await fc.assert(
        fc.asyncProperty(pageBody(route.fields, route.intents), async (input) => {
          const path = route.path();
          await expectPageAnswer(await send(api, path, input), `${path} ${show(input)}`);
        }),
        options,
      );
      if (route.signedIn === false) await api.dispose();
    });
  }
}

/** Hostile bodies to each JSON route: every answer below 500 with a message; still signed in. */
export function fuzzApis(apis: readonly FuzzedApi[], ownerApi: () => APIRequestContext) {
  for (const route of apis) {
    test(`API ${route.name}: hostile bodies → < 500 with a message`, async () => {
      await fc.assert(
        fc.asyncProperty(apiBody(route.fields), async (input) => {
          const response = await send(ownerApi(), route.path(), input, route.method);
          await expectJsonAnswer(response, `${route.name} ${show(input)}`);
        }),
        options,
      );
      expect((await ownerApi().get("/api/user")).status(), "still signed in").toBe(200);
    });
  }
}
