import { describe, expect, it } from "vitest";
import {
  buildReport,
  capabilityRows,
  computeThroughput,
  connectionRows,
  detectImageType,
  fallbackUploadFailure,
  formatBytes,
  formatMs,
  handleDiagnosticUpload,
  HEIC_HINT,
  isUploadPayload,
  MAX_DRAIN_BYTES,
  MAX_UPLOAD_BYTES,
  readEmbeddedUploadResult,
  readServerSnapshot,
  serverRows,
  shortUserAgent,
  tooLargeMessage,
  UPLOAD_MESSAGES,
  uploadRows,
  validateSelectedFile,
  viewportRows,
  type CapabilitySnapshot,
  type UploadPayload,
} from "./diagnostics";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

/** An ISO-BMFF ftyp box: size, "ftyp", major brand, minor version, compatible brands. */
function ftyp(major: string, compatible: string[] = []): Uint8Array {
  const size = 16 + compatible.length * 4;
  const out = new Uint8Array(size + 8);
  out.set([0, 0, 0, size], 0);
  out.set(ascii("ftyp"), 4);
  out.set(ascii(major), 8);
  compatible.forEach((brand, i) => out.set(ascii(brand), 16 + i * 4));
  out.set(ascii("meta"), size + 4);
  return out;
}

