import type { APIRequestContext } from "@playwright/test";
import {
  acceptViaForm,
  accountIdOf,
  apiContext,
  browserContext,
  cheapPasswordHash,
  disposeAll,
  emailsTo,
  expireToken,
  inviteViaForm,
  pathOf,
  registerViaApi,
  replaySession,
  signInWithForm,
  submitSignInForm,
  SESSION_COOKIE,
  sessionCookieOf,
  setPasswordHash,
  sha256,
  tokenIn,
  visibleMessages,
  waitForNthEmail,
} from "../support/accounts";
import { BASE_URL } from "../support/env";
import { expect, linkIn, query, test, uniqueEmail } from "../support/fixtures";

/** Accounts security (quality bar): rate limits, enumeration, tokens, sessions, CSRF, cookies. */

const TOO_MANY = "Too many attempts. Please wait a minute and try again.";
const LOGIN_FAILED = "Invalid username/email or password.";
const RESET_SENT =
  "If an account with that email exists, we've sent instructions to reset your password";
const RESET_INVALID = "This reset link is invalid or has expired. Please request a new one.";

/** The reset form's post (as without JavaScript): `password` typed twice, for `token`. */
function postPasswordReset(api: APIRequestContext, token: string, password: string) {
  return api.post("/reset-password", {
    form: { intent: "reset", token, password, confirmPassword: password },
    maxRedirects: 0,
  });
}
const VERIFY_INVALID =
  "This verification link is invalid, already used or expired. Sign in and ask for a new one.";

test.describe("rate limits", () => {
  test("the 11th login in a minute from one address is refused with 429 (POST /api/login)", async () => {
    test.setTimeout(90_000);
    const user = await registerViaApi("limited");
    const attacker = await apiContext();
    // Ten wrong passwords are answered (401) ...
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () =>
        attacker.post("/api/login", {
          data: { identifier: user.username, password: "not the password" },
        }),
      ),
    );
    for (const response of attempts) {
      expect(response.status()).toBe(401);
      expect(await response.json()).toEqual({ error: LOGIN_FAILED, message: LOGIN_FAILED });
    }
    // ... the 11th is not, not even with the right password.
    const eleventh = await attacker.post("/api/login", {
      data: { identifier: user.username, password: user.password },
    });
    expect(eleventh.status()).toBe(429);
    expect(await eleventh.json()).toEqual({ error: TOO_MANY, message: TOO_MANY });
    expect(await sessionCookieOf(attacker)).toBeUndefined();

    // The limit is per address: the owner signs in from elsewhere.
    const elsewhere = await apiContext();
    const ok = await elsewhere.post("/api/login", {
      data: { identifier: user.username, password: user.password },
    });
    expect(ok.status()).toBe(200);
    await disposeAll(user);
    await attacker.dispose();
    await elsewhere.dispose();
  });

  test("the 11th sign-in on the /auth form in a minute is refused with 429 and says so", async () => {
    test.setTimeout(90_000);
    const attacker = await apiContext();
    const attempt = (n: number) =>
      attacker.post("/auth", {
        form: { intent: "login", identifier: `nobody${n}@fleet.test`, password: "guess-guess" },
      });
    const first = await Promise.all(Array.from({ length: 10 }, (_, n) => attempt(n)));
    for (const response of first) {
      expect(response.status()).toBe(401);
      expect(visibleMessages(await response.text())).toContain(LOGIN_FAILED);
    }
    const eleventh = await attempt(11);
    expect(eleventh.status()).toBe(429);
    expect(Number(eleventh.headers()["retry-after"])).toBeGreaterThan(0);
    expect(visibleMessages(await eleventh.text())).toContain(TOO_MANY);
    await attacker.dispose();
  });
});

