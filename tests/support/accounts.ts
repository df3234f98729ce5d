import crypto from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import Database from "better-sqlite3";
import { BASE_URL, DB_FILE, SMTP_HTTP_PORT } from "./env";
import { expect, linkIn, query, uniqueEmail } from "./fixtures";

/** Helpers for the accounts end-to-end specs (tests/e2e/accounts-*.spec.ts). */

export const SESSION_COOKIE = "__Host-fa_session";

/**
 * A client address nobody else uses (IPv6 documentation prefix), so the per-address limits of
 * one actor never affect another (the e2e server trusts X-Forwarded-For).
 */
export function freshAddress(): string {
  const group = () => crypto.randomBytes(2).toString("hex");
  return `2001:db8:${group()}:${group()}:${group()}:${group()}::1`;
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** A request context holding this user's session (own client address). */
  api: APIRequestContext;
  address: string;
}

export function newUserDetails(label: string) {
  const tag = crypto.randomBytes(4).toString("hex");
  return {
    username: `${label.replace(/[^A-Za-z0-9]/g, "").slice(0, 12)}_${tag}`,
    email: uniqueEmail(label),
    password: `Fleet-${tag}-keys under the mat`,
    firstName: label.charAt(0).toUpperCase() + label.slice(1, 20),
    lastName: `Tester${tag.slice(0, 4)}`,
  };
}

export async function apiContext(address = freshAddress(), extraHeaders = {}, baseURL = BASE_URL) {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": address, ...extraHeaders },
  });
}

/** Registers a user through POST /api/register (on the main server unless told); the returned context is signed in. */
export async function registerViaApi(label: string, baseURL = BASE_URL): Promise<TestUser> {
  const details = newUserDetails(label);
  const address = freshAddress();
  const api = await apiContext(address, {}, baseURL);
  const response = await api.post("/api/register", { data: details });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: string };
  return { ...details, id: body.id, api, address };
}

export async function disposeAll(...users: Array<TestUser | undefined>) {
  await Promise.all(users.map((user) => user?.api.dispose()));
}

/** The value of the session cookie a request context or browser context holds. */
export async function sessionCookieOf(
  holder: APIRequestContext | BrowserContext,
): Promise<string | undefined> {
  const state = await holder.storageState();
  return state.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
}

/** GET /api/user with exactly this session cookie and nothing else. */
export async function replaySession(
  cookieValue: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const api = await apiContext();
  try {
    const response = await api.get("/api/user", {
      headers: { Cookie: `${SESSION_COOKIE}=${cookieValue}` },
    });
    return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
  } finally {
    await api.dispose();
  }
}

export interface AvailableAccounts {
  accounts: Array<{
    accountId: string;
    role: string;
    isOwnAccount: boolean;
    accountOwner: {
      firstName: string | null;
      lastName: string | null;
      email: string | null;
      conciergeFleetSize: number | null;
    };
  }>;
  currentAccountId: string;
}

export async function availableAccounts(api: APIRequestContext): Promise<AvailableAccounts> {
  const response = await api.get("/api/user/available-accounts");
  expect(response.status()).toBe(200);
  return (await response.json()) as AvailableAccounts;
}

export function accountIdOf(userId: string): string {
  const row = query<{ id: string }>("select id from accounts where owner_user_id = ?", userId)[0];
  if (!row) throw new Error(`no account for ${userId}`);
  return row.id;
}

interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
}

/** Every email that reached the test SMTP server for an address, oldest first. */
export async function emailsTo(to: string, subjectIncludes = ""): Promise<ReceivedEmail[]> {
  const response = await fetch(
    `http://127.0.0.1:${SMTP_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`,
  );
  const messages = (await response.json()) as ReceivedEmail[];
  return messages.filter((m) => m.subject.includes(subjectIncludes));
}

