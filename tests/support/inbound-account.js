// An account with a known inbound email token, written straight into a server's SQLite database
// (for tests and benchmarks that post email to a running server). Plain JavaScript, so the
// benchmark scripts can import it without a TypeScript loader.
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * Adds a user `name` (email `name@example.com`, no usable password) owning a new account, and
 * returns that account's inbound token.
 * @param {string} dataDir the server's DATA_DIR (its database is fleetassist.db there)
 * @param {string} name
 * @returns {string}
 */
export function accountWithInboundToken(dataDir, name) {
  const db = new Database(path.join(dataDir, "fleetassist.db"));
  db.pragma("busy_timeout = 5000");
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  const token = crypto.randomBytes(32).toString("base64url");
  db.prepare(
    "INSERT INTO users (id, username, username_key, email, password_hash) VALUES (?, ?, ?, ?, 'x')",
  ).run(userId, name, name, `${name}@example.com`);
  db.prepare("INSERT INTO accounts (id, owner_user_id) VALUES (?, ?)").run(accountId, userId);
  db.prepare("INSERT INTO memberships (account_id, user_id, role) VALUES (?, ?, 'primary')").run(
    accountId,
    userId,
  );
  db.prepare("INSERT INTO inbound_tokens (account_id, token) VALUES (?, ?)").run(accountId, token);
  db.close();
  return token;
}
