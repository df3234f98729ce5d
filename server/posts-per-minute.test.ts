import { afterAll, describe, expect, it } from "vitest";
import { startEntryServer, type EntryServer } from "./http-test-support";

// The production build on a real port: `npm test` builds first.
describe("POSTS_PER_MINUTE", () => {
  const servers: EntryServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("sets how many POSTs one address may make a minute", async () => {
    const server = await startEntryServer({ POSTS_PER_MINUTE: "3" }, [3730, 3759]);
    servers.push(server);
    const post = () =>
      fetch(`http://127.0.0.1:${server.port}/api/trips`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
    // Signed out: each of the first three is answered on its merits, the fourth is refused.
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(401);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Too many requests. Please wait a minute and try again.",
    );
  }, 60_000);
});
