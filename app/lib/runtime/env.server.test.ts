import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("runs with no configuration at all", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.NODE_ENV).toBe("development");
    expect(env.POSTHOG_KEY).toBeUndefined();
    expect(env.SENTRY_DSN).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(new URL(env.SCHEDULING_URL).protocol).toBe("https:");
  });

  it("points links at the port and host the server listens on when PUBLIC_URL is unset", () => {
    expect(parseEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "3200" }).PUBLIC_URL).toBe("http://localhost:3200");
    expect(parseEnv({ PORT: "3200", PUBLIC_URL: "" }).PUBLIC_URL).toBe("http://localhost:3200");
    expect(parseEnv({ HOST: "192.168.1.20", PORT: "8080" }).PUBLIC_URL).toBe(
      "http://192.168.1.20:8080",
    );
    expect(parseEnv({ HOST: "::1", PORT: "8080" }).PUBLIC_URL).toBe("http://[::1]:8080");
    expect(parseEnv({ HOST: "::", PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PORT: "3200", PUBLIC_URL: "https://fleet.example.com" }).PUBLIC_URL).toBe(
      "https://fleet.example.com",
    );
    expect(() => parseEnv({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });

  it("treats empty optional keys as unset", () => {
    const env = parseEnv({ POSTHOG_KEY: "", SENTRY_DSN: "", PROMO_VIDEO_YOUTUBE_ID: "" });
    expect(env.POSTHOG_KEY).toBeUndefined();
    expect(env.SENTRY_DSN).toBeUndefined();
    expect(env.PROMO_VIDEO_YOUTUBE_ID).toBeUndefined();
  });

  it("fails fast with a readable message naming every bad setting", () => {
    expect(() => parseEnv({ PORT: "http", SCHEDULING_URL: "not a url" })).toThrowError(
      /Invalid environment configuration:\n {2}- PORT: .*\n {2}- SCHEDULING_URL: /,
    );
  });

  it("accepts a hop count, proxy addresses, CIDR ranges and range names for TRUST_PROXY", () => {
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(
      parseEnv({ TRUST_PROXY: "10.0.0.7, 172.16.0.0/12,fd00::/8 ,10.1.0.0/255.255.0.0,::1" })
        .TRUST_PROXY,
    ).toEqual(["10.0.0.7", "172.16.0.0/12", "fd00::/8", "10.1.0.0/255.255.0.0", "::1"]);
  });

  it("keeps TRUST_PROXY=true as a deprecated alias for proxies on private addresses only", () => {
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual([
      "loopback",
      "linklocal",
      "uniquelocal",
    ]);
    expect(parseEnv({ TRUST_PROXY: "TRUE" }).TRUST_PROXY).toEqual([
      "loopback",
      "linklocal",
      "uniquelocal",
    ]);
  });

  it("stops on a TRUST_PROXY it cannot use, naming it", () => {
    for (const bad of [
      "yes",
      "11",
      "-1",
      "10.0.0.0/33",
      "fd00::/129",
      "proxy.local",
      "1.2.3",
      ",",
    ]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be false/);
    }
  });

  it("accepts an 11-character video id only", () => {
    expect(parseEnv({ PROMO_VIDEO_YOUTUBE_ID: "dQw4w9WgXcQ" }).PROMO_VIDEO_YOUTUBE_ID).toBe(
      "dQw4w9WgXcQ",
    );
    expect(() => parseEnv({ PROMO_VIDEO_YOUTUBE_ID: "<script>" })).toThrow(
      /PROMO_VIDEO_YOUTUBE_ID/,
    );
  });
});
