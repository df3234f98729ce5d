// Online backup of the live data: `npm run db:backup -- /path/to/backup.db` copies the SQLite
// database with SQLite's backup API (the server can keep writing while it runs), then the file
// store (photos, logos, received emails' originals) into `/path/to/backup-files/`. The database
// is copied first: a file is always written before the row that refers to it, so every file the
// copied database refers to already exists when the files are copied.
import fs from "node:fs";
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

/** A write in progress (the file store's temp file): never part of a backup. */
const TEMP_FILE = /^\..+\.[0-9a-f]{12}\.tmp$/;

/** Where the files of the database backup `destination` go: `<name>-files/` beside it. */
export function filesBackupDir(destination) {
  return destination.replace(/\.db$/, "") + "-files";
}

/** Copies the file store `source` (DATA_DIR/files) to `destination`, leaving out temp files. */
export function backupFiles(source, destination) {
  if (!fs.existsSync(source)) return;
  fs.cpSync(source, destination, {
    recursive: true,
    filter: (file) => !TEMP_FILE.test(path.basename(file)),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dataDir = process.env.DATA_DIR ?? "./data";
  const source = path.resolve(dataDir, "fleetassist.db");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const destination = path.resolve(
    process.argv[2] ?? path.join(dataDir, "backups", `fleetassist-${stamp}.db`),
  );
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  await backupDatabase(source, destination);
  const files = filesBackupDir(destination);
  backupFiles(path.resolve(dataDir, "files"), files);
  console.log(`Backed up ${source} to ${destination}, and its files to ${files}`);
}
