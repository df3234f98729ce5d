import { describe, expect, it } from "vitest";
import { ascii, bytes, ftyp, JPEG, PNG } from "~/tests/support/image-bytes";
import {
  buildReport,
  capabilityRows,
  computeThroughput,
  connectionRows,
  detectImageType,
  fallbackUploadFailure,
  formatBytes,
  formatMs,
  HEIC_HINT,
  isUploadPayload,
  MAX_UPLOAD_BYTES,
  readEmbeddedUploadResult,
  shortUserAgent,
  tooLargeMessage,
  UPLOAD_MESSAGES,
  uploadRows,
  validateSelectedFile,
  viewportRows,
  type CapabilitySnapshot,
  type UploadPayload,
} from "./diagnostics";

describe("detectImageType", () => {
  it("recognizes JPEG, PNG, WebP and GIF by their magic bytes", () => {
    expect(detectImageType(JPEG)).toBe("jpeg");
    expect(detectImageType(PNG)).toBe("png");
    expect(detectImageType(ascii("RIFF\x24\x00\x00\x00WEBPVP8 "))).toBe("webp");
    expect(detectImageType(ascii("GIF89a\x01\x00"))).toBe("gif");
  });

  it("recognizes HEIC by major brand", () => {
    for (const brand of ["heic", "heix", "hevc", "mif1", "msf1"]) {
      expect(detectImageType(ftyp(brand))).toBe("heic");
    }
  });

  it("recognizes HEIC from a compatible brand and AVIF even when the major brand is mif1", () => {
    expect(detectImageType(ftyp("isom", ["mif1", "heic"]))).toBe("heic");
    expect(detectImageType(ftyp("mif1", ["avif", "miaf"]))).toBe("avif");
    expect(detectImageType(ftyp("avif", ["mif1"]))).toBe("avif");
  });

  it("does not mistake video or other files for photos", () => {
    expect(detectImageType(ftyp("isom", ["mp41"]))).toBe("unknown");
    expect(detectImageType(ascii("RIFF\x24\x00\x00\x00WAVEfmt "))).toBe("unknown");
    expect(detectImageType(ascii("%PDF-1.7"))).toBe("unknown");
    expect(detectImageType(new Uint8Array())).toBe("unknown");
  });

  it("needs the full signature", () => {
    expect(detectImageType(bytes(0xff, 0xd8))).toBe("unknown");
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBe("unknown");
    expect(detectImageType(ascii("RIFF"))).toBe("unknown");
  });

  it("ignores a bogus ftyp box size", () => {
    const data = ftyp("heic");
    data.set([0xff, 0xff, 0xff, 0xff], 0);
    expect(detectImageType(data)).toBe("heic");
  });
});

describe("formatting", () => {
  it("formats byte counts", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2_500_000)).toBe("2.4 MB");
    expect(formatBytes(MAX_UPLOAD_BYTES)).toBe("15 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3 GB");
    expect(formatBytes(-1)).toBe("unknown size");
    expect(formatBytes(Number.NaN)).toBe("unknown size");
  });

  it("formats durations", () => {
    expect(formatMs(12.4)).toBe("12 ms");
    expect(formatMs(1500)).toBe("1.5 s");
    expect(formatMs(663_000)).toBe("11.1 min");
    expect(formatMs(-5)).toBe("unknown");
  });

  it("computes upload throughput", () => {
    const speed = computeThroughput(1024 * 1024, 2000);
    expect(speed?.kilobytesPerSecond).toBe(512);
    expect(speed?.text).toBe("512 KB/s (4.2 Mbit/s)");
    expect(computeThroughput(50 * 1024, 1000)?.text).toBe("50.0 KB/s (0.4 Mbit/s)");
    expect(computeThroughput(1000, 0)).toBeNull();
    expect(computeThroughput(0, 1000)).toBeNull();
  });
});

