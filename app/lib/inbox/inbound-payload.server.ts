/**
 * The shapes in which email providers' inbound webhooks post an email, read into the one thing
 * the inbox stores: the raw MIME message, byte for byte (docs/decisions/0025-inbound-payload-shapes.md).
 *
 * - the body itself (message/rfc822, text/plain, application/octet-stream…);
 * - a form with the message in `email` (SendGrid Inbound Parse, "POST the raw, full MIME
 *   message") or `body-mime` (Mailgun, a route forwarding to a URL that ends in "mime"),
 *   multipart or URL-encoded; the field's bytes are taken as they are, never decoded as text;
 * - Postmark's inbound JSON: its `RawEmail` when "include raw email content" is on, else a MIME
 *   message composed from its parsed fields (From, To, Cc, Subject, Date, the Message-ID header,
 *   TextBody, HtmlBody, Headers, Attachments).
 */
import MailComposer from "nodemailer/lib/mail-composer";
import { z } from "zod";

/** The largest email taken (attachments included); the server entry refuses far larger bodies. */
export const MAX_INBOUND_EMAIL_BYTES = 10_000_000;

export type InboundPayload =
  | { ok: true; raw: Buffer; shape: PayloadShape }
  | { ok: false; status: 400 | 413; message: string };

export type PayloadShape = "mime" | "sendgrid" | "mailgun" | "postmark-raw" | "postmark-fields";

export const TOO_LARGE = "That email is larger than 10 MB.";
export const NO_EMAIL =
  "Send the email as raw MIME (message/rfc822), in a form field `email` (SendGrid) or `body-mime` (Mailgun), or as Postmark's inbound JSON.";
export const MAILGUN_PARSED =
  "Mailgun posted the parsed email without its original: make the route forward to this URL with /mime at the end.";
export const SENDGRID_PARSED =
  "SendGrid posted the parsed email without its original: check \u201cPOST the raw, full MIME message\u201d in its Inbound Parse settings.";
export const BAD_JSON =
  "That JSON isn't Postmark's inbound email: it has no RawEmail, From or body.";

/** Reads the request's body (at most MAX_INBOUND_EMAIL_BYTES) and finds the email in it. */
export async function readInboundPayload(request: Request): Promise<InboundPayload> {
  const body = await readCappedBody(request, MAX_INBOUND_EMAIL_BYTES);
  if (body === null) return { ok: false, status: 413, message: TOO_LARGE };
  return inboundPayloadFrom(request.headers.get("Content-Type"), body);
}

/** The raw email in a webhook's body, by its content type. */
export async function inboundPayloadFrom(
  contentType: string | null,
  body: Buffer,
): Promise<InboundPayload> {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
    const fields =
      type === "multipart/form-data"
        ? multipartFields(body, boundaryOf(contentType ?? ""))
        : urlEncodedFields(body);
    return fromFormFields(fields);
  }
  if (type === "application/json") return fromPostmarkJson(body);
  if (body.length === 0) return { ok: false, status: 400, message: NO_EMAIL };
  return { ok: true, raw: body, shape: "mime" };
}

function fromFormFields(fields: Map<string, Buffer> | null): InboundPayload {
  if (!fields) return { ok: false, status: 400, message: NO_EMAIL };
  const sendgrid = fields.get("email");
  if (sendgrid && sendgrid.length > 0) return { ok: true, raw: sendgrid, shape: "sendgrid" };
  const mailgun = fields.get("body-mime");
  if (mailgun && mailgun.length > 0) return { ok: true, raw: mailgun, shape: "mailgun" };
  // The providers' parsed modes carry no original: say which setting posts it.
  if (fields.has("body-plain") || fields.has("message-headers")) {
    return { ok: false, status: 400, message: MAILGUN_PARSED };
  }
  if (fields.has("envelope") || fields.has("charsets")) {
    return { ok: false, status: 400, message: SENDGRID_PARSED };
  }
  return { ok: false, status: 400, message: NO_EMAIL };
}

const postmarkAddress = z.object({ Email: z.string(), Name: z.string().optional().nullable() });
const postmarkInbound = z.object({
  RawEmail: z.string().optional().nullable(),
  From: z.string().optional().nullable(),
  FromFull: postmarkAddress.optional().nullable(),
  To: z.string().optional().nullable(),
  ToFull: z.array(postmarkAddress).optional().nullable(),
  Cc: z.string().optional().nullable(),
  CcFull: z.array(postmarkAddress).optional().nullable(),
  ReplyTo: z.string().optional().nullable(),
  Subject: z.string().optional().nullable(),
  Date: z.string().optional().nullable(),
  MessageID: z.string().optional().nullable(),
  TextBody: z.string().optional().nullable(),
  HtmlBody: z.string().optional().nullable(),
  Headers: z
    .array(z.object({ Name: z.string(), Value: z.string() }))
    .optional()
    .nullable(),
  Attachments: z
    .array(
      z.object({
        Name: z.string(),
        Content: z.string(),
        ContentType: z.string().optional().nullable(),
        ContentID: z.string().optional().nullable(),
      }),
    )
    .optional()
    .nullable(),
});