test.describe("no account enumeration on password reset", () => {
  test("known and unknown emails get the same answer; mail only goes to the known one", async () => {
    test.setTimeout(60_000);
    const user = await registerViaApi("known");
    const unknown = uniqueEmail("unknown");
    const api = await apiContext();

    // JSON API: identical status and body.
    const a = await api.post("/api/request-password-reset", { data: { email: unknown } });
    const b = await api.post("/api/request-password-reset", { data: { email: user.email } });
    expect(a.status()).toBe(200);
    expect(b.status()).toBe(a.status());
    expect(await b.text()).toBe(await a.text());
    expect(await a.json()).toEqual({ message: RESET_SENT });

    // The form: identical status and message.
    const formA = await api.post("/reset-password", {
      form: { intent: "request", email: unknown },
    });
    const formB = await api.post("/reset-password", {
      form: { intent: "request", email: user.email.toUpperCase() },
    });
    expect(formA.status()).toBe(200);
    expect(formB.status()).toBe(formA.status());
    const messagesA = visibleMessages(await formA.text());
    expect(messagesA).toEqual(visibleMessages(await formB.text()));
    expect(messagesA.join(" ")).toContain(RESET_SENT);

    // Two emails for the known address (API + form), none for the unknown one.
    await waitForNthEmail(user.email, "Reset your FleetAssist password", 2);
    expect(query('select count(*) as n from email_outbox where "to" = ?', unknown)[0]).toEqual({
      n: 0,
    });
    expect(await emailsTo(unknown)).toEqual([]);
    await disposeAll(user);
    await api.dispose();
  });
});

test.describe("single-use, expiring tokens", () => {
  test("password reset: the link works once, ends every other session, and expires", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const user = await registerViaApi("reset");
    const oldCookie = await sessionCookieOf(user.api);
    expect((await replaySession(oldCookie!)).status).toBe(200);

    const context = await browserContext(browser, true);
    const page = await context.newPage();
    await page.goto("/reset-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(RESET_SENT).first()).toBeVisible();

    const mail = await waitForNthEmail(user.email, "Reset your FleetAssist password", 1);
    const link = linkIn(mail, "/reset-password");
    const token = tokenIn(mail, "/reset-password");
    const newPassword = `${user.password}-renewed`;
    await page.goto(pathOf(link));
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Password updated").first()).toBeVisible();

    // The session from before the reset is gone server-side.
    expect(await replaySession(oldCookie!)).toEqual({
      status: 401,
      body: { error: "Authentication required", message: "Authentication required" },
    });
    expect((await user.api.get("/api/user")).status()).toBe(401);
    expect(query("select count(*) as n from sessions where user_id = ?", user.id)[0]).toEqual({
      n: 0,
    });

    // Reuse is refused, on the page and by a direct post.
    await page.goto(pathOf(link));
    await expect(page.getByRole("alert")).toHaveText(RESET_INVALID);
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
    const api = await apiContext();
    const reuse = await postPasswordReset(api, token, "another password entirely");
    expect(reuse.status()).toBe(400);
    expect(visibleMessages(await reuse.text())).toContain(RESET_INVALID);

    // The new password works, the old one and the refused reuse don't.
    const login = (password: string) =>
      api.post("/api/login", { data: { identifier: user.email, password } });
    expect((await login(user.password)).status()).toBe(401);
    expect((await login("another password entirely")).status()).toBe(401);
    expect((await login(newPassword)).status()).toBe(200);

    // An expired link is refused and changes nothing.
    await api.post("/api/request-password-reset", { data: { email: user.email } });
    const second = await waitForNthEmail(user.email, "Reset your FleetAssist password", 2);
    const secondToken = tokenIn(second, "/reset-password");
    expect(secondToken).not.toBe(token);
    expireToken("auth_tokens", secondToken);
    await page.goto(pathOf(linkIn(second, "/reset-password")));
    await expect(page.getByRole("alert")).toHaveText(RESET_INVALID);
    const expired = await postPasswordReset(api, secondToken, "expired link password");
    expect(expired.status()).toBe(400);
    expect(visibleMessages(await expired.text())).toContain(RESET_INVALID);
    expect((await login("expired link password")).status()).toBe(401);
    expect((await login(newPassword)).status()).toBe(200);

    await context.close();
    await disposeAll(user);
    await api.dispose();
  });

  test("email verification: the link expires, and a fresh one works exactly once", async () => {
    test.setTimeout(60_000);
    const user = await registerViaApi("verify");
    const verifiedAt = () =>
      query<{ v: number | null }>(
        "select email_verified_at as v from users where id = ?",
        user.id,
      )[0]?.v;

    const first = await waitForNthEmail(user.email, "Verify your email", 1);
    const expiredToken = tokenIn(first, "/verify-email");
    expireToken("auth_tokens", expiredToken);
    const expiredPage = await user.api.get(pathOf(linkIn(first, "/verify-email")));
    expect(expiredPage.status()).toBe(400);
    expect(visibleMessages(await expiredPage.text())).toContain(VERIFY_INVALID);
    const expiredPost = await user.api.post("/verify-email", {
      form: { token: expiredToken },
      maxRedirects: 0,
    });
    expect(expiredPost.status()).toBe(400);
    expect(visibleMessages(await expiredPost.text())).toContain(VERIFY_INVALID);
    expect(verifiedAt()).toBeNull();

    // Opening the link (GET) never uses it up: mail scanners prefetch links.
    const resend = await user.api.post("/api/resend-verification");
    expect(resend.status()).toBe(200);
    expect(await resend.json()).toEqual({ message: "Verification Email Sent" });
    const second = await waitForNthEmail(user.email, "Verify your email", 2);
    const token = tokenIn(second, "/verify-email");
    for (let i = 0; i < 2; i++) {
      expect((await user.api.get(pathOf(linkIn(second, "/verify-email")))).status()).toBe(200);
    }
    expect(verifiedAt()).toBeNull();

    const verify = await user.api.post("/verify-email", { form: { token }, maxRedirects: 0 });
    expect(verify.status()).toBe(302);
    expect(verify.headers()["location"]).toBe("/email-verified");
    expect(verifiedAt()).toEqual(expect.any(Number));

    const reuse = await user.api.post("/verify-email", { form: { token }, maxRedirects: 0 });
    expect(reuse.status()).toBe(400);
    expect(visibleMessages(await reuse.text())).toContain(VERIFY_INVALID);
    expect((await user.api.get(pathOf(linkIn(second, "/verify-email")))).status()).toBe(400);

    // Verified: resending is refused rather than mailing again.
    const again = await user.api.post("/api/resend-verification");
    expect(again.status()).toBe(409);
    expect(await again.json()).toEqual({
      error: "Your email is already verified.",
      message: "Your email is already verified.",
    });
    await disposeAll(user);
  });
});