describe("shortUserAgent", () => {
  it("names common phone browsers", () => {
    expect(
      shortUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 17.4 on iOS 17.4");
    expect(
      shortUserAgent(
        "Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Chrome 124 on Android 14");
    expect(
      shortUserAgent(
        "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Samsung Internet 24.0 on Android 13");
    expect(
      shortUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Chrome 120 on iOS 16.6");
  });

  it("flags in-app browsers", () => {
    const ua =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/440.0]";
    expect(shortUserAgent(ua)).toBe("Facebook in-app browser on iOS 17.1");
    const rows = viewportRows({
      width: 390,
      height: 844,
      devicePixelRatio: 3,
      orientation: "Portrait",
      screenWidth: 390,
      screenHeight: 844,
      userAgent: ua,
    });
    expect(rows.find((row) => row.label === "Browser")?.status).toBe("check");
  });

  it("falls back to the raw string, shortened", () => {
    expect(shortUserAgent("")).toBe("not sent");
    expect(shortUserAgent("curl/8.5.0")).toBe("curl/8.5.0");
    expect(shortUserAgent("x".repeat(200))).toHaveLength(80);
  });
});

describe("check rows", () => {
  it("says when the Network Information API is missing", () => {
    const rows = connectionRows({ online: true, supported: false });
    expect(rows).toEqual([
      { label: "Network", value: "Online", status: "ok", detail: undefined },
      expect.objectContaining({ value: "not reported by this browser", status: "unknown" }),
    ]);
  });

  it("flags slow connections and Data Saver", () => {
    const rows = connectionRows({
      online: true,
      supported: true,
      effectiveType: "3g",
      downlinkMbps: 0.7,
      rttMs: 450,
      saveData: true,
    });
    expect(rows.map((row) => row.status)).toEqual(["ok", "check", "check", "check", "check"]);
    expect(connectionRows({ online: false, supported: false })[0]?.status).toBe("check");
  });

  it("marks missing capabilities as Check and always reports JavaScript", () => {
    const all: CapabilitySnapshot = {
      captureAttribute: true,
      multipleFiles: true,
      mediaDevices: true,
      secureContext: true,
      canvas2d: true,
      createImageBitmap: true,
      offscreenCanvas: true,
      uploadProgress: true,
      cookies: true,
      localStorage: true,
      sessionStorage: true,
    };
    expect(capabilityRows(all).every((row) => row.status === "ok")).toBe(true);
    const rows = capabilityRows({ ...all, captureAttribute: false, localStorage: false });
    expect(rows.filter((row) => row.status === "check").map((row) => row.label)).toEqual([
      "Camera capture (file input)",
      "localStorage",
    ]);
    expect(rows.at(-1)).toEqual({ label: "JavaScript", value: "Enabled", status: "ok" });
  });
});

describe("uploadRows", () => {
  const ok = (detectedType: "jpeg" | "heic" | "unknown"): UploadPayload => ({
    ok: true,
    bytes: 2 * 1024 * 1024,
    detectedType,
    declaredType: "image/jpeg",
    serverMs: 3,
    receiveMs: 900,
  });

  it("shows the HEIC hint", () => {
    const row = uploadRows(ok("heic")).find((r) => r.label === "Detected format");
    expect(row).toMatchObject({ value: "HEIC/HEIF", status: "check", detail: HEIC_HINT });
  });

  it("reports client-measured speed when there is timing", () => {
    const rows = uploadRows(ok("jpeg"), {
      sentBytes: 2 * 1024 * 1024,
      uploadMs: 4000,
      totalMs: 4200,
    });
    expect(rows.find((r) => r.label === "Upload speed")).toMatchObject({
      value: "512 KB/s (4.2 Mbit/s)",
      status: "ok",
    });
    expect(rows.some((r) => r.label === "Time to receive (server)")).toBe(false);
  });

  it("warns about slow uploads with a time estimate", () => {
    const rows = uploadRows(ok("jpeg"), {
      sentBytes: 1024 * 1024,
      uploadMs: 20_000,
      totalMs: 20_100,
    });
    expect(rows.find((r) => r.label === "Upload speed")).toMatchObject({
      status: "check",
      detail: "Slow upload: a 3 MB photo would take about 1.0 min.",
    });
  });

  it("doesn't report a speed for tiny files", () => {
    const rows = uploadRows(ok("jpeg"), { sentBytes: 2000, uploadMs: 40, totalMs: 60 });
    expect(rows.find((r) => r.label === "Upload speed")).toMatchObject({
      value: "file too small to measure",
      status: "unknown",
    });
  });

  it("falls back to the server's receive time without JavaScript", () => {
    const rows = uploadRows(ok("jpeg"));
    expect(rows.find((r) => r.label === "Time to receive (server)")?.value).toBe("900 ms");
  });

  it("shows errors", () => {
    expect(uploadRows({ ok: false, status: 413, error: "too big" })).toEqual([
      { label: "Result", value: "Too large", status: "check", detail: "too big" },
    ]);
  });
});

describe("buildReport", () => {
  it("renders sections as plain text", () => {
    const text = buildReport({
      generatedAt: new Date("2025-01-02T03:04:05Z"),
      pageUrl: "https://example.com/mobile-test",
      sections: [
        {
          title: "Connection",
          rows: [
            { label: "Network", value: "Online", status: "ok" },
            { label: "Data Saver", value: "On", status: "check", detail: "Turn it off." },
          ],
        },
        { title: "Upload test", rows: [] },
      ],
    });
    expect(text).toBe(
      [
        "FleetAssist mobile test report",
        "Generated: 2025-01-02T03:04:05.000Z",
        "Page: https://example.com/mobile-test",
        "",
        "== Connection ==",
        "- Network: Online [OK]",
        "- Data Saver: On [Check]",
        "  Turn it off.",
        "",
        "== Upload test ==",
        "(not run)",
        "",
      ].join("\n"),
    );
  });
});

describe("validateSelectedFile", () => {
  it("mirrors the server's checks", () => {
    expect(validateSelectedFile(null)?.error).toBe(UPLOAD_MESSAGES.noFile);
    expect(validateSelectedFile({ name: "", size: 0 })?.error).toBe(UPLOAD_MESSAGES.noFile);
    expect(validateSelectedFile({ name: "a.jpg", size: 0 })?.error).toBe(UPLOAD_MESSAGES.empty);
    expect(validateSelectedFile({ name: "a.jpg", size: MAX_UPLOAD_BYTES + 1 })?.status).toBe(413);
    expect(validateSelectedFile({ name: "a.jpg", size: MAX_UPLOAD_BYTES })).toBeNull();
  });
});

describe("reading the embedded result", () => {
  it("validates payloads", () => {
    expect(isUploadPayload({ ok: true, bytes: 1, detectedType: "jpeg", serverMs: 1 })).toBe(true);
    expect(isUploadPayload({ ok: false, status: 400, error: "x" })).toBe(true);
    expect(isUploadPayload({ ok: true })).toBe(false);
    expect(isUploadPayload(null)).toBe(false);
  });

  it("reads the JSON attribute from a document", () => {
    const payload = { ok: false, status: 413, error: "too big" };
    const doc = {
      querySelector: () => ({ getAttribute: () => JSON.stringify(payload) }),
    } as unknown as Document;
    expect(readEmbeddedUploadResult(doc)).toEqual(payload);
    const broken = {
      querySelector: () => ({ getAttribute: () => "{not json" }),
    } as unknown as Document;
    expect(readEmbeddedUploadResult(broken)).toBeNull();
    expect(readEmbeddedUploadResult(null)).toBeNull();
  });

  it("explains failures without a result", () => {
    expect(fallbackUploadFailure(413).error).toBe(tooLargeMessage());
    expect(fallbackUploadFailure(429).error).toMatch(/wait a minute/i);
    expect(fallbackUploadFailure(0).error).toMatch(/didn't finish/);
    expect(fallbackUploadFailure(502).error).toContain("HTTP 502");
  });
});