// Headers the composed message writes itself from the parsed fields.
const COMPOSED_HEADERS = new Set([
  "from",
  "to",
  "cc",
  "bcc",
  "reply-to",
  "subject",
  "date",
  "message-id",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
]);

async function fromPostmarkJson(body: Buffer): Promise<InboundPayload> {
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return { ok: false, status: 400, message: "That body isn't valid JSON." };
  }
  const parsed = postmarkInbound.safeParse(json);
  if (!parsed.success) return { ok: false, status: 400, message: BAD_JSON };
  const email = parsed.data;
  // Postmark's JSON is Unicode: the raw message comes back as its UTF-8 bytes.
  if (email.RawEmail)
    return { ok: true, raw: Buffer.from(email.RawEmail, "utf8"), shape: "postmark-raw" };
  if (!email.From && !email.FromFull && !email.TextBody && !email.HtmlBody) {
    return { ok: false, status: 400, message: BAD_JSON };
  }
  const header = (name: string) =>
    email.Headers?.find((entry) => entry.Name.toLowerCase() === name)?.Value ?? null;
  const address = (entry: z.infer<typeof postmarkAddress>) => ({
    name: entry.Name ?? "",
    address: entry.Email,
  });
  const composer = new MailComposer({
    from: email.FromFull ? address(email.FromFull) : (email.From ?? undefined),
    to: email.ToFull?.length ? email.ToFull.map(address) : (email.To ?? undefined),
    cc: email.CcFull?.length ? email.CcFull.map(address) : email.Cc || undefined,
    replyTo: email.ReplyTo || undefined,
    subject: email.Subject ?? "",
    date: email.Date ?? undefined,
    // The sender's Message-ID, else Postmark's own id: a redelivery is then the same email.
    messageId:
      header("message-id") ??
      (email.MessageID ? `<${email.MessageID}@inbound.postmarkapp.com>` : undefined),
    text: email.TextBody ?? undefined,
    html: email.HtmlBody || undefined,
    headers: (email.Headers ?? [])
      .filter((entry) => !COMPOSED_HEADERS.has(entry.Name.toLowerCase()))
      .map((entry) => ({ key: entry.Name, value: entry.Value })),
    attachments: (email.Attachments ?? []).map((attachment) => ({
      filename: attachment.Name,
      content: attachment.Content,
      encoding: "base64",
      contentType: attachment.ContentType ?? undefined,
      cid: attachment.ContentID?.replace(/^cid:/, "") || undefined,
    })),
  });
  const raw = await composer.compile().build();
  return { ok: true, raw, shape: "postmark-fields" };
}

/** The body's bytes, or null past `max` (a declared length over it is refused unread). */
async function readCappedBody(request: Request, max: number): Promise<Buffer | null> {
  if (Number(request.headers.get("Content-Length")) > max) return null;
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * A multipart/form-data body's fields (the first of each name), each as its exact bytes: a
 * browser's FormData would decode them as UTF-8 and mangle an ISO-8859-1 or 8-bit message.
 */
export function multipartFields(body: Buffer, boundary: string | null): Map<string, Buffer> | null {
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = new Map<string, Buffer>();
  let start = body.indexOf(delimiter);
  if (start === -1) return null;
  for (;;) {
    const afterDelimiter = start + delimiter.length;
    // "--" after the delimiter closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === "--") break;
    const headersStart = body.indexOf("\r\n", afterDelimiter);
    if (headersStart === -1) break;
    const headersEnd = body.indexOf("\r\n\r\n", headersStart);
    if (headersEnd === -1) break;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headersEnd + 4);
    if (next === -1) break;
    const headers = body.subarray(headersStart + 2, headersEnd).toString("latin1");
    const name = /content-disposition:[^\r\n]*?\bname="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined && !fields.has(name)) {
      fields.set(name, Buffer.from(body.subarray(headersEnd + 4, next)));
    }
    start = next + 2;
  }
  return fields;
}

/** An application/x-www-form-urlencoded body's fields, percent-decoded to their exact bytes. */
export function urlEncodedFields(body: Buffer): Map<string, Buffer> {
  const fields = new Map<string, Buffer>();
  for (const pair of body.toString("latin1").split("&")) {
    if (!pair) continue;
    const equals = pair.indexOf("=");
    const name = decodeBytes(equals === -1 ? pair : pair.slice(0, equals)).toString("utf8");
    if (!fields.has(name))
      fields.set(name, decodeBytes(equals === -1 ? "" : pair.slice(equals + 1)));
  }
  return fields;
}

function decodeBytes(value: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index++) {
    const char = value[index]!;
    const hex = value.slice(index + 1, index + 3);
    if (char === "%" && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(char === "+" ? 0x20 : char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}
