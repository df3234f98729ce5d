import { describe, expect, it } from "vitest";
import { readMultipartForm, TooManyFilesError, UploadTooLargeError } from "./uploads.server";

function upload(bytes: number, init: { declare?: boolean; chunked?: boolean } = {}) {
  const form = new FormData();
  form.append("vehicleId", "v1");
  form.append("photos", new Blob([new Uint8Array(bytes)]), "a.jpg");
  const probe = new Request("http://app.test/app", { method: "POST", body: form });
  const headers = new Headers(probe.headers);
  return (async () => {
    const body = new Uint8Array(await probe.arrayBuffer());
    if (init.declare) headers.set("Content-Length", String(body.byteLength));
    // A chunked body announces no length: the cap must hold while it streams.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.byteLength; at += 16_384) {
          controller.enqueue(body.subarray(at, at + 16_384));
        }
        controller.close();
      },
    });
    return new Request("http://app.test/app", {
      method: "POST",
      headers,
      body: stream,
      duplex: "half",
    } as RequestInit);
  })();
}

describe("readMultipartForm", () => {
  it("reads a form under the cap", async () => {
    const form = await readMultipartForm(await upload(50_000, { declare: true }), 100_000);
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("vehicleId")).toBe("v1");
  });

  it("refuses a declared length over the cap before reading", async () => {
    const result = await readMultipartForm(await upload(200_000, { declare: true }), 100_000);
    expect(result).toBeInstanceOf(UploadTooLargeError);
    expect((result as UploadTooLargeError).status).toBe(413);
  });

  it("cuts off a body that streams past the cap without declaring its length", async () => {
    const result = await readMultipartForm(await upload(200_000), 100_000);
    expect(result).toBeInstanceOf(UploadTooLargeError);
  });

  it("answers null for a body that is not a form", async () => {
    const request = new Request("http://app.test/app", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "not multipart at all",
    });
    expect(await readMultipartForm(request, 100_000)).toBeNull();
  });
});

const PHOTOS = { field: "photos", maxFiles: 20, message: "A report holds at most 20 photos." };

/** A multipart body streamed in `chunk`-byte pieces, counting the bytes actually pulled. */
async function streamedForm(build: (form: FormData) => void, chunk = 16_384) {
  const form = new FormData();
  build(form);
  const probe = new Request("http://app.test/api/analysis", { method: "POST", body: form });
  const body = new Uint8Array(await probe.arrayBuffer());
  let pulled = 0;
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.byteLength) return controller.close();
      const piece = body.subarray(at, at + chunk);
      at += piece.byteLength;
      pulled += piece.byteLength;
      controller.enqueue(piece);
    },
  });
  const request = new Request("http://app.test/api/analysis", {
    method: "POST",
    headers: probe.headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, total: body.byteLength, pulled: () => pulled };
}

const tinyFiles = (form: FormData, count: number, field = "photos") => {
  for (let i = 0; i < count; i++) form.append(field, new Blob([`photo ${i}`]), `p${i}.jpg`);
};

describe("readMultipartForm with a file count limit", () => {
  it("refuses 2,000 tiny files at the 21st, without reading the rest of the body", async () => {
    const { request, total, pulled } = await streamedForm((form) => {
      form.append("vehicleId", "v1");
      tinyFiles(form, 2000);
    }, 4096);
    const result = await readMultipartForm(request, 100_000_000, PHOTOS);
    expect(result).toBeInstanceOf(TooManyFilesError);
    expect((result as TooManyFilesError).message).toBe(PHOTOS.message);
    expect((result as TooManyFilesError).status).toBe(400);
    expect(pulled()).toBeLessThan(total / 10);
  });

  it("accepts exactly the cap", async () => {
    const { request } = await streamedForm((form) => tinyFiles(form, 20));
    const form = await readMultipartForm(request, 100_000, PHOTOS);
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).getAll("photos")).toHaveLength(20);
  });

  it("counts parts split anywhere across chunks", async () => {
    for (const chunk of [1, 7, 64]) {
      const over = await streamedForm((form) => tinyFiles(form, 21), chunk);
      expect(await readMultipartForm(over.request, 100_000, PHOTOS), `${chunk}`).toBeInstanceOf(
        TooManyFilesError,
      );
      const under = await streamedForm((form) => tinyFiles(form, 20), chunk);
      expect(await readMultipartForm(under.request, 100_000, PHOTOS), `${chunk}`).toBeInstanceOf(
        FormData,
      );
    }
  });

  it("counts only non-empty files under the field, as filesOf does", async () => {
    const { request } = await streamedForm((form) => {
      tinyFiles(form, 20);
      for (let i = 0; i < 5; i++) form.append("photos", new Blob([]), ""); // empty file inputs
      tinyFiles(form, 5, "other");
      form.append("photos", "a text field of the same name");
    });
    const form = await readMultipartForm(request, 100_000, PHOTOS);
    expect(form).toBeInstanceOf(FormData);
  });

  it("reads a quoted boundary", async () => {
    const boundary = "quoted boundary";
    const part = (i: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="p${i}.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\nphoto ${i}\r\n`;
    const body = Array.from({ length: 21 }, (_, i) => part(i)).join("") + `--${boundary}--\r\n`;
    const request = new Request("http://app.test/api/analysis", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary="${boundary}"` },
      body,
    });
    expect(await readMultipartForm(request, 100_000, PHOTOS)).toBeInstanceOf(TooManyFilesError);
  });
});
