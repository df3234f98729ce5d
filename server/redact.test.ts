import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact.js";

describe("redactUrl", () => {
  it("replaces the secret segment of every token path, keeping the URL's shape", () => {
    expect(redactUrl("/api/inbound/email/AbC_123-xyz")).toBe("/api/inbound/email/[redacted]");
    expect(redactUrl("/share/s3cr3t")).toBe("/share/[redacted]");
    expect(redactUrl("/share/s3cr3t.data")).toBe("/share/[redacted].data");
    expect(redactUrl("/share/s3cr3t/pdf")).toBe("/share/[redacted]/pdf");
    expect(redactUrl("/share/s3cr3t/photos/p1")).toBe("/share/[redacted]/photos/p1");
    expect(redactUrl("/share/packet/s3cr3t")).toBe("/share/packet/[redacted]");
    expect(redactUrl("/invite/s3cr3t")).toBe("/invite/[redacted]");
    expect(redactUrl("/repair-quote/s3cr3t.data")).toBe("/repair-quote/[redacted].data");
    // The router matches paths case-insensitively and with repeated slashes.
    expect(redactUrl("/SHARE//s3cr3t")).toBe("/SHARE//[redacted]");
  });

  it("replaces token, code and key query parameters, in paths and absolute URLs", () => {
    expect(redactUrl("/reset-password?token=abc&next=%2F")).toBe(
      "/reset-password?token=[redacted]&next=%2F",
    );
    expect(redactUrl("https://fleet.example/verify-email?x=1&token=abc#top")).toBe(
      "https://fleet.example/verify-email?x=1&token=[redacted]#top",
    );
    expect(redactUrl("http://localhost:3000/invite/abc?code=9")).toBe(
      "http://localhost:3000/invite/[redacted]?code=[redacted]",
    );
  });

  it("leaves paths without secrets alone", () => {
    for (const path of [
      "/",
      "/dashboard/inbox",
      "/repair-quote",
      "/dashboard/share-links",
      "/api/inbound",
    ]) {
      expect(redactUrl(path)).toBe(path);
    }
  });
});
