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

  it("accepts a trusted proxy flag and an 11-character video id only", () => {
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ PROMO_VIDEO_YOUTUBE_ID: "dQw4w9WgXcQ" }).PROMO_VIDEO_YOUTUBE_ID).toBe(
      "dQw4w9WgXcQ",
    );
    expect(() => parseEnv({ PROMO_VIDEO_YOUTUBE_ID: "<script>" })).toThrow(
      /PROMO_VIDEO_YOUTUBE_ID/,
    );
  });
});
