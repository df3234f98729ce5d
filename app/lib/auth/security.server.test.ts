import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, authTokens, emailOutbox, memberships, sessions, users } from "~/db/schema";

/**
 * Sign-in lockout, reset links, session rotation on a password change and the per-recipient
 * email limits, on a real SQLite database in a temporary directory (emails stay in its outbox).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-auth-"));
process.env.DATA_DIR = dataDir;
process.env.PUBLIC_URL = "http://localhost:3000";
delete process.env.SMTP_URL;

// Loaded after DATA_DIR is set: the database reads it once.
const { closeDatabase, db } = await import("~/lib/runtime/db.server");
const service = await import("./service.server");
const profile = await import("./profile.server");
const session = await import("./session.server");
const tokens = await import("./tokens.server");
const accountsServer = await import("./accounts.server");

const ACCOUNT_LOCKED =
  "Too many failed sign-in attempts. For your security this account is locked for an hour. Reset your password from the email we sent you to get back in now.";
const LOGIN_FAILED = "Invalid username/email or password.";
const LOGIN_UNAVAILABLE = "Sign-in is unavailable right now. Please try again in a minute.";

// Opening migrates and seeds the demo account (a deliberately slow password hash): allow time.
beforeAll(() => {
  db();
}, 60_000);

afterAll(() => {
  closeDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A stored hash carries its own scrypt parameters, so users made here get a cheap one (N=2^10):
 * the real verification code runs, and a hundred failed sign-ins take milliseconds, not minutes.
 */
function cheapHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 });
  return ["scrypt", 1024, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

function newUser(label: string) {
  const tag = crypto.randomBytes(4).toString("hex");
  const user = {
    id: crypto.randomUUID(),
    accountId: crypto.randomUUID(),
    username: `${label}_${tag}`,
    email: `${label}.${tag}@fleet.test`,
    password: `right horse ${tag} staple`,
  };
  db()
    .insert(users)
    .values({
      id: user.id,
      username: user.username,
      usernameKey: user.username.toLowerCase(),
      email: user.email,
      passwordHash: cheapHash(user.password),
      firstName: label,
    })
    .run();
  db().insert(accounts).values({ id: user.accountId, ownerUserId: user.id }).run();
  db()
    .insert(memberships)
    .values({ accountId: user.accountId, userId: user.id, role: "primary" })
    .run();
  return user;
}

let addressCounter = 0;
/** A client address of its own, so the per-address limit (10 a minute) never gets in the way. */
const freshContext = () => ({ clientIp: `198.51.100.${++addressCounter}` }) as AppLoadContext;
const loginRequest = () =>
  new Request("http://localhost:3000/auth", {
    method: "POST",
    headers: { "User-Agent": "vitest" },
  });

async function login(identifier: string, password: string, context = freshContext()) {
  const result = await service.logIn({ identifier, password }, loginRequest(), context);
  return result.ok
    ? { status: 200, message: "", setCookie: result.value.setCookie }
    : { status: result.status, message: result.message, setCookie: undefined };
}

/** `count` wrong passwords, ten per client address, alternating username and email. */
async function failLogins(user: { username: string; email: string }, count: number) {
  const answers = [];
  let context = freshContext();
  for (let i = 0; i < count; i++) {
    if (i % 10 === 0) context = freshContext();
    const identifier = i % 2 === 0 ? user.username.toUpperCase() : ` ${user.email} `;
    answers.push(await login(identifier, `wrong password ${i}`, context));
  }
  return answers;
}

function emailsTo(address: string, subjectIncludes = "") {
  return db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, address))
    .all()
    .filter((row) => row.subject.includes(subjectIncludes));
}

function linkToken(text: string, pathname: string): string {
  const link = text.match(new RegExp(`https?://\\S+${pathname}\\S*`))?.[0];
  if (!link) throw new Error(`No ${pathname} link in: ${text}`);
  return new URL(link).searchParams.get("token")!;
}

/** The Cookie header a browser would send back for a Set-Cookie header. */
const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (setCookie: string) =>
  new Request("http://localhost:3000/account", { headers: { Cookie: cookieOf(setCookie) } });

