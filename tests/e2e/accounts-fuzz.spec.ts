import fc from "fast-check";
import {
  apiContext,
  freshAddress,
  registerViaApi,
  SESSION_COOKIE,
  type TestUser,
} from "../support/accounts";
import { expect, test } from "../support/fixtures";
import {
  apiBody,
  expectJsonAnswer,
  expectPageAnswer,
  hostileString,
  options,
  pageBody,
  send,
  show,
} from "../support/fuzz";

/** Hostile input on every accounts action and API route (see tests/support/fuzz.ts). */

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
  test(`${path} answers a body it doesn't read (${status}), refuses one over the limit (413), and the connection stays usable`, async () => {
    const api = await apiContext();
    // Under the 64 KB limit for text the route answers; over it the HTTP entry answers 413 at
    // once. 400 KB is more than the socket buffers hold, so an unread body would stall.
    const small = Buffer.from("x=" + "h".repeat(60_000));
    const large = Buffer.from("x=" + "h".repeat(400_000));
    const sends: Array<[Buffer, number]> = [
      [large, 413],
      [small, status],
      [large, 413],
    ];
    for (const [body, expected] of sends) {
      const response = await api.post(path, {
        headers: { "Content-Type": "text/plain", "X-Forwarded-For": freshAddress() },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status()).toBe(expected);
    }
    expect((await api.get("/api/user")).status()).toBe(401);
    await api.dispose();
  });
}
