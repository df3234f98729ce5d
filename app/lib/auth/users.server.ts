import crypto from "node:crypto";
import { eq, or } from "drizzle-orm";
import { accounts, memberships, users } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import type { UtmAttribution } from "~/lib/analytics/utm";
import {
  decoyPasswordHash,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from "./password.server";

export class RegistrationError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  concierge?: { fleetSize: number; marketplaceProfile: string };
  attribution?: UtmAttribution;
}

/**
 * Creates the user, their own account and their owner membership in one transaction. The error
 * texts are the ones the client maps to friendly messages ('Email already in use' / 'Username
 * already exists', or 'Email already registered' / 'Username already taken' for the concierge
 * registration).
 */
export async function registerUser(input: NewUser) {
  const concierge = Boolean(input.concierge);
  const problem = passwordProblem(input.password, [
    input.username,
    input.email,
    input.firstName,
    input.lastName,
  ]);
  if (problem) throw new RegistrationError(problem, "password");
  const email = input.email.toLowerCase();
  const usernameKey = input.username.toLowerCase();
  const taken = () => {
    const existing = db()
      .select({ email: users.email, usernameKey: users.usernameKey })
      .from(users)
      .where(or(eq(users.email, email), eq(users.usernameKey, usernameKey)))
      .all();
    if (existing.some((u) => u.email === email)) {
      throw new RegistrationError(
        concierge ? "Email already registered" : "Email already in use",
        "email",
      );
    }
    if (existing.some((u) => u.usernameKey === usernameKey)) {
      throw new RegistrationError(
        concierge ? "Username already taken" : "Username already exists",
        "username",
      );
    }
  };
  taken();
  const passwordHash = await hashPassword(input.password);
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  db().transaction((tx) => {
    // Checked again inside the transaction: another registration may have won meanwhile.
    taken();
    tx.insert(users)
      .values({
        id: userId,
        username: input.username,
        usernameKey,
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        isConcierge: concierge,
        conciergeFleetSize: input.concierge?.fleetSize ?? null,
        marketplaceProfile: input.concierge?.marketplaceProfile ?? null,
        utmAttribution:
          input.attribution && (input.attribution.firstTouch || input.attribution.session)
            ? JSON.stringify(input.attribution)
            : null,
      })
      .run();
    tx.insert(accounts).values({ id: accountId, ownerUserId: userId }).run();
    tx.insert(memberships).values({ accountId, userId, role: "primary" }).run();
  });
  return { userId, accountId };
}

/** The user a sign-in identifier names: their email or their username, in any case. */
export function findUserByIdentifier(identifier: string) {
  const key = identifier.trim().toLowerCase();
  return db()
    .select()
    .from(users)
    .where(or(eq(users.email, key), eq(users.usernameKey, key)))
    .get();
}

/**
 * Whether the password is the user's. Without a user it checks a decoy hash, so it takes the same
 * time either way and the timing does not tell which usernames exist.
 */
export async function passwordMatches(
  user: { passwordHash: string } | undefined,
  password: string,
): Promise<boolean> {
  if (!user) {
    await verifyPassword(password, await decoyPasswordHash());
    return false;
  }
  return verifyPassword(password, user.passwordHash);
}

export function findUserByEmail(email: string) {
  return db().select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

export function findUserById(id: string) {
  return db().select().from(users).where(eq(users.id, id)).get();
}
