import crypto from "node:crypto";
import { isCommonPassword } from "./common-passwords";
import { createPasswordHasher } from "./password-hasher.server";
import { KEY_LENGTH, MAX_MEMORY, SCRYPT_PARAMS } from "~/db/password-hash";

export { PASSWORD_BUSY_MESSAGE, PasswordHasherBusyError } from "./password-hasher.server";

export { SCRYPT_PARAMS };

/**
 * Every hash and verification of the server runs here, on dedicated worker threads with a bounded
 * queue (see password-hasher.server.ts): they may make sign-in wait or answer 503, never delay
 * pages and assets.
 */
export const passwordHasher = createPasswordHasher();

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, context: string[] = []): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (isCommonPassword(lower) || context.some((word) => word && lower === word.toLowerCase())) {
    return "That password is too common or too easy to guess. Choose a less predictable one.";
  }
  return null;
}

/**
 * `scrypt$N$r$p$salt$hash`: a stored hash says how it was made. Rejects with
 * PasswordHasherBusyError (a 503 response) when the hasher is saturated.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await passwordHasher.derive(password.normalize("NFKC"), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: MAX_MEMORY,
  });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export function parsePasswordHash(stored: string) {
  const [algorithm, N, r, p, salt, key] = stored.split("$");
  if (algorithm !== "scrypt" || !N || !r || !p || !salt || !key) return null;
  return { algorithm, N: Number(N), r: Number(r), p: Number(p), salt, key };
}

/** Rejects with PasswordHasherBusyError (a 503 response) when the hasher is saturated. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.key, "base64");
  const actual = await passwordHasher.derive(
    password.normalize("NFKC"),
    Buffer.from(parsed.salt, "base64"),
    expected.length,
    {
      N: parsed.N,
      r: parsed.r,
      p: parsed.p,
      maxmem: MAX_MEMORY,
    },
  );
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password, verified against when the user does not exist (equal timing).
 * Made once; a failed attempt (a busy hasher) is not remembered, so the next call tries again.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  if (!decoyHash) {
    const attempt = hashPassword(crypto.randomBytes(16).toString("hex"));
    decoyHash = attempt;
    attempt.catch(() => {
      if (decoyHash === attempt) decoyHash = undefined;
    });
  }
  return decoyHash;
}
