import type { APIRequestContext, APIResponse } from "@playwright/test";
import fc from "fast-check";
import {
  apiContext,
  freshAddress,
  registerViaApi,
  SESSION_COOKIE,
  visibleMessages,
  type TestUser,
} from "../support/accounts";
import { expect, test } from "../support/fixtures";

/**
 * Hostile input on every accounts action and API route (quality bar): random strings, objects,
 * huge values, wrong types and wrong content types, as JSON and as form bodies. The answer is
 * always below 500 with a message: `error` or `message` in JSON, a visible alert, status banner
 * or field error on pages. Each run comes from a fresh client address so validation, not the
 * rate limiter, answers (a 429 is still an acceptable 4xx).
 *
 * The seed is fixed so a run is reproducible; FC_SEED=<n> explores other inputs.
 */

const SEED = Number(process.env.FC_SEED ?? 20_261_121);
const RUNS = 20;
const options = { numRuns: RUNS, seed: SEED, endOnFailure: true };

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

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.uuid() },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
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
function jsonObject(fields: string[]) {
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
function formFields(fields: string[], intents: string[] = []) {
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

interface RawBody {
  contentType: string | null;
  body: Buffer;
  label: string;
}

/** A body, printed briefly in fast-check's counterexamples. */
function raw(contentType: string | null, body: Buffer | string, label: string): RawBody {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  return {
    contentType,
    body: bytes,
    label,
    [fc.toStringMethod]: () => show({ contentType, body: bytes, label }),
  } as RawBody;
}

const show = (input: RawBody) => {
  const text = input.body.toString("utf8");
  const shown = text.length > 300 ? `${text.slice(0, 300)}… (${input.body.length} bytes)` : text;
  return `[${input.label}; ${input.contentType ?? "no Content-Type"}] ${JSON.stringify(shown)}`;
};

const encodeForm = (fields: Record<string, string>) =>
  Buffer.from(new URLSearchParams(Object.entries(fields)).toString());

function multipart(fields: Record<string, string>): RawBody {
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
function apiBody(fields: string[]): fc.Arbitrary<RawBody> {
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
function pageBody(fields: string[], intents: string[] = []): fc.Arbitrary<RawBody> {
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

async function send(
  api: APIRequestContext,
  path: string,
  input: RawBody,
  method = "POST",
): Promise<APIResponse> {
  const headers: Record<string, string> = { "X-Forwarded-For": freshAddress() };
  if (input.contentType) headers["Content-Type"] = input.contentType;
  return api.fetch(path, { method, headers, data: input.body, maxRedirects: 0 });
}

async function expectJsonAnswer(response: APIResponse, what: string) {
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

async function expectPageAnswer(response: APIResponse, what: string) {
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

// Signed-in actors: one per worker for the API, one for /account (its fuzz edits the profile).
let sharedUser: Promise<TestUser> | undefined;
const signedIn = () => (sharedUser ??= registerViaApi("fuzz"));

test.describe.configure({ timeout: 120_000 });

test.afterAll(async () => {
  if (sharedUser) await (await sharedUser).api.dispose();
});

// ---------------------------------------------------------------------------------------------
// JSON API routes

/**
 * /api/demo-leads (app/routes/api.demo-leads.ts, outside the accounts code) answers 415 and 429
 * without reading the body, so a large body stalls the connection and the client gets
 * ECONNRESET (see the "early answers" tests below). Marked as a known failure until the server
 * drains unread bodies; remove the mark when it passes.
 */
const API_ROUTES: Array<{ path: string; fields: string[]; auth: boolean }> = [
  { path: "/api/login", fields: ["identifier", "username", "email", "password"], auth: false },
  {
    path: "/api/register",
    fields: [
      "username",
      "email",
      "password",
      "firstName",
      "lastName",
      "redirectTo",
      "utmAttribution",
    ],
    auth: false,
  },
  {
    path: "/api/concierge/register",
    fields: [
      "username",
      "email",
      "password",
      "firstName",
      "lastName",
      "conciergeFleetSize",
      "marketplaceProfile",
      "utmAttribution",
    ],
    auth: false,
  },
  { path: "/api/request-password-reset", fields: ["email"], auth: false },
  { path: "/api/resend-verification", fields: ["email", "token"], auth: false },
  { path: "/api/resend-verification", fields: ["email", "token"], auth: true },
  { path: "/api/user/switch-account", fields: ["accountId"], auth: false },
  { path: "/api/user/switch-account", fields: ["accountId"], auth: true },
  { path: "/api/logout", fields: ["all", "token"], auth: false },
  {
    path: "/api/demo-leads",
    fields: [
      "email",
      "firstName",
      "lastName",
      "phone",
      "turoProfile",
      "vehicleCount",
      "company_website",
    ],
    auth: false,
  },
  // Read-only routes: any other method is a JSON 405, not a server error.
  { path: "/api/user", fields: ["id", "email"], auth: true },
  { path: "/api/user/available-accounts", fields: ["accountId"], auth: true },
];

for (const route of API_ROUTES) {
  test(`API ${route.path} (${route.auth ? "signed in" : "signed out"}): hostile bodies → < 500 with a message`, async () => {
    const user = route.auth ? await signedIn() : undefined;
    const api = user?.api ?? (await apiContext());
    await fc.assert(
      fc.asyncProperty(apiBody(route.fields), async (input) => {
        await expectJsonAnswer(await send(api, route.path, input), `${route.path} ${show(input)}`);
      }),
      options,
    );
    if (!user) await api.dispose();
    else expect((await user.api.get("/api/user")).status(), "still signed in").toBe(200);
  });
}

test("API GET routes: hostile cookies, query strings and methods → < 500 with a message", async () => {
  const api = await apiContext();
  const cookieValue = fc.oneof(hostileString, fc.base64String({ maxLength: 80 }));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("/api/user", "/api/user/available-accounts"),
      cookieValue,
      fc.string({ maxLength: 30 }),
      fc.constantFrom("GET", "PUT", "PATCH", "DELETE"),
      async (path, cookie, search, method) => {
        const response = await api.fetch(`${path}?q=${encodeURIComponent(search)}`, {
          method,
          headers: {
            Cookie: `${SESSION_COOKIE}=${encodeURIComponent(cookie)}; fa_toast=${encodeURIComponent(cookie)}`,
            "X-Forwarded-For": freshAddress(),
          },
          maxRedirects: 0,
        });
        await expectJsonAnswer(response, `${method} ${path} cookie=${JSON.stringify(cookie)}`);
        expect([401, 405]).toContain(response.status());
      },
    ),
    options,
  );
  await api.dispose();
});

// ---------------------------------------------------------------------------------------------
// Page actions

const PAGE_ROUTES: Array<{
  name: string;
  path: fc.Arbitrary<string>;
  fields: string[];
  intents?: string[];
  auth: "none" | "shared" | "own";
}> = [
  {
    name: "/auth",
    path: fc.constantFrom("/auth", "/auth?mode=register", "/auth?redirectTo=%2F%2Fevil.example"),
    fields: ["identifier", "password", "username", "email", "firstName", "lastName", "redirectTo"],
    intents: ["login", "register"],
    auth: "none",
  },
  {
    name: "/join-concierge",
    path: fc.constant("/join-concierge"),
    fields: [
      "username",
      "email",
      "password",
      "firstName",
      "lastName",
      "conciergeFleetSize",
      "marketplaceProfile",
    ],
    auth: "none",
  },
  {
    name: "/reset-password",
    path: fc.oneof(
      fc.constant("/reset-password"),
      fc
        .string({ minLength: 1, maxLength: 80 })
        .map((t) => `/reset-password?token=${encodeURIComponent(t)}`),
    ),
    fields: ["email", "token", "password", "confirmPassword"],
    intents: ["request", "reset"],
    auth: "none",
  },
  {
    name: "/verify-email",
    path: fc.oneof(
      fc.constant("/verify-email"),
      fc.string({ maxLength: 80 }).map((t) => `/verify-email?token=${encodeURIComponent(t)}`),
    ),
    fields: ["token"],
    auth: "none",
  },
  {
    name: "/invite/<token> (signed out)",
    path: fc
      .oneof(
        fc.base64String({ minLength: 20, maxLength: 60 }),
        fc.string({ minLength: 1, maxLength: 40 }),
      )
      .map((t) => `/invite/${encodeURIComponent(t)}`),
    fields: ["token", "accountId"],
    auth: "none",
  },
  {
    name: "/invite/<token> (signed in)",
    path: fc
      .base64String({ minLength: 20, maxLength: 60 })
      .map((t) => `/invite/${encodeURIComponent(t)}`),
    fields: ["token", "accountId"],
    auth: "shared",
  },
  {
    name: "/logout",
    path: fc.constant("/logout"),
    fields: ["intent", "redirectTo"],
    auth: "none",
  },
  {
    name: "/account/switch",
    path: fc.constant("/account/switch"),
    fields: ["accountId", "redirectTo"],
    auth: "shared",
  },
  {
    name: "/account",
    path: fc.constant("/account"),
    fields: [
      "firstName",
      "lastName",
      "username",
      "email",
      "currentPassword",
      "newPassword",
      "confirmPassword",
      "role",
      "userId",
      "invitationId",
      "confirm",
    ],
    // Every intent but "signout-all", which would end the session the fuzzing runs in.
    intents: [
      "profile",
      "password",
      "resend",
      "signout-others",
      "invite",
      "role",
      "remove",
      "revoke",
      "delete",
    ],
    auth: "own",
  },
];

for (const route of PAGE_ROUTES) {
  test(`page ${route.name}: hostile form posts → < 500 with a visible message`, async () => {
    const user =
      route.auth === "shared"
        ? await signedIn()
        : route.auth === "own"
          ? await registerViaApi("fuzzacct")
          : undefined;
    const api = user?.api ?? (await apiContext());
    await fc.assert(
      fc.asyncProperty(route.path, pageBody(route.fields, route.intents), async (path, input) => {
        await expectPageAnswer(await send(api, path, input), `${path} ${show(input)}`);
      }),
      options,
    );
    if (user) {
      // Still signed in as the same user: no hostile post ended or hijacked the session.
      const me = await user.api.get("/api/user");
      expect(me.status()).toBe(200);
      expect((await me.json()).id).toBe(user.id);
    }
    if (route.auth === "own") await user!.api.dispose();
    if (!user) await api.dispose();
  });
}

// ---------------------------------------------------------------------------------------------
// Early answers to large bodies

const EARLY_ANSWERS: Array<{ path: string; status: number }> = [
  { path: "/api/login", status: 415 },
  { path: "/api/register", status: 415 },
  { path: "/api/concierge/register", status: 415 },
  { path: "/api/request-password-reset", status: 415 },
  { path: "/api/resend-verification", status: 401 },
  { path: "/api/user/switch-account", status: 401 },
  { path: "/api/logout", status: 200 },
  { path: "/api/user", status: 405 },
  { path: "/api/user/available-accounts", status: 405 },
  { path: "/api/demo-leads", status: 415 },
  { path: "/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAA", status: 302 },
  { path: "/logout", status: 302 },
  { path: "/account", status: 302 },
  { path: "/account/switch", status: 302 },
];

for (const { path, status } of EARLY_ANSWERS) {
  test(`${path} answers a large body it doesn't read (${status}), and the connection stays usable`, async () => {
    const api = await apiContext();
    // 400 KB: more than the socket buffers hold, so an unread body stalls the upload.
    const body = Buffer.from("x=" + "h".repeat(400_000));
    for (let i = 0; i < 2; i++) {
      const response = await api.post(path, {
        headers: { "Content-Type": "text/plain", "X-Forwarded-For": freshAddress() },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(status);
    }
    expect((await api.get("/api/user")).status()).toBe(401);
    await api.dispose();
  });
}
