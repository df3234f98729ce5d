import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "./security.js";

const base = {
  NODE_ENV: "production",
  POSTHOG_KEY: undefined,
  POSTHOG_HOST: "https://us.i.posthog.com",
  SENTRY_DSN: undefined,
  SCHEDULING_URL: "https://cal.example/fleet/demo",
};

describe("security headers", () => {
  it("locks down objects, base URIs and framing, and allows only our nonce for scripts", () => {
    const csp = contentSecurityPolicy("abc123", base);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("connect-src 'self';");
  });

  it("lets the demo form's final redirect reach the scheduling page", () => {
    expect(contentSecurityPolicy("n", base)).toContain("form-action 'self' https://cal.example");
  });

  it("adds analytics hosts only when their keys are configured", () => {
    const csp = contentSecurityPolicy("n", {
      ...base,
      POSTHOG_KEY: "phc_x",
      SENTRY_DSN: "https://key@o1.ingest.sentry.io/2",
    });
    expect(csp).toContain("https://us.i.posthog.com");
    expect(csp).toContain("https://us-assets.i.posthog.com");
    expect(csp).toContain("https://o1.ingest.sentry.io");
  });

  it("sends nosniff, a referrer policy and HSTS in production only", () => {
    const prod = securityHeaders("n", base);
    expect(prod["X-Content-Type-Options"]).toBe("nosniff");
    expect(prod["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(prod["Strict-Transport-Security"]).toMatch(/max-age=31536000/);
    expect(
      securityHeaders("n", { ...base, NODE_ENV: "development" })["Strict-Transport-Security"],
    ).toBeUndefined();
  });
});
