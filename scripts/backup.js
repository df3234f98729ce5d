// Online backup of the live SQLite database: `npm run db:backup -- /path/to/backup.db`.
// Uses SQLite's backup API, so the server can keep writing while it runs.
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";

export async function backupDatabase(source, destination) {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  const copy = new Database(destination, { readonly: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`Backup failed its integrity check: ${check}`);
  } finally {
    copy.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dataDir = process.env.DATA_DIR ?? "./data";
  const source = path.resolve(dataDir, "fleetassist.db");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const destination = path.resolve(
    process.argv[2] ?? path.join(dataDir, "backups", `fleetassist-${stamp}.db`),
  );
  const { mkdirSync } = await import("node:fs");
  mkdirSync(path.dirname(destination), { recursive: true });
  await backupDatabase(source, destination);
  console.log(`Backed up ${source} to ${destination}`);
}
