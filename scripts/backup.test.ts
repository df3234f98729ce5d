import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { backupDatabase } from "./backup.js";

describe("online backup", () => {
  it("copies a live database while another connection keeps writing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleetassist-backup-"));
    const source = path.join(dir, "live.db");
    const live = new Database(source);
    live.pragma("journal_mode = WAL");
    live.exec("create table t (id integer primary key, v text)");
    const insert = live.prepare("insert into t (v) values (?)");
    for (let i = 0; i < 2000; i++) insert.run(`row ${i}`);

    const writing = setInterval(() => insert.run("during backup"), 1);
    await backupDatabase(source, path.join(dir, "copy.db"));
    clearInterval(writing);

    const copy = new Database(path.join(dir, "copy.db"), { readonly: true });
    const { n } = copy.prepare("select count(*) as n from t").get() as { n: number };
    expect(n).toBeGreaterThanOrEqual(2000);
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
    live.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
