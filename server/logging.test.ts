import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEntryServer, type EntryServer } from "./http-test-support";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Waits for the server to have logged `count` request lines (they are written on finish). */
async function requestLines(server: EntryServer, count: number) {
  for (let i = 0; i < 50; i++) {
    const lines = server.logLines().filter((line) => line.msg === "request");
    if (lines.length >= count) return lines;
    await new Promise((r) => setTimeout(r, 20));
  }
  return server.logLines().filter((line) => line.msg === "request");
}

// The production build on a real port: `npm test` builds first.
describe("request logging", () => {
  const servers: EntryServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });
  const asset = fs
    .readdirSync(path.join(process.env.BUILD_DIR ?? "build", "client/assets"))
    .find((name) => name.endsWith(".js"));

  it("logs a POST to a page without an action as a 405 at info level, not as an error", async () => {
    const server = await startEntryServer({ LOG_LEVEL: "info" }, [3670, 3699]);
    servers.push(server);

    for (const url of ["/terms", "/terms.data"]) {
      const response = await fetch(`${server.origin}${url}`, {
        method: "POST",
        headers: FORM,
        body: "a=b",
      });
      expect(response.status).toBe(405);
      await response.text();
    }
    const lines = await requestLines(server, 2);
    expect(lines.map((line) => [line.path, line.status, line.level])).toEqual([
      ["/terms", 405, "info"],
      ["/terms.data", 405, "info"],
    ]);
    const refused = server.logLines().filter((line) => line.msg === "Request refused");
    expect(refused).toHaveLength(2);
    expect(refused.every((line) => line.level === "info" && line.status === 405)).toBe(true);
    expect(server.logLines().filter((line) => line.level === "error")).toEqual([]);
    expect(server.stderr()).toBe("");
  }, 60_000);

  it("logs static files at debug level, so LOG_LEVEL=info leaves them out", async () => {
    const quiet = servers[0] ?? (await startEntryServer({ LOG_LEVEL: "info" }, [3670, 3699]));
    if (!servers.includes(quiet)) servers.push(quiet);
    const verbose = await startEntryServer({ LOG_LEVEL: "debug" }, [3670, 3699]);
    servers.push(verbose);

    for (const server of [quiet, verbose]) {
      const before = (await requestLines(server, 0)).length;
      for (const url of ["/favicon.svg", `/assets/${asset}`, "/terms"]) {
        const response = await fetch(`${server.origin}${url}`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      const lines = (await requestLines(server, before + (server === quiet ? 1 : 3))).slice(before);
      expect(lines.map((line) => [line.path, line.level])).toEqual(
        server === quiet
          ? [["/terms", "info"]]
          : [
              ["/favicon.svg", "debug"],
              [`/assets/${asset}`, "debug"],
              ["/terms", "info"],
            ],
      );
    }
  }, 60_000);
});
