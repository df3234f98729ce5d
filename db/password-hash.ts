/**
 * How a password hash is stored in users.password_hash: scrypt$N$r$p$salt$key. The parameters
 * live here, below lib/auth, so the first-run seed (db/seed.ts) writes the same format as sign-up
 * (lib/auth/password.server.ts hashes and verifies on worker threads with them).
 */
import crypto from "node:crypto";

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (128 MiB per hash, so maxmem is raised). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
export const KEY_LENGTH = 64;
export const MAX_MEMORY = 256 * 1024 * 1024;

/** The same hash, synchronously: only for the one-time seed at first boot. */
export function hashPasswordSync(password: string): string {
  const salt = crypto.randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH, {
    N,
    r,
    p,
    maxmem: MAX_MEMORY,
  });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}
