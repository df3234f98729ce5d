import {
  acceptViaForm,
  accountIdOf,
  apiContext,
  browserContext,
  disposeAll,
  emailsTo,
  expireToken,
  inviteViaForm,
  pathOf,
  registerViaApi,
  replaySession,
  SESSION_COOKIE,
  sessionCookieOf,
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
      expect(await response.json()).toEqual({ message: LOGIN_FAILED });
    }
    // ... the 11th is not, not even with the right password.
    const eleventh = await attacker.post("/api/login", {
      data: { identifier: user.username, password: user.password },
    });
    expect(eleventh.status()).toBe(429);
    expect(await eleventh.json()).toEqual({ message: TOO_MANY });
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
      body: { message: "Authentication required" },
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
    const reuse = await api.post("/reset-password", {
      form: {
        intent: "reset",
        token,
        password: "another password entirely",
        confirmPassword: "another password entirely",
      },
    });
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
    const expired = await api.post("/reset-password", {
      form: {
        intent: "reset",
        token: secondToken,
        password: "expired link password",
        confirmPassword: "expired link password",
      },
    });
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
    expect(await again.json()).toEqual({ message: "Your email is already verified." });
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
    const context = await browserContext(browser, true);
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Username or email").fill(user.username);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const browserCookie = await sessionCookieOf(context);
    expect(browserCookie).toBeTruthy();
    expect(browserCookie).not.toBe(cookie);
    await page.getByRole("banner").locator("summary[aria-label='My Account']").click();
    await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionCookieOf(context)).toBeUndefined();
    expect(await replaySession(browserCookie!)).toEqual({
      status: 401,
      body: { message: "Authentication required" },
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
    const context = await browserContext(browser, true);
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByLabel("Username or email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

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
    expect(await login.json()).toEqual({ error: "Cross-site requests are not allowed." });
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
