import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/lib/auth/password.server";
import * as schema from "./schema";
import { DEMO_USERNAME, seed } from "./seed";

function freshDatabase() {
  const db = drizzle(new Database(":memory:"), { schema });
  migrate(db, { migrationsFolder: "db/migrations" });
  return db;
}

describe("seed", () => {
  it("prints the demo password once, in a banner of its own lines, and it signs in", async () => {
    const db = freshDatabase();
    const output: string[] = [];
    seed(db, (line) => output.push(line));
    const printed = output.join("\n");
    const password = /^\s+Password\s+(\S+)$/m.exec(printed)?.[1];
    expect(password).toBeTruthy();
    expect(printed).toMatch(new RegExp(`^\\s+Username\\s+${DEMO_USERNAME}$`, "m"));
    expect(printed).toMatch(/^={20,}$/m);
    const user = db.select().from(schema.users).get();
    expect(await verifyPassword(password!, user!.passwordHash)).toBe(true);

    output.length = 0;
    seed(db, (line) => output.push(line));
    expect(output).toEqual([]);
  });
});
