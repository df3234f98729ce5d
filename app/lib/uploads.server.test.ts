import { describe, expect, it } from "vitest";
import { readMultipartForm, UploadTooLargeError } from "./uploads.server";

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
