import crypto from "node:crypto";
import { and, eq, lt, ne, or } from "drizzle-orm";
import { createCookie } from "react-router";
import { accounts, memberships, sessions, users, type Role } from "~/db/schema";
import { db, isDatabaseBusy } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";

/** A session ends after 14 days without a request, and 30 days after sign-in at the latest. */
export const IDLE_TIMEOUT_MS = 14 * 24 * 3600 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600 * 1000;
/** lastSeenAt is refreshed at most this often, so reads do not become writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Secure + `__Host-` in production, except a plain-http install that is not on localhost
 * (browsers would drop a Secure cookie there and nobody could sign in).
 */
export function cookieIsSecure(): boolean {
  const { NODE_ENV, PUBLIC_URL } = env();
  if (NODE_ENV !== "production") return false;
  const url = new URL(PUBLIC_URL);
  return url.protocol === "https:" || url.hostname === "localhost";
}

let sessionCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  sessionCookie ??= createCookie(cookieIsSecure() ? "__Host-fa_session" : "fa_session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: cookieIsSecure(),
    maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
  });
  return sessionCookie;
}

const hashId = (id: string) => crypto.createHash("sha256").update(id).digest("hex");

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  currentPlanId: string | null;
  emailVerified: boolean;
  createdAt: Date;
}

export interface CurrentSession {
  idHash: string;
  user: SessionUser;
  /** The account the user is working in, and their role there. */
  accountId: string;
  role: Role;
  ownAccountId: string;
}

export function ownAccountId(userId: string): string | undefined {
  return db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.ownerUserId, userId))
    .get()?.id;
}

/** Starts a session (a new random id every time: login, switch, privilege change). */
export async function createSession(
  userId: string,
  accountId: string,
  request: Request,
  clientIp: string,
): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  db()
    .insert(sessions)
    .values({
      idHash: hashId(id),
      userId,
      currentAccountId: accountId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + ABSOLUTE_TIMEOUT_MS),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      ip: clientIp,
    })
    .run();
  return cookie().serialize(id);
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = await cookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 32 && value.length <= 64 ? value : null;
}

/** The signed-in user and their current account, or null (expired and revoked sessions included). */
export async function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  const id = await readSessionId(request);
  if (!id) return null;
  const idHash = hashId(id);
  const row = db()
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash))
    .get();
  if (!row) return null;
  const now = Date.now();
  if (
    row.session.expiresAt.getTime() <= now ||
    row.session.lastSeenAt.getTime() + IDLE_TIMEOUT_MS <= now
  ) {
    db().delete(sessions).where(eq(sessions.idHash, idHash)).run();
    return null;
  }

  const own = ownAccountId(row.user.id);
  if (!own) return null;
  // The current account must still be one the user belongs to (an owner may have removed them).
  let accountId = row.session.currentAccountId ?? own;
  let membership = db()
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, row.user.id)))
    .get();
  if (!membership) {
    accountId = own;
    membership = { role: "primary" };
    db().update(sessions).set({ currentAccountId: own }).where(eq(sessions.idHash, idHash)).run();
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    try {
      db()
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.idHash, idHash))
        .run();
    } catch (error) {
      // Only bookkeeping: while another process holds the write lock, reading pages still works
      // and the next request refreshes it.
      if (!isDatabaseBusy(error)) throw error;
    }
  }

  const { user } = row;
  return {
    idHash,
    accountId,
    role: membership.role,
    ownAccountId: own,
    user: toSessionUser(user),
  };
}

/** The fields of a user row the app passes around (no password hash). */
export function toSessionUser(user: typeof users.$inferSelect): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    currentPlanId: user.currentPlanId,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt,
  };
}

/** Ends this request's session server-side and returns the header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id)
    db()
      .delete(sessions)
      .where(eq(sessions.idHash, hashId(id)))
      .run();
  return cookie().serialize("", { maxAge: 0 });
}

/** Moves the session to another account under a new id (the old id stops working). */
export async function rotateSession(
  current: CurrentSession,
  accountId: string,
  request: Request,
  clientIp: string,
): Promise<string> {
  db().delete(sessions).where(eq(sessions.idHash, current.idHash)).run();
  return createSession(current.user.id, accountId, request, clientIp);
}

/** Ends every session of a user, except (optionally) the one making the request. */
export function destroyUserSessions(userId: string, exceptIdHash?: string) {
  db()
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
        : eq(sessions.userId, userId),
    )
    .run();
}

export function listUserSessions(userId: string) {
  return db()
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .all();
}

/** Housekeeping: drops sessions past either expiry. */
export function purgeExpiredSessions(now = Date.now()) {
  db()
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now)),
        lt(sessions.lastSeenAt, new Date(now - IDLE_TIMEOUT_MS)),
      ),
    )
    .run();
}