/** Waits until at least `count` matching emails arrived and returns the newest. */
export async function waitForNthEmail(
  to: string,
  subjectIncludes: string,
  count: number,
  timeoutMs = 15_000,
): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await emailsTo(to, subjectIncludes);
    if (messages.length >= count) return messages[messages.length - 1]!;
    if (Date.now() > deadline) {
      throw new Error(`Only ${messages.length} of ${count} "${subjectIncludes}" emails to ${to}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The token in an emailed link such as /verify-email?token=… or /invite/<token>. */
export function tokenIn(email: ReceivedEmail, path: string): string {
  const link = new URL(linkIn(email, path));
  const token = link.searchParams.get("token") ?? link.pathname.split("/").pop();
  if (!token) throw new Error(`No token in ${link.toString()}`);
  return token;
}

/** The path and query of an emailed link, for use against the test server's base URL. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

/**
 * The owner invites someone from the Account Settings form (a plain form post, as without
 * JavaScript) and returns the invitation token from the email that arrived.
 */
export async function inviteViaForm(
  owner: TestUser,
  email: string,
  role: "team_member" | "va",
): Promise<string> {
  const before = (await emailsTo(email, "invited you")).length;
  const response = await owner.api.post("/account", { form: { intent: "invite", email, role } });
  expect(response.status(), "invite form").toBe(200);
  expect(await response.text()).toContain(`Invitation sent to ${email.toLowerCase()}.`);
  const mail = await waitForNthEmail(email, "invited you", before + 1);
  return tokenIn(mail, "/invite/");
}

/** The invited user accepts with a form post; they land in the owner's account. */
export async function acceptViaForm(member: TestUser, token: string) {
  const response = await member.api.post(`/invite/${token}`, { form: {}, maxRedirects: 0 });
  expect(response.status(), "accept invitation").toBe(303);
  expect(response.headers()["location"]).toBe("/account");
}

/**
 * Each owner invites its member (all at once), then each member accepts, in order; the tokens
 * in the same order.
 */
export async function joinByInvitation(
  invitations: ReadonlyArray<{ owner: TestUser; member: TestUser; role: "team_member" | "va" }>,
): Promise<string[]> {
  const tokens = await Promise.all(
    invitations.map(({ owner, member, role }) => inviteViaForm(owner, member.email, role)),
  );
  for (const [index, { member }] of invitations.entries()) {
    await acceptViaForm(member, tokens[index]!);
  }
  return tokens;
}

/** The four users of a tenancy spec: owners A and B, and A's team member and VA. */
export interface TenancyCast {
  ownerA: TestUser;
  ownerB: TestUser;
  teamA: TestUser;
  vaA: TestUser;
  /** The invitation token teamA accepted (used, so it can't be accepted again). */
  teamToken: string;
}

/**
 * Registers the tenancy cast (labels `${prefix}owna`, `${prefix}ownb`, …) and has A's team member
 * and VA accept their invitations, so both are working in A.
 */
export async function registerTenancyCast(prefix: string): Promise<TenancyCast> {
  const [ownerA, ownerB, teamA, vaA] = await Promise.all([
    registerViaApi(`${prefix}owna`),
    registerViaApi(`${prefix}ownb`),
    registerViaApi(`${prefix}teama`),
    registerViaApi(`${prefix}vaa`),
  ]);
  const tokens = await joinByInvitation([
    { owner: ownerA, member: teamA, role: "team_member" },
    { owner: ownerA, member: vaA, role: "va" },
  ]);
  return { ownerA, ownerB, teamA, vaA, teamToken: tokens[0]! };
}

export function sha256(value: string) {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/**
 * Writes to the running server's database (WAL lets a second connection write beside it): used
 * only to move a token's expiry into the past.
 */
export function expireToken(table: "auth_tokens" | "invitations", token: string) {
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const result = db
      .prepare(`update ${table} set expires_at = ? where token_hash = ?`)
      .run(Date.now() - 60_000, sha256(token));
    expect(result.changes, `${table} row for the token`).toBe(1);
  } finally {
    db.close();
  }
}

/**
 * A password hash with cheap scrypt parameters (N=2^10). A stored hash carries its parameters, so
 * the server verifies it with its real code at a fraction of the cost: tests that need a hundred
 * failed sign-ins don't burn a minute of CPU on a shared machine.
 */
export function cheapPasswordHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 64, { N: 1024, r: 8, p: 1 });
  return ["scrypt", 1024, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Replaces a user's stored password hash in the running server's database. */
export function setPasswordHash(userId: string, passwordHash: string) {
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const result = db
      .prepare("update users set password_hash = ? where id = ?")
      .run(passwordHash, userId);
    expect(result.changes, "users row").toBe(1);
  } finally {
    db.close();
  }
}

/** A browser context that browses from its own client address. */
/** Fills and sends the sign-in form on the page it is on (an /auth URL). */
export async function submitSignInForm(page: Page, identifier: string, password: string) {
  await page.getByLabel("Username or email").fill(identifier);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Signs in with the form on `authPath` in a new browser context (JavaScript on) and checks that it
 * lands on the dashboard.
 */
export async function signInWithForm(
  browser: Browser,
  identifier: string,
  password: string,
  authPath = "/auth",
) {
  const context = await browserContext(browser, true);
  const page = await context.newPage();
  await page.goto(authPath);
  await submitSignInForm(page, identifier, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

export async function browserContext(browser: Browser, javaScriptEnabled: boolean) {
  return browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
  });
}

/** A browser context (JavaScript on or off) holding `user`'s session, and a page in it. */
export async function signedInContext(
  browser: Browser,
  user: TestUser,
  javaScriptEnabled: boolean,
) {
  const context = await browserContext(browser, javaScriptEnabled);
  await context.addCookies((await user.api.storageState()).cookies);
  return { context, page: await context.newPage() };
}

/**
 * The user-visible messages in a server-rendered page: alerts, status banners (toasts without
 * JavaScript, form results) and field errors.
 */
export function visibleMessages(html: string): string[] {
  const messages: string[] = [];
  const pattern =
    /(?:role="(?:alert|status)"|class="field-error")[^>]*>((?:\s*<(?!\/)[^>]+>)*\s*)([^<]*[^<\s][^<]*)</g;
  for (const match of html.matchAll(pattern)) messages.push(decodeEntities(match[2]!.trim()));
  return messages;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
