/**
 * `npm run db:backup`: a copy of the database that passes its integrity check, and beside it the
 * file store (photos and received emails' originals) byte for byte, without the temp files of
 * writes in progress. Run as the operator runs it, on a real database and real files.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("npm run db:backup", () => {
  it("copies the database and, beside it, every stored file but no temp file", () => {
    const dataDir = path.join(dir, "data");
    const month = path.join(dataDir, "files", "inbound", "2026", "11");
    fs.mkdirSync(month, { recursive: true });
    const db = new Database(path.join(dataDir, "fleetassist.db"));
    db.pragma("journal_mode = WAL");
    db.exec("create table inbound_emails (id text primary key, raw_key text)");
    db.prepare("insert into inbound_emails values ('e1', 'inbound/2026/11/abc.eml')").run();
    const original = Buffer.concat([
      Buffer.from("Subject: Caf\xe9\r\n\r\n", "latin1"),
      Buffer.from([0, 255]),
    ]);
    fs.writeFileSync(path.join(month, "abc.eml"), original);
    fs.writeFileSync(path.join(month, ".def.eml.0123456789ab.tmp"), "half an email");
    fs.mkdirSync(path.join(dataDir, "files", "photos"));
    fs.writeFileSync(
      path.join(dataDir, "files", "photos", "p.jpg"),
      Buffer.from([0xff, 0xd8, 0xff]),
    );

    const destination = path.join(dir, "backups", "nightly.db");
    const run = spawnSync(process.execPath, ["scripts/backup.js", destination], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    db.close();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(path.join(dir, "backups", "nightly-files"));

    const copy = new Database(destination, { readonly: true });
    expect(copy.prepare("select raw_key as key from inbound_emails").get()).toEqual({
      key: "inbound/2026/11/abc.eml",
    });
    copy.close();
    const files = path.join(dir, "backups", "nightly-files");
    expect(
      fs.readFileSync(path.join(files, "inbound", "2026", "11", "abc.eml")).equals(original),
    ).toBe(true);
    expect(fs.readFileSync(path.join(files, "photos", "p.jpg"))).toEqual(
      Buffer.from([0xff, 0xd8, 0xff]),
    );
    expect(fs.readdirSync(path.join(files, "inbound", "2026", "11"))).toEqual(["abc.eml"]);
  });
});
