import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { startEntryServer, type EntryServer } from "./http-test-support";

/** GET `path` from `localAddress` (any 127.x address is this machine on Linux). */
function getFrom(server: EntryServer, path: string, localAddress: string, forwardedFor: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(
        {
          host: "127.0.0.1",
          port: server.port,
          path,
          localAddress,
          agent: false,
          headers: { "X-Forwarded-For": forwardedFor },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      )
      .on("error", reject);
  });
}

/** The client address the server logged for the request to `path`. */
async function loggedIp(server: EntryServer, path: string) {
  for (let i = 0; i < 250; i++) {
    const line = server.logLines().find((l) => l.msg === "request" && l.path === path);
    if (line) return line.ip;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no request line for ${path}`);
}

// The production build on a real port: `npm test` builds first.
describe("TRUST_PROXY", () => {
  const servers: EntryServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("takes X-Forwarded-For from the configured proxy address only", async () => {
    const server = await startEntryServer(
      { TRUST_PROXY: "127.0.0.2", LOG_LEVEL: "info" },
      [3640, 3669],
    );
    servers.push(server);

    expect(await getFrom(server, "/terms?from=proxy", "127.0.0.2", "203.0.113.9")).toBe(200);
    expect(await loggedIp(server, "/terms")).toBe("203.0.113.9");

    // Any other direct client: its header is ignored and its own address counts.
    expect(await getFrom(server, "/privacy?from=client", "127.0.0.1", "203.0.113.10")).toBe(200);
    expect(await loggedIp(server, "/privacy")).toBe("127.0.0.1");
  }, 60_000);

  it("reads the deprecated `true` as proxies on loopback and private addresses, with a warning", async () => {
    const server = await startEntryServer({ TRUST_PROXY: "true", LOG_LEVEL: "info" }, [3640, 3669]);
    servers.push(server);

    expect(await getFrom(server, "/terms", "127.0.0.1", "203.0.113.11")).toBe(200);
    expect(await loggedIp(server, "/terms")).toBe("203.0.113.11");
    expect(server.stderr()).toContain("TRUST_PROXY=true is deprecated");
  }, 60_000);

  it("stops the server with a message naming a TRUST_PROXY it cannot use", async () => {
    await expect(startEntryServer({ TRUST_PROXY: "yes please" }, [3640, 3669])).rejects.toThrow(
      /TRUST_PROXY: must be false, a hop count/,
    );
  }, 60_000);
});
