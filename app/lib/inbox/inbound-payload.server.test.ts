/**
 * Each inbound webhook shape, from payloads written from the providers' documentation
 * (tests/support/inbound-fixtures.ts cites each page): the email comes out as the exact bytes
 * received, an ISO-8859-1 message and binary attachment included; Postmark's parsed JSON comes
 * out as a MIME message with its fields.
 */
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import {
  ALL_BYTES,
  LATIN1_GUEST_TEXT,
  TINY_JPEG,
  guestMessageNotice,
  latin1EmailWithAttachments,
  mailgunMimePayload,
  mailgunMimeUrlEncoded,
  postmarkInboundPayload,
  sendGridRawPayload,
} from "~/tests/support/inbound-fixtures";
import {
  BAD_JSON,
  MAILGUN_PARSED,
  NO_EMAIL,
  SENDGRID_PARSED,
  TOO_LARGE,
  inboundPayloadFrom,
  readInboundPayload,
  type InboundPayload,
} from "./inbound-payload.server";

const TO = "Qm9vb29vb29vb29vb29vb29vb29vb29vb29vb29vb28@inbound.fleet.test";
const LATIN1 = latin1EmailWithAttachments();

function raw(payload: InboundPayload): Buffer {
  if (!payload.ok) throw new Error(payload.message);
  return payload.raw;
}

