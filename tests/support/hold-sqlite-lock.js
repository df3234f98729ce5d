// Holds the write lock of a SQLite file from another process, as a backup tool or the sqlite3
// CLI in the middle of a write would: `node tests/support/hold-sqlite-lock.js <file> <ms>`.
// Prints "locked" once BEGIN IMMEDIATE holds, keeps it for <ms>, then rolls back and exits.
// Other writers wait for it; readers don't (WAL).
import Database from "better-sqlite3";

const [file, ms = "5000"] = process.argv.slice(2);
if (!file) {
  console.error("usage: hold-sqlite-lock.js <file> <ms>");
  process.exit(2);
}
const db = new Database(file, { timeout: 5000 });
db.exec("BEGIN IMMEDIATE");
process.stdout.write("locked\n");
setTimeout(() => {
  db.exec("ROLLBACK");
  db.close();
  process.exit(0);
}, Number(ms));