const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

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

  it("reads what the server saw, including client hints", () => {
    const snapshot = readServerSnapshot(
      new Headers({
        "User-Agent": "TestPhone/1.0",
        "Save-Data": "on",
        ECT: "3g",
        Downlink: "1.45",
        RTT: "350",
        "Sec-CH-UA-Mobile": "?1",
        "Sec-CH-UA-Platform": '"Android"',
      }),
    );
    expect(snapshot).toEqual({
      userAgent: "TestPhone/1.0",
      hints: {
        saveData: "on",
        ect: "3g",
        downlink: "1.45",
        rtt: "350",
        mobile: "?1",
        platform: "Android",
      },
    });
    const rows = serverRows(snapshot);
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ["User-Agent", "TestPhone/1.0"],
      ["Save-Data", "On"],
      ["ECT (effective type)", "3g"],
      ["Downlink", "1.45 Mbit/s"],
      ["RTT", "350 ms"],
      ["Mobile", "Yes"],
      ["Platform", "Android"],
    ]);
  });

  it("shows 'not sent' for missing headers", () => {
    const rows = serverRows(readServerSnapshot(new Headers()));
    expect(rows.every((row) => row.value === "not sent" && row.status === "unknown")).toBe(true);
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

describe("handleDiagnosticUpload", () => {
  const url = "http://localhost/mobile-test";
  let tick = 0;
  const clock = () => (tick += 10);

  function post(form: FormData) {
    return handleDiagnosticUpload(new Request(url, { method: "POST", body: form }), clock);
  }
  function photoForm(content: Uint8Array, name = "car.jpg", type = "image/jpeg", field = "photo") {
    const form = new FormData();
    form.append(field, new File([content as Uint8Array<ArrayBuffer>], name, { type }));
    return form;
  }

  it("measures a JPEG without storing it", async () => {
    const content = new Uint8Array(5000);
    content.set(JPEG);
    const { status, payload } = await post(photoForm(content));
    expect(status).toBe(200);
    expect(payload).toEqual({
      ok: true,
      bytes: 5000,
      detectedType: "jpeg",
      declaredType: "image/jpeg",
      serverMs: 10,
      receiveMs: 10,
    });
  });

  it("detects HEIC even when the browser claims JPEG", async () => {
    const { payload } = await post(photoForm(ftyp("heic", ["mif1", "heic"]), "IMG_1.jpg"));
    expect(payload).toMatchObject({ ok: true, detectedType: "heic", declaredType: "image/jpeg" });
  });

  it("rejects a missing photo with 400", async () => {
    const form = new FormData();
    form.append("note", "hello");
    expect(await post(form)).toEqual({
      status: 400,
      payload: { ok: false, status: 400, error: UPLOAD_MESSAGES.noFile },
    });
  });

  it("treats an empty unnamed file (nothing chosen) as missing", async () => {
    const { status, payload } = await post(
      photoForm(new Uint8Array(), "", "application/octet-stream"),
    );
    expect(status).toBe(400);
    expect(payload).toMatchObject({ error: UPLOAD_MESSAGES.noFile });
  });

  it("rejects an empty file with 400", async () => {
    const { status, payload } = await post(photoForm(new Uint8Array(), "empty.jpg"));
    expect(status).toBe(400);
    expect(payload).toMatchObject({ error: UPLOAD_MESSAGES.empty });
  });

  it("rejects a file in the wrong field with 400", async () => {
    const { status, payload } = await post(photoForm(JPEG, "car.jpg", "image/jpeg", "image"));
    expect(status).toBe(400);
    expect(payload).toMatchObject({ error: UPLOAD_MESSAGES.wrongField });
    const form = new FormData();
    form.append("photo", "not a file");
    expect((await post(form)).payload).toMatchObject({ error: UPLOAD_MESSAGES.wrongField });
  });

  it("treats the empty string browsers may send for 'no file chosen' as missing", async () => {
    const form = new FormData();
    form.append("photo", "");
    expect((await post(form)).payload).toMatchObject({ error: UPLOAD_MESSAGES.noFile });
  });

  it("rejects a malformed multipart body with 400", async () => {
    const request = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=abc" },
      body: "this is not multipart",
    });
    expect(await handleDiagnosticUpload(request)).toEqual({
      status: 400,
      payload: { ok: false, status: 400, error: UPLOAD_MESSAGES.unreadable },
    });
  });

  it("rejects a body without a content type with 400", async () => {
    const request = new Request(url, { method: "POST", body: "x" });
    request.headers.delete("content-type");
    expect((await handleDiagnosticUpload(request)).status).toBe(400);
  });

  function streamRequest(
    body: ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ) {
    return new Request(url, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=abc", ...headers },
      body,
      duplex: "half",
      signal,
    } as RequestInit);
  }

  /** A body of `chunks` 1 MB chunks (endless when Infinity); counts what was read. */
  function megabyteStream(chunks: number) {
    const chunk = new Uint8Array(1024 * 1024);
    const state = { sent: 0, closed: false };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (state.sent >= chunks) {
            state.closed = true;
            controller.close();
            return;
          }
          state.sent += 1;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, state };
  }

  it("rejects an oversized Content-Length with 413, draining the body without keeping it", async () => {
    const { stream, state } = megabyteStream(20);
    const request = streamRequest(stream, { "Content-Length": String(20 * 1024 * 1024) });
    const { status, payload } = await handleDiagnosticUpload(request);
    expect(status).toBe(413);
    expect(payload).toMatchObject({ error: tooLargeMessage(20 * 1024 * 1024) });
    expect(state.closed).toBe(true);
  });

  it("rejects a body that grows past the limit without a Content-Length", async () => {
    const { stream, state } = megabyteStream(20);
    const { status, payload } = await handleDiagnosticUpload(streamRequest(stream));
    expect(status).toBe(413);
    expect(payload).toMatchObject({ error: tooLargeMessage() });
    expect(state.closed).toBe(true);
  });

  it("stops reading an endless body once past the drain limit", async () => {
    const { stream, state } = megabyteStream(Infinity);
    const { status } = await handleDiagnosticUpload(streamRequest(stream));
    expect(status).toBe(413);
    expect(state.sent).toBeLessThanOrEqual(MAX_DRAIN_BYTES / (1024 * 1024) + 2);
  });

  it("gives up with 400 when the client disconnects mid-upload", async () => {
    const controller = new AbortController();
    const stalled = new ReadableStream<Uint8Array>({ pull() {} }, { highWaterMark: 0 });
    const pending = handleDiagnosticUpload(streamRequest(stalled, {}, controller.signal));
    controller.abort();
    expect(await pending).toMatchObject({ status: 400 });
  });

  it("rejects a photo just over 15 MB with 413 and its size", async () => {
    const content = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    content.set(JPEG);
    const { status, payload } = await post(photoForm(content));
    expect(status).toBe(413);
    expect(payload).toMatchObject({ error: tooLargeMessage(MAX_UPLOAD_BYTES + 1) });
    expect(tooLargeMessage(MAX_UPLOAD_BYTES + 1)).toMatch(
      /^That upload is just over the 15 MB limit/,
    );
    expect(tooLargeMessage(20 * 1024 * 1024)).toMatch(
      /^That upload is 20 MB, over the 15 MB limit/,
    );
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