describe("the inbound webhook's payload shapes", () => {
  it("the fixture is really not UTF-8", () => {
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(LATIN1)).toThrow();
  });

  it("raw MIME as the body, whatever its declared type, byte for byte", async () => {
    for (const type of ["message/rfc822", "text/plain; charset=utf-8", null]) {
      const payload = await inboundPayloadFrom(type, LATIN1);
      expect(payload).toMatchObject({ ok: true, shape: "mime" });
      expect(raw(payload).equals(LATIN1)).toBe(true);
    }
    expect(await inboundPayloadFrom("message/rfc822", Buffer.alloc(0))).toEqual({
      ok: false,
      status: 400,
      message: NO_EMAIL,
    });
  });

  it("SendGrid's raw mode: the `email` field's exact bytes", async () => {
    const { contentType, body } = sendGridRawPayload(LATIN1, TO);
    const payload = await inboundPayloadFrom(contentType, body);
    expect(payload).toMatchObject({ ok: true, shape: "sendgrid" });
    expect(raw(payload).equals(LATIN1)).toBe(true);
    const parsed = await simpleParser(raw(payload));
    expect(parsed.text?.trim()).toBe(LATIN1_GUEST_TEXT);
    expect(parsed.subject).toBe("Fotos del vehículo");
    expect(parsed.attachments.map((file) => file.content)).toEqual([TINY_JPEG, ALL_BYTES]);
  });

  it("Mailgun's raw MIME route: `body-mime`, as multipart or URL-encoded, byte for byte", async () => {
    const multipart = mailgunMimePayload(LATIN1, TO);
    const fromMultipart = await inboundPayloadFrom(multipart.contentType, multipart.body);
    expect(fromMultipart).toMatchObject({ ok: true, shape: "mailgun" });
    expect(raw(fromMultipart).equals(LATIN1)).toBe(true);
    const encoded = mailgunMimeUrlEncoded(LATIN1, TO);
    const fromEncoded = await inboundPayloadFrom(encoded.contentType, encoded.body);
    expect(fromEncoded).toMatchObject({ ok: true, shape: "mailgun" });
    expect(raw(fromEncoded).equals(LATIN1)).toBe(true);
  });

  it("a provider's parsed mode, which carries no original, is refused with the setting to change", async () => {
    const mailgunParsed = new URLSearchParams({
      recipient: TO,
      sender: "noreply@mail.turo.com",
      subject: "New message from Jordan L.",
      "body-plain": "Jordan L. wrote: hi",
      "message-headers": "[]",
    });
    expect(
      await inboundPayloadFrom(
        "application/x-www-form-urlencoded",
        Buffer.from(mailgunParsed.toString()),
      ),
    ).toEqual({ ok: false, status: 400, message: MAILGUN_PARSED });
    const sendGridParsed = new URLSearchParams({
      text: "hi",
      envelope: JSON.stringify({ to: [TO], from: "a@b.c" }),
      charsets: "{}",
    });
    expect(
      await inboundPayloadFrom(
        "application/x-www-form-urlencoded",
        Buffer.from(sendGridParsed.toString()),
      ),
    ).toEqual({ ok: false, status: 400, message: SENDGRID_PARSED });
    expect(
      await inboundPayloadFrom("multipart/form-data; boundary=abc", Buffer.from("nonsense")),
    ).toEqual({ ok: false, status: 400, message: NO_EMAIL });
  });

  it("Postmark's JSON with RawEmail: the raw message", async () => {
    const notice = guestMessageNotice({
      messageId: "pm-raw",
      guest: "Priya N.",
      reservationId: "61234567",
      text: "Is there a child seat? 🙂",
    });
    const payload = await inboundPayloadFrom(
      "application/json",
      Buffer.from(JSON.stringify(postmarkInboundPayload({ to: TO, rawEmail: notice }))),
    );
    expect(payload).toMatchObject({ ok: true, shape: "postmark-raw" });
    expect(raw(payload).toString("utf8")).toBe(notice);
  });

  it("Postmark's JSON without RawEmail: a MIME message made of its parsed fields", async () => {
    const json = postmarkInboundPayload({ to: TO });
    const payload = await inboundPayloadFrom(
      "application/json; charset=utf-8",
      Buffer.from(JSON.stringify(json)),
    );
    expect(payload).toMatchObject({ ok: true, shape: "postmark-fields" });
    const parsed = await simpleParser(raw(payload));
    expect({
      from: parsed.from?.value[0],
      to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0] : null,
      subject: parsed.subject,
      date: parsed.date?.toISOString(),
      messageId: parsed.messageId,
      text: parsed.text?.trim(),
      html: parsed.html,
      spam: parsed.headers.get("x-spam-status"),
      attachment: parsed.attachments[0]?.content,
      attachmentName: parsed.attachments[0]?.filename,
    }).toEqual({
      from: { address: "noreply@mail.turo.com", name: "Turo" },
      to: { address: TO, name: "Sam Host" },
      subject: "New message from Priya N.",
      date: "2026-11-27T14:45:32.000Z",
      // The sender's Message-ID (from Headers), not Postmark's own id: a redelivery is the same email.
      messageId: "<CAGXpo2WKfxHWZ5UFYCR3H_J9SNMG+5AXUovfEFL6DjWBJSyZaA@mail.turo.com>",
      text: json.TextBody,
      html: json.HtmlBody,
      spam: "No",
      attachment: TINY_JPEG,
      attachmentName: "pickup.jpg",
    });
    // Without a Message-ID header, Postmark's own MessageID keeps redeliveries one email.
    const withoutHeader = { ...json, Headers: [] };
    const again = await simpleParser(
      raw(await inboundPayloadFrom("application/json", Buffer.from(JSON.stringify(withoutHeader)))),
    );
    expect(again.messageId).toBe("<73e6d360-66eb-11e1-8e72-a8904824019b@inbound.postmarkapp.com>");
  });

  it("JSON that isn't Postmark's is refused with a message", async () => {
    expect(await inboundPayloadFrom("application/json", Buffer.from("{not json"))).toEqual({
      ok: false,
      status: 400,
      message: "That body isn't valid JSON.",
    });
    for (const body of ['{"hello":"world"}', "[1,2]", '{"From": 7}']) {
      expect(await inboundPayloadFrom("application/json", Buffer.from(body))).toEqual({
        ok: false,
        status: 400,
        message: BAD_JSON,
      });
    }
  });

  it("a body over 10 MB is refused, declared or streamed", async () => {
    const big = Buffer.alloc(10_000_001, 0x61);
    const declared = new Request("http://fleet.test/api/inbound/email/x", {
      method: "POST",
      headers: { "Content-Type": "message/rfc822", "Content-Length": String(big.length) },
      body: big,
    });
    expect(await readInboundPayload(declared)).toEqual({
      ok: false,
      status: 413,
      message: TOO_LARGE,
    });
    const streamed = new Request("http://fleet.test/api/inbound/email/x", {
      method: "POST",
      headers: { "Content-Type": "message/rfc822" },
      body: new ReadableStream({
        start(controller) {
          for (let chunk = 0; chunk < 11; chunk++) controller.enqueue(new Uint8Array(1_000_000));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(await readInboundPayload(streamed)).toEqual({
      ok: false,
      status: 413,
      message: TOO_LARGE,
    });
    const ok = new Request("http://fleet.test/api/inbound/email/x", {
      method: "POST",
      headers: { "Content-Type": "message/rfc822" },
      body: LATIN1,
    });
    expect(raw(await readInboundPayload(ok)).equals(LATIN1)).toBe(true);
  });
});
