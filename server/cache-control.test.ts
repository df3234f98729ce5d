import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEntryServer, type EntryServer } from "./http-test-support";

// The production build on a real port, with a real database: `npm test` builds first.
describe("Cache-Control of pages and their single-fetch data", () => {
  let server: EntryServer;
  let cookie = "";

  beforeAll(async () => {
    server = await startEntryServer({ TRUST_PROXY: "loopback" }, [3670, 3699]);
    const register = await fetch(`${server.origin}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "2001:db8:cac4::1" },
      body: JSON.stringify({
        username: "cache_control",
        email: "cache-control@fleet.test",
        password: "Fleet-cache-keys under the mat",
        firstName: "Cash",
        lastName: "Control",
      }),
    });
    expect(register.status, await register.clone().text()).toBe(201);
    cookie = register.headers.get("set-cookie")!.split(";")[0]!;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const get = (path: string, signedIn: boolean) =>
    fetch(`${server.origin}${path}`, { headers: signedIn ? { Cookie: cookie } : {} });

  it("never lets a signed-in page or its .data be stored", async () => {
    for (const path of ["/dashboard.data", "/dashboard", "/account.data", "/terms.data", "/"]) {
      const response = await get(path, true);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // A mutation's single-fetch answer too.
    const post = await fetch(`${server.origin}/account.data`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=nothing",
    });
    expect(post.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps signed-out pages and their .data private and revalidated", async () => {
    for (const path of ["/terms.data", "/terms", "/_root.data"]) {
      const response = await get(path, false);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-cache");
    }
  });
});