test.describe("sessions", () => {
  test("logout ends the session server-side: the old cookie replayed is refused", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    // The JSON API.
    const user = await registerViaApi("logout");
    const cookie = await sessionCookieOf(user.api);
    expect((await replaySession(cookie!)).status).toBe(200);
    const out = await user.api.post("/api/logout");
    expect(out.status()).toBe(200);
    expect(out.headers()["set-cookie"]).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect((await replaySession(cookie!)).status).toBe(401);

    // The Logout button in a browser (a form post to /logout).
    const { context, page } = await signInWithForm(browser, user.username, user.password);
    const browserCookie = await sessionCookieOf(context);
    expect(browserCookie).toBeTruthy();
    expect(browserCookie).not.toBe(cookie);
    await page.getByRole("banner").locator("summary[aria-label='My Account']").click();
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookieOf(context)).toBeUndefined();
    expect(await replaySession(browserCookie!)).toEqual({
      status: 401,
      body: { error: "Authentication required", message: "Authentication required" },
    });
    // A GET of /logout changes nothing: it only offers the button.
    await context.close();
    await disposeAll(user);
  });

  test("the session cookie: random id, HttpOnly, SameSite=Lax, Secure with the __Host- prefix", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const user = await registerViaApi("cookie");
    const { context, page } = await signInWithForm(browser, user.email, user.password);

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({
      name: "__Host-fa_session",
      domain: "localhost",
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    });
    // No un-prefixed twin that a sibling host could set.
    expect(cookies.filter((c) => c.name.includes("fa_session"))).toHaveLength(1);
    // Scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain("fa_session");
    // It holds a random id only (no user data), and the database keeps only its hash.
    const id = JSON.parse(Buffer.from(session!.value, "base64").toString("utf8")) as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session!.value).not.toContain(user.id);
    expect(
      query("select 1 from sessions where id_hash = ?", id).length,
      "the raw id is not stored",
    ).toBe(0);
    expect(query("select user_id from sessions where id_hash = ?", sha256(id))).toEqual([
      { user_id: user.id },
    ]);
    await context.close();
    await disposeAll(user);
  });

  test("the session id rotates at login and at every account switch", async () => {
    test.setTimeout(90_000);
    const [owner, member] = await Promise.all([
      registerViaApi("rotowner"),
      registerViaApi("rotva"),
    ]);

    // Login in a context that already holds a session: a new id, and the old one is dead.
    const registered = await sessionCookieOf(member.api);
    const login = await member.api.post("/api/login", {
      data: { identifier: member.email, password: member.password },
    });
    expect(login.status()).toBe(200);
    const loggedIn = await sessionCookieOf(member.api);
    expect(loggedIn).toBeTruthy();
    expect(loggedIn).not.toBe(registered);
    expect((await replaySession(registered!)).status).toBe(401);
    expect((await replaySession(loggedIn!)).status).toBe(200);

    // Joining an account switches into it under a new id.
    const token = await inviteViaForm(owner, member.email, "va");
    await acceptViaForm(member, token);
    const joined = await sessionCookieOf(member.api);
    expect(joined).not.toBe(loggedIn);
    expect((await replaySession(loggedIn!)).status).toBe(401);

    // The JSON switch.
    const viaApi = await member.api.post("/api/user/switch-account", {
      data: { accountId: accountIdOf(member.id) },
    });
    expect(viaApi.status()).toBe(200);
    const switched = await sessionCookieOf(member.api);
    expect(switched).not.toBe(joined);
    expect((await replaySession(joined!)).status).toBe(401);

    // The form switch.
    const viaForm = await member.api.post("/account/switch", {
      form: { accountId: accountIdOf(owner.id), redirectTo: "/account" },
      maxRedirects: 0,
    });
    expect(viaForm.status()).toBe(302);
    const switchedBack = await sessionCookieOf(member.api);
    expect(switchedBack).not.toBe(switched);
    expect((await replaySession(switched!)).status).toBe(401);
    expect((await replaySession(switchedBack!)).body.id).toBe(member.id);

    // One live session for the member, whatever happened before.
    expect(query("select count(*) as n from sessions where user_id = ?", member.id)[0]).toEqual({
      n: 1,
    });
    await disposeAll(owner, member);
  });

  test("changing the password signs out every other session, not this one", async () => {
    test.setTimeout(90_000);
    const user = await registerViaApi("change");
    const other = await apiContext();
    expect(
      (
        await other.post("/api/login", {
          data: { identifier: user.username, password: user.password },
        })
      ).status(),
    ).toBe(200);
    const otherCookie = await sessionCookieOf(other);

    const newPassword = `${user.password} v2`;
    const response = await user.api.post("/account", {
      form: {
        intent: "password",
        currentPassword: user.password,
        newPassword,
        confirmPassword: newPassword,
      },
    });
    expect(response.status()).toBe(200);
    expect(visibleMessages(await response.text())).toContain(
      "Password changed. Your other sessions were signed out.",
    );
    expect((await user.api.get("/api/user")).status()).toBe(200);
    expect((await replaySession(otherCookie!)).status).toBe(401);
    await disposeAll(user);
    await other.dispose();
  });

  test("changing the password gives this browser a new session id and ends reset links", async () => {
    test.setTimeout(90_000);
    const user = await registerViaApi("rotatepw");
    const before = await sessionCookieOf(user.api);
    // A reset link from before the change (say, in an inbox someone else can read).
    await user.api.post("/api/request-password-reset", { data: { email: user.email } });
    const mail = await waitForNthEmail(user.email, "Reset your FleetAssist password", 1);
    const token = tokenIn(mail, "/reset-password");

    const newPassword = `${user.password} v3`;
    const response = await user.api.post("/account", {
      form: {
        intent: "password",
        currentPassword: user.password,
        newPassword,
        confirmPassword: newPassword,
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/account");
    const setCookies = response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie")
      .map((header) => header.value);
    expect(setCookies.some((value) => value.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    const after = await sessionCookieOf(user.api);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The old id is dead server-side, the new one works, and it is the only session left.
    expect((await replaySession(before!)).status).toBe(401);
    expect((await replaySession(after!)).body.id).toBe(user.id);
    expect(query("select count(*) as n from sessions where user_id = ?", user.id)[0]).toEqual({
      n: 1,
    });

    // The reset link issued before the change no longer works.
    const page = await user.api.get(pathOf(linkIn(mail, "/reset-password")));
    expect(visibleMessages(await page.text())).toContain(RESET_INVALID);
    const api = await apiContext();
    const reuse = await postPasswordReset(api, token, "an attacker's new password");
    expect(reuse.status()).toBe(400);
    expect(visibleMessages(await reuse.text())).toContain(RESET_INVALID);
    const login = (password: string) =>
      api.post("/api/login", { data: { identifier: user.email, password } });
    expect((await login("an attacker's new password")).status()).toBe(401);
    expect((await login(newPassword)).status()).toBe(200);
    await disposeAll(user);
    await api.dispose();
  });
});

test.describe("cross-site requests", () => {
  test("a POST with a foreign Origin is refused (403) before it does anything", async () => {
    const user = await registerViaApi("csrf");
    const evil = { Origin: "https://evil.example" };
    const api = await apiContext();

    const login = await api.post("/api/login", {
      headers: evil,
      data: { identifier: user.username, password: user.password },
    });
    expect(login.status()).toBe(403);
    expect(await login.json()).toEqual({
      error: "Cross-site requests are not allowed.",
      message: "Cross-site requests are not allowed.",
    });
    expect(await sessionCookieOf(api)).toBeUndefined();

    const form = await api.post("/auth", {
      headers: evil,
      form: { intent: "login", identifier: user.username, password: user.password },
    });
    expect(form.status()).toBe(403);
    expect(await sessionCookieOf(api)).toBeUndefined();

    // Signed-in state changes too: the victim's own cookie does not help the attacker.
    const before = query("select * from sessions where user_id = ?", user.id);
    for (const [path, body] of [
      ["/api/logout", undefined],
      ["/api/user/switch-account", { accountId: accountIdOf(user.id) }],
      ["/account", { intent: "signout-all" }],
      ["/logout", {}],
    ] as const) {
      const response = await user.api.post(path, {
        headers: evil,
        ...(path.startsWith("/api") ? { data: body ?? {} } : { form: body ?? {} }),
      });
      expect(response.status(), path).toBe(403);
    }
    expect(query("select * from sessions where user_id = ?", user.id)).toEqual(before);
    expect((await user.api.get("/api/user")).status()).toBe(200);

    // The same requests from our own origin work.
    const ours = await api.post("/api/login", {
      headers: { Origin: BASE_URL },
      data: { identifier: user.username, password: user.password },
    });
    expect(ours.status()).toBe(200);
    await disposeAll(user);
    await api.dispose();
  });
});

test("GET never changes state: /logout and the verify link only offer a button", async () => {
  const user = await registerViaApi("getsafe");
  const cookie = await sessionCookieOf(user.api);
  const page = await user.api.get("/logout");
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("Log out of FleetAssist?");
  expect((await replaySession(cookie!)).status).toBe(200);
  for (const path of ["/api/logout", "/api/login", "/api/register", "/api/user/switch-account"]) {
    const response = await user.api.get(path);
    expect(response.status(), path).toBe(405);
  }
  expect((await replaySession(cookie!)).status).toBe(200);
  await disposeAll(user);
});

test("the account's data is never kept by a cache: every GET of the JSON API answers private, no-store", async () => {
  const user = await registerViaApi("nostore");
  const paths = [
    "/api/user",
    "/api/user/available-accounts",
    "/api/user/vehicles",
    "/api/dashboard",
    "/api/analysis",
    "/api/trips",
    "/api/claims",
    "/api/conversations",
    "/api/inbound",
    "/api/knowledge",
    "/api/repair-confirmations",
  ];
  for (const path of paths) {
    const response = await user.api.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }
  await disposeAll(user);
});

test.describe("reset links", () => {
  test("a new link ends the older ones, and a used link ends them all", async () => {
    test.setTimeout(60_000);
    const user = await registerViaApi("relink");
    const api = await apiContext();
    for (let i = 0; i < 2; i++) {
      await api.post("/api/request-password-reset", { data: { email: user.email } });
    }
    await waitForNthEmail(user.email, "Reset your FleetAssist password", 2);
    const [first, second] = (await emailsTo(user.email, "Reset your FleetAssist password")).map(
      (mail) => tokenIn(mail, "/reset-password"),
    );
    // The first link died when the second was sent.
    const stale = await postPasswordReset(api, first!, "first link password");
    expect(stale.status()).toBe(400);
    expect(visibleMessages(await stale.text())).toContain(RESET_INVALID);
    const used = await postPasswordReset(api, second!, "second link password");
    expect(used.status()).toBe(302);
    expect(used.headers()["location"]).toBe("/auth");
    // Nothing outstanding is left for this user.
    expect(
      query(
        "select count(*) as n from auth_tokens where user_id = ? and purpose = 'reset_password' and used_at is null",
        user.id,
      )[0],
    ).toEqual({ n: 0 });
    const login = (password: string) =>
      api.post("/api/login", { data: { identifier: user.username, password } });
    expect((await login("first link password")).status()).toBe(401);
    expect((await login("second link password")).status()).toBe(200);
    await disposeAll(user);
    await api.dispose();
  });
});

test.describe("open redirects", () => {
  /** Targets a naive "starts with one slash" check lets through, and their relatives. */
  const HOSTILE = [
    "/.//evil.example",
    "/..//evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/\\evil.example",
    "//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
  ];
  const ours = new URL(BASE_URL).origin;

  function expectOwnPath(location: string | undefined, what: string) {
    expect(location, what).toBeTruthy();
    expect(location!, what).toMatch(/^\/(?![/\\])/);
    expect(new URL(location!, BASE_URL).origin, what).toBe(ours);
  }

  test("/auth?redirectTo=… when signed in, and the sign-in form's redirect, stay on our site", async () => {
    test.setTimeout(60_000);
    const user = await registerViaApi("redirect");
    for (const target of HOSTILE) {
      const signedIn = await user.api.get(`/auth?${new URLSearchParams({ redirectTo: target })}`, {
        maxRedirects: 0,
      });
      expect(signedIn.status(), target).toBe(302);
      expectOwnPath(signedIn.headers()["location"], `signed in, ${target}`);
    }
    // The raw query string, exactly as a phishing link would carry it.
    const raw = await user.api.get("/auth?redirectTo=/.//evil.example", { maxRedirects: 0 });
    expect(raw.headers()["location"]).toBe("/dashboard");

    for (const target of HOSTILE.slice(0, 3)) {
      const api = await apiContext();
      const login = await api.post("/auth", {
        form: {
          intent: "login",
          identifier: user.username,
          password: user.password,
          redirectTo: target,
        },
        maxRedirects: 0,
      });
      expect(login.status(), target).toBe(302);
      expectOwnPath(login.headers()["location"], `after login, ${target}`);
      await api.dispose();
    }
    await disposeAll(user);
  });

  test("signing in from /auth?redirectTo=/.//evil.example lands on our own site (browser)", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const user = await registerViaApi("redirectui");
    const { context, page } = await signInWithForm(
      browser,
      user.username,
      user.password,
      "/auth?redirectTo=/.//evil.example",
    );
    expect(new URL(page.url()).origin).toBe(ours);
    // Signed in now: the same link sends the visitor to our dashboard, not away.
    await page.goto("/auth?redirectTo=/.//evil.example");
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(new URL(page.url()).origin).toBe(ours);
    await context.close();
    await disposeAll(user);
  });

  test("/account/switch with a hostile redirectTo stays on our site", async () => {
    test.setTimeout(60_000);
    const user = await registerViaApi("switchredirect");
    for (const target of HOSTILE) {
      // The current account (a plain redirect) and an unknown one (a redirect with an error toast).
      for (const accountId of [accountIdOf(user.id), "00000000-0000-4000-8000-000000000000"]) {
        const response = await user.api.post("/account/switch", {
          form: { accountId, redirectTo: target },
          maxRedirects: 0,
        });
        expect(response.status(), target).toBe(302);
        expectOwnPath(response.headers()["location"], `switch, ${target}`);
      }
    }
    await disposeAll(user);
  });
});

test.describe("lockout after 100 failed sign-ins", () => {
  const ACCOUNT_LOCKED =
    "Too many failed sign-in attempts. For your security this account is locked for an hour. Reset your password from the email we sent you to get back in now.";

  test("refuses even the right password, on the form and the API, and the emailed link gets the owner back in", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const user = await registerViaApi("lockout");
    const password = `cheap ${user.password}`;
    setPasswordHash(user.id, cheapPasswordHash(password));

    // 100 wrong passwords from ten addresses (each under its own 10-a-minute limit), typed as
    // the username and as the email: they count against one account.
    const answers: Array<{ status: number; message: string }> = [];
    for (let batch = 0; batch < 10; batch++) {
      const attacker = await apiContext();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          attacker.post("/api/login", {
            data: {
              identifier: i % 2 === 0 ? user.username : user.email.toUpperCase(),
              password: `guess ${batch}-${i}`,
            },
          }),
        ),
      );
      for (const response of responses) {
        answers.push({
          status: response.status(),
          message: ((await response.json()) as { message: string }).message,
        });
      }
      await attacker.dispose();
    }
    expect(answers.filter((a) => a.status === 401 && a.message === LOGIN_FAILED)).toHaveLength(99);
    expect(answers.filter((a) => a.status === 429 && a.message === ACCOUNT_LOCKED)).toHaveLength(1);

    // The right password is refused too, by the API ...
    const api = await apiContext();
    const right = await api.post("/api/login", {
      data: { identifier: user.email, password },
    });
    expect(right.status()).toBe(429);
    expect(await right.json()).toEqual({ error: ACCOUNT_LOCKED, message: ACCOUNT_LOCKED });
    expect(Number(right.headers()["retry-after"])).toBeGreaterThan(3000);
    expect(await sessionCookieOf(api)).toBeUndefined();

    // ... and by the sign-in page, which says how to get back in.
    const context = await browserContext(browser, true);
    const page = await context.newPage();
    await page.goto("/auth");
    await submitSignInForm(page, user.username, password);
    await expect(page.getByRole("alert").filter({ hasText: ACCOUNT_LOCKED }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await sessionCookieOf(context)).toBeUndefined();

    // The owner got one email about it, with a reset link that ends the lockout.
    const mail = await waitForNthEmail(user.email, "locked", 1);
    expect(await emailsTo(user.email, "locked")).toHaveLength(1);
    const newPassword = `${user.password} after the lockout`;
    await page.goto(pathOf(linkIn(mail, "/reset-password")));
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat the new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await submitSignInForm(page, user.username, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.close();
    await disposeAll(user);
    await api.dispose();
  });
});

test.describe("emails per recipient", () => {
  test("password reset: past 3 emails to one address in 15 minutes nothing is sent, and the answer stays the same", async () => {
    test.setTimeout(60_000);
    const user = await registerViaApi("resetcap");
    const unknown = uniqueEmail("resetcap-unknown");
    const answers: string[] = [];
    // Each request from another address: rotating addresses must not help.
    for (let i = 0; i < 5; i++) {
      const api = await apiContext();
      for (const email of [user.email, unknown]) {
        const response = await api.post("/api/request-password-reset", { data: { email } });
        expect(response.status()).toBe(200);
        answers.push(await response.text());
      }
      await api.dispose();
    }
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ message: RESET_SENT })]));
    const api = await apiContext();
    const form = await api.post("/reset-password", {
      form: { intent: "request", email: user.email },
    });
    expect(form.status()).toBe(200);
    expect(visibleMessages(await form.text()).join(" ")).toContain(RESET_SENT);
    await api.dispose();
    // The registration's verification email was the first of the three.
    const sent = query<{ subject: string }>(
      'select subject from email_outbox where "to" = ? order by id',
      user.email,
    ).map((row) => row.subject);
    expect(sent).toEqual([
      "Verify your email for FleetAssist",
      "Reset your FleetAssist password",
      "Reset your FleetAssist password",
    ]);
    await disposeAll(user);
  });

  test("verification resend: refused with when to try again once the address had 3 emails", async () => {
    test.setTimeout(60_000);
    const user = await registerViaApi("resendcap");
    // The registration sent the first; two resends go out.
    for (let i = 0; i < 2; i++) {
      const response = await user.api.post("/api/resend-verification");
      expect(response.status()).toBe(200);
    }
    const tooMany = `We've sent too many emails to ${user.email} recently. Please try again in 15 minutes.`;
    const refused = await user.api.post("/api/resend-verification");
    expect(refused.status()).toBe(429);
    expect(await refused.json()).toEqual({ message: tooMany, error: tooMany });
    const form = await user.api.post("/account", { form: { intent: "resend" } });
    expect(form.status()).toBe(429);
    expect(visibleMessages(await form.text())).toContain(tooMany);
    expect(
      query(
        'select count(*) as n from email_outbox where "to" = ? and subject like ?',
        user.email,
        "Verify%",
      )[0],
    ).toEqual({ n: 3 });
    await disposeAll(user);
  });

  test("invitations: a fourth invitation to one address within 15 minutes is refused and says why", async () => {
    test.setTimeout(60_000);
    const owner = await registerViaApi("invitecap");
    const invitee = uniqueEmail("invitecap-invitee");
    for (let i = 0; i < 3; i++) await inviteViaForm(owner, invitee, "va");
    const refused = await owner.api.post("/account", {
      form: { intent: "invite", email: invitee, role: "team_member" },
    });
    expect(refused.status()).toBe(429);
    expect(visibleMessages(await refused.text())).toContain(
      `We've sent too many emails to ${invitee.toLowerCase()} recently. Please try again in 15 minutes.`,
    );
    expect(await emailsTo(invitee, "invited you")).toHaveLength(3);
    await disposeAll(owner);
  });
});