describe("sign-in lockout", () => {
  it("counts failures per user, typed as username or email, and locks even the right password out after 100", async () => {
    const user = newUser("locked");
    const answers = await failLogins(user, 100);
    // 99 plain refusals, and the 100th failure starts the lockout.
    expect(answers.slice(0, 99).every((a) => a.status === 401 && a.message === LOGIN_FAILED)).toBe(
      true,
    );
    expect(answers[99]).toMatchObject({ status: 429, message: ACCOUNT_LOCKED });

    for (const identifier of [user.username, user.email]) {
      expect(await login(identifier, user.password)).toMatchObject({
        status: 429,
        message: ACCOUNT_LOCKED,
        setCookie: undefined,
      });
    }
    expect(db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
  }, 60_000);

  it("emails the owner once, with a reset link that ends the lockout", async () => {
    const user = newUser("resetlock");
    await failLogins(user, 100);
    await failLogins(user, 5);
    await login(user.username, user.password);
    const mails = emailsTo(user.email, "locked");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("/reset-password?token=");

    const newPassword = "a brand new passphrase";
    const reset = await service.resetPassword(
      linkToken(mails[0]!.text, "/reset-password"),
      newPassword,
    );
    expect(reset.ok).toBe(true);
    expect((await login(user.email, newPassword)).status).toBe(200);
  }, 60_000);

  it("a reset requested from the reset page ends the lockout too", async () => {
    const user = newUser("resetpage");
    await failLogins(user, 100);
    service.requestPasswordReset(user.email);
    const mail = emailsTo(user.email, "Reset your FleetAssist password").at(-1)!;
    const newPassword = "another brand new passphrase";
    expect(
      (await service.resetPassword(linkToken(mail.text, "/reset-password"), newPassword)).ok,
    ).toBe(true);
    expect((await login(user.username, newPassword)).status).toBe(200);
  }, 60_000);

  it("fewer than 100 failures lock nothing, and other users are not affected", async () => {
    const user = newUser("almost");
    const bystander = newUser("bystander");
    await failLogins(user, 99);
    expect((await login(user.username, user.password)).status).toBe(200);
    await failLogins(bystander, 100);
    expect((await login(user.email, user.password)).status).toBe(200);
  }, 60_000);
});

describe("sign-in when the database fails", () => {
  it("answers 503 'unavailable', never 'wrong password'", async () => {
    const user = newUser("dbdown");
    db().$client.close();
    try {
      expect(await login(user.username, user.password)).toEqual({
        status: 503,
        message: LOGIN_UNAVAILABLE,
        setCookie: undefined,
      });
    } finally {
      closeDatabase();
    }
    expect((await login(user.username, user.password)).status).toBe(200);
  });
});

describe("password reset links", () => {
  const outstanding = (userId: string) =>
    db()
      .select()
      .from(authTokens)
      .where(
        and(
          eq(authTokens.userId, userId),
          eq(authTokens.purpose, "reset_password"),
          isNull(authTokens.usedAt),
        ),
      )
      .all();

  it("a new link ends the older ones: only the newest works", async () => {
    const user = newUser("newest");
    service.requestPasswordReset(user.email);
    service.requestPasswordReset(user.email);
    const [first, second] = emailsTo(user.email, "Reset your").map((m) =>
      linkToken(m.text, "/reset-password"),
    );
    expect(tokens.peekToken(first!, "reset_password")).toBeNull();
    expect((await service.resetPassword(first!, "first link password")).ok).toBe(false);
    expect(tokens.peekToken(second!, "reset_password")).toBe(user.id);
    expect((await service.resetPassword(second!, "second link password")).ok).toBe(true);
    expect((await login(user.username, "second link password")).status).toBe(200);
  });

  it("using a link ends every other outstanding link of the user", async () => {
    const user = newUser("others");
    // Another link issued beside the one we use (say, by an older version of the app).
    const other = tokens.newToken();
    db()
      .insert(authTokens)
      .values({
        tokenHash: other.tokenHash,
        userId: user.id,
        purpose: "reset_password",
        email: user.email,
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .run();
    service.requestPasswordReset(user.email);
    const used = linkToken(emailsTo(user.email, "Reset your").at(-1)!.text, "/reset-password");
    expect((await service.resetPassword(used, "the password i chose")).ok).toBe(true);
    expect(outstanding(user.id)).toEqual([]);
    expect((await service.resetPassword(other.token, "a password from elsewhere")).ok).toBe(false);
    expect((await login(user.username, "the password i chose")).status).toBe(200);
  });

  it("a password change ends every outstanding link", async () => {
    const user = newUser("changed");
    service.requestPasswordReset(user.email);
    const token = linkToken(emailsTo(user.email, "Reset your").at(-1)!.text, "/reset-password");
    const signedIn = await login(user.username, user.password);
    const current = (await session.getCurrentSession(requestWith(signedIn.setCookie!)))!;
    const changed = await profile.changePassword(
      current,
      user.password,
      "changed on the account page",
      requestWith(signedIn.setCookie!),
      "198.51.100.250",
    );
    expect(changed.ok).toBe(true);
    expect(outstanding(user.id)).toEqual([]);
    expect(tokens.peekToken(token, "reset_password")).toBeNull();
    expect((await service.resetPassword(token, "an attacker's password")).ok).toBe(false);
    expect((await login(user.username, "changed on the account page")).status).toBe(200);
  });
});

describe("password change", () => {
  it("guesses at the current password count toward the sign-in lockout", async () => {
    const user = newUser("guesser");
    const here = await login(user.username, user.password);
    const current = (await session.getCurrentSession(requestWith(here.setCookie!)))!;
    const change = (guess: string) =>
      profile.changePassword(
        current,
        guess,
        "a new passphrase here",
        requestWith(here.setCookie!),
        "198.51.100.252",
      );
    await failLogins(user, 99);
    expect(await change("one more guess")).toMatchObject({
      ok: false,
      message: "Your current password is not right.",
    });
    // The 100th failure came from the account page: the account is locked everywhere now.
    expect(await change(user.password)).toMatchObject({ ok: false, message: ACCOUNT_LOCKED });
    expect((await login(user.username, user.password)).message).toBe(ACCOUNT_LOCKED);
    expect(emailsTo(user.email, "locked")).toHaveLength(1);
  });

  it("rotates the session: a new cookie works, the old id and every other session end", async () => {
    const user = newUser("rotate");
    const here = await login(user.username, user.password);
    const elsewhere = await login(user.email, user.password);
    const current = (await session.getCurrentSession(requestWith(here.setCookie!)))!;
    const changed = await profile.changePassword(
      current,
      user.password,
      "rotated passphrase",
      requestWith(here.setCookie!),
      "198.51.100.251",
    );
    expect(changed).toMatchObject({
      ok: true,
      message: "Password changed. Your other sessions were signed out.",
    });
    const setCookie = changed.ok ? changed.setCookie : "";
    expect(setCookie).toMatch(/^fa_session=/);
    expect(cookieOf(setCookie)).not.toBe(cookieOf(here.setCookie!));

    expect(await session.getCurrentSession(requestWith(here.setCookie!))).toBeNull();
    expect(await session.getCurrentSession(requestWith(elsewhere.setCookie!))).toBeNull();
    const renewed = await session.getCurrentSession(requestWith(setCookie));
    expect(renewed).toMatchObject({ user: { id: user.id }, accountId: user.accountId });
    expect(db().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
  });

  it("a wrong current password changes nothing", async () => {
    const user = newUser("wrongcurrent");
    const here = await login(user.username, user.password);
    const current = (await session.getCurrentSession(requestWith(here.setCookie!)))!;
    const changed = await profile.changePassword(
      current,
      "not my password",
      "whatever new passphrase",
      requestWith(here.setCookie!),
      "198.51.100.252",
    );
    expect(changed).toMatchObject({ ok: false, field: "currentPassword" });
    expect(await session.getCurrentSession(requestWith(here.setCookie!))).not.toBeNull();
  });
});

describe("emails per recipient", () => {
  it("password reset: at most 3 emails per address in 15 minutes, refused silently", () => {
    const user = newUser("resetflood");
    for (let i = 0; i < 6; i++) service.requestPasswordReset(user.email);
    expect(emailsTo(user.email, "Reset your")).toHaveLength(3);
  });

  it("verification: the fourth email to an address in 15 minutes is refused with when to retry", () => {
    const user = newUser("verifyflood");
    const target = { id: user.id, email: user.email, firstName: "Verify" };
    for (let i = 0; i < 3; i++)
      expect(service.sendVerificationEmail(target)).toEqual({ sent: true });
    expect(service.sendVerificationEmail(target)).toEqual({
      sent: false,
      message: `We've sent too many emails to ${user.email} recently. Please try again in 15 minutes.`,
      retryAfterSeconds: expect.toSatisfy((s: number) => s > 880 && s <= 900),
    });
    expect(emailsTo(user.email, "Verify your email")).toHaveLength(3);
  });

  it("invitations: the same address can't be invited a fourth time in 15 minutes", () => {
    const owner = newUser("inviter");
    const invitee = `invitee.${crypto.randomBytes(4).toString("hex")}@fleet.test`;
    const inviter = { id: owner.id, firstName: "Owner", lastName: null, email: owner.email };
    for (let i = 0; i < 3; i++) {
      expect(accountsServer.inviteMember(owner.accountId, inviter, invitee, "va")).toMatchObject({
        ok: true,
      });
    }
    expect(accountsServer.inviteMember(owner.accountId, inviter, invitee, "va")).toEqual({
      ok: false,
      message: `We've sent too many emails to ${invitee} recently. Please try again in 15 minutes.`,
      retryAfterSeconds: expect.toSatisfy((s: number) => s > 880 && s <= 900),
    });
    expect(emailsTo(invitee, "invited you")).toHaveLength(3);
    expect(accountsServer.pendingInvitations(owner.accountId)).toHaveLength(3);
  });

  it("the lockout email gets through even when the address has had its share", async () => {
    const user = newUser("lockmail");
    for (let i = 0; i < 4; i++) service.requestPasswordReset(user.email);
    await failLogins(user, 100);
    expect(emailsTo(user.email, "locked")).toHaveLength(1);
  }, 60_000);
});
