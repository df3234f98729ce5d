import { describe, expect, it } from "vitest";
import { ftyp, JPEG } from "~/tests/support/image-bytes";
import {
  MAX_DRAIN_BYTES,
  MAX_UPLOAD_BYTES,
  serverRows,
  tooLargeMessage,
  UPLOAD_MESSAGES,
} from "./diagnostics";
import { handleDiagnosticUpload, readServerSnapshot } from "./diagnostics.server";

describe("readServerSnapshot", () => {
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
