/**
 * Inbound emails and providers' webhook payloads, written from real samples and the providers'
 * own documentation (each cites its source), not from the app's parsers. Shared by the unit
 * tests (app/lib/inbox/*.test.ts) and the end-to-end tests.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const CRLF = "\r\n";

const FORWARDED_EMAILS = path.resolve(import.meta.dirname, "../fixtures/forwarded-emails");

/**
 * An email as a mail client forwarded it, byte for byte (CRLF and 8-bit text kept: the folder's
 * .gitattributes keeps git from touching them), from tests/fixtures/forwarded-emails.
 */
export function forwardedEmail(name: string): Buffer {
  return readFileSync(path.join(FORWARDED_EMAILS, name));
}

/**
 * Gmail's forwarding confirmation as Gmail sends it today: no code, a `vf-` confirm link on
 * mail-settings.google.com and a `uf-` link that cancels. Written from a copy received in August
 * 2025, full headers included, kept as a test fixture in a public repository (its subject starts
 * with "(" and no code; X-Google-Address-Confirmation; a text/plain body wrapped near 72
 * columns); the addresses are ours.
 */
export function gmailForwardingConfirmation(to: string, gmail = "sam.host.cars@gmail.com") {
  const token =
    "%5BANGjdJ-petVojChFcVD2c3mm1VVkaCWtILfa_059rDG1iVfLP-t50epeoLlYmmnwolVAf3Vx2Brl_cfvykyx_G0KoeTXLs2XWUkuqCsUSA%5D-Ei5zn0thIjdMgpN_5oeRA06FD9M";
  return {
    confirmUrl: `https://mail-settings.google.com/mail/vf-${token}`,
    cancelUrl: `https://mail-settings.google.com/mail/uf-${token}`,
    raw: [
      "Return-Path: <forwarding-noreply@google.com>",
      "Received: by mail-lf1-f51.google.com with SMTP id 2adb3069b0e04-55b85d01b79so7222676e87.3",
      `        for <${to}>; Wed, 25 Nov 2026 10:16:06 -0800 (PST)`,
      "MIME-Version: 1.0",
      "X-Google-Address-Confirmation: deT75vRLbOwJAip6chev1N2VD3U",
      "Date: Wed, 25 Nov 2026 10:16:05 -0800",
      "Message-ID: <CADsj0OuB9gq7AsT7WLTaknrfTjDEDW0A3ARRjA9DEBM0oZ3uSg@mail.gmail.com>",
      `Subject: (Gmail Forwarding Confirmation - Receive Mail from ${gmail}`,
      "From: Gmail Team <forwarding-noreply@google.com>",
      `To: ${to}`,
      'Content-Type: text/plain; charset="UTF-8"',
      "",
      `${gmail} has requested to automatically forward mail to`,
      "your email",
      `address ${to}.`,
      "",
      `To allow ${gmail} to forward mail to your address automatically,`,
      "please click the link below to confirm the request:",
      "",
      `https://mail-settings.google.com/mail/vf-${token}`,
      "",
      "If you click the link and it appears to be broken, please copy and paste it",
      "into a new browser window.",
      "",
      "Thanks for using Gmail!",
      "",
      "Sincerely,",
      "",
      "The Gmail Team",
      "",
      "If you do not approve of this request, no further action is required.",
      `${gmail} cannot automatically forward messages to your`,
      "email address",
      "unless you confirm the request by clicking the link above. If you accidentally",
      `clicked the link, but you do not want to allow ${gmail} to`,
      "automatically forward messages to your address, click this link to cancel this",
      "verification:",
      `https://mail-settings.google.com/mail/uf-${token}`,
      "",
      "To learn more about why you might have received this message, please",
      "visit: http://support.google.com/mail/bin/answer.py?answer=184973.",
      "",
    ].join(CRLF),
  };
}

/**
 * The older form of the same email, still what many guides show: the code in the subject
 * ("(#80785338) Gmail Forwarding Confirmation - Receive Mail from …"), a "Confirmation code:"
 * line, and a `vf-` link on mail.google.com. Written from a received copy quoted in a public
 * repository's test script; the addresses and code are ours.
 */
export function gmailForwardingConfirmationWithCode(
  to: string,
  code = "80785338",
  gmail = "sam.host.cars@gmail.com",
) {
  const link = `https://mail.google.com/mail/vf-c3e1b7cfaa-${encodeURIComponent(to)}-h3SYp2BbhlNmDzBA3d713umOSIw`;
  return {
    code,
    confirmUrl: link,
    raw: [
      "MIME-Version: 1.0",
      "Date: Tue, 24 Nov 2026 08:02:44 -0800",
      `Message-ID: <CAJx${code}forwarding@mail.gmail.com>`,
      `Subject: (#${code}) Gmail Forwarding Confirmation - Receive Mail from ${gmail}`,
      "From: Gmail Team <forwarding-noreply@google.com>",
      `To: ${to}`,
      "Content-Type: text/plain; charset=ISO-8859-1",
      "",
      `${gmail} has requested to automatically forward mail to your email`,
      `address ${to}.`,
      `Confirmation code: ${code}`,
      "",
      `To allow ${gmail} to automatically forward mail to your address,`,
      "please click the link below to confirm the request:",
      "",
      link,
      "",
      "If you click the link and it appears to be broken, please copy and paste it",
      "into a new browser window. If you aren't able to access the link, you",
      "can send the confirmation code",
      `${code} to ${gmail}.`,
      "",
      "Thanks for using Gmail!",
      "",
      "Sincerely,",
      "",
      "The Gmail Team",
      "",
    ].join(CRLF),
  };
}

/** A 1×1 baseline JPEG (the smallest valid JFIF file), as a camera attachment's bytes. */
export const TINY_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

/** Every byte value once: an attachment sent with Content-Transfer-Encoding: binary. */
export const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, index) => index));

/** The guest's words in the ISO-8859-1 email below, as a person reads them. */
export const LATIN1_GUEST_TEXT = [
  "Hola, le mando la foto de la defensa trasera: ya tenía un rayón cuando recogí el vehículo.",
  "¿Puedo devolverlo mañana a las 8:00 en vez de las 10:00?",
  "Gracias,",
  "Ana",
].join("\n");

/**
 * A guest writing to the host straight from Outlook (not through the marketplace), as Outlook
 * for Windows sends it: ISO-8859-1 text in 8 bits, "----=_NextPart_" boundaries, a base64 JPEG,
 * and a file sent as raw binary (RFC 3030 BINARYMIME). Not a marketplace notice, so the inbox
 * can't read it; its bytes are not valid UTF-8.
 */
export function latin1EmailWithAttachments(
  messageId = "000a01db3f2e$5c1d2e40$14578ac0$@example.net",
) {
  const boundary = "----=_NextPart_000_000B_01DB3EFB.1182BE40";
  return Buffer.concat([
    Buffer.from(
      [
        'From: "Ana Ruiz" <ana.ruiz@example.net>',
        "To: <host@example.com>",
        "Subject: =?iso-8859-1?Q?Fotos_del_veh=EDculo?=",
        "Date: Wed, 25 Nov 2026 18:04:11 -0600",
        `Message-ID: <${messageId}>`,
        "MIME-Version: 1.0",
        `Content-Type: multipart/mixed;${CRLF}\tboundary="${boundary}"`,
        "X-Mailer: Microsoft Outlook 16.0",
        "Thread-Index: AQHbPy5cHS5AFFeKwE8sd2VhbMHHXg==",
        "Content-Language: es-mx",
        "",
        "This is a multi-part message in MIME format.",
        "",
        `--${boundary}`,
        'Content-Type: text/plain;\r\n\tcharset="iso-8859-1"',
        "Content-Transfer-Encoding: 8bit",
        "",
        LATIN1_GUEST_TEXT.split("\n").join(CRLF),
        "",
        `--${boundary}`,
        'Content-Type: image/jpeg;\r\n\tname="defensa.jpg"',
        "Content-Transfer-Encoding: base64",
        'Content-Disposition: attachment;\r\n\tfilename="defensa.jpg"',
        "",
        TINY_JPEG.toString("base64"),
        "",
        `--${boundary}`,
        'Content-Type: application/octet-stream;\r\n\tname="odometro.bin"',
        "Content-Transfer-Encoding: binary",
        'Content-Disposition: attachment;\r\n\tfilename="odometro.bin"',
        "",
        "",
      ].join(CRLF),
      "latin1",
    ),
    ALL_BYTES,
    Buffer.from(`${CRLF}--${boundary}--${CRLF}`, "latin1"),
  ]);
}

export const UNREAD_SUBJECT = "Your parking permit renewal";

/** An email no guest wrote and no reservation names: the inbox lists it as one it couldn't read. */
export function unreadableEmail() {
  return [
    "From: City Parking <permits@parking.example>",
    "To: sam.host.cars@gmail.com",
    `Subject: ${UNREAD_SUBJECT}`,
    "Message-ID: <permit-4471@parking.example>",
    "Date: Thu, 26 Nov 2026 08:00:00 -0700",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Your residential parking permit expires on December 31.",
    "",
  ].join(CRLF);
}

/** A marketplace guest-message notice, as the marketplace sends it (plain text, UTF-8). */
export function guestMessageNotice(options: {
  messageId: string;
  guest: string;
  reservationId: string;
  text: string;
}) {
  return [
    "From: Turo <noreply@mail.turo.com>",
    "To: sam.host.cars@gmail.com",
    `Subject: New message from ${options.guest}`,
    `Message-ID: <${options.messageId}@mail.turo.com>`,
    "Date: Thu, 26 Nov 2026 09:12:00 -0700",
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="utf-8"',
    "Content-Transfer-Encoding: 8bit",
    "",
    `${options.guest} wrote:`,
    options.text,
    "",
    "Reply",
    `https://turo.com/us/en/reservation/${options.reservationId}/messages`,
    "",
  ].join(CRLF);
}

/**
 * A multipart/form-data body as SendGrid's Inbound Parse posts it with "POST the raw, full MIME
 * message" checked: the message, as received, in the `email` field, beside `to`, `from`,
 * `subject`, `sender_ip`, `envelope`, `charsets`, `dkim`, `SPF`, `spam_score`, `spam_report`.
 * Source: https://www.twilio.com/docs/sendgrid/for-developers/parsing-email/setting-up-the-inbound-parse-webhook
 * ("Raw parameters") and https://www.twilio.com/docs/sendgrid/for-developers/parsing-email/inbound-email.
 */
export function sendGridRawPayload(email: Buffer, to: string) {
  const boundary = "xYzZY";
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: formData(boundary, [
      ["dkim", "{@gmail.com : pass}"],
      ["email", email],
      ["to", to],
      ["from", "Ana Ruiz <ana.ruiz@example.net>"],
      ["sender_ip", "209.85.167.51"],
      ["spam_report", 'Spam detection software, running on the system "mx0047p1mdw1.sendgrid.net"'],
      ["envelope", JSON.stringify({ to: [to], from: "ana.ruiz@example.net" })],
      ["subject", "Fotos del vehículo"],
      ["spam_score", "0.011"],
      ["charsets", JSON.stringify({ to: "UTF-8", from: "UTF-8", subject: "UTF-8" })],
      ["SPF", "pass"],
    ]),
  };
}

/**
 * Mailgun's POST for a route whose forward() URL ends in "mime": `body-mime` holds the whole
 * message, beside `recipient`, `sender`, `from`, `subject` and the signature fields
 * `timestamp`, `token`, `signature`. Source:
 * https://documentation.mailgun.com/docs/mailgun/user-manual/receive-forward-store/receive-http
 * ("Raw MIME: the message will be posted as-is… the destination URL must end with mime").
 */
export function mailgunMimePayload(email: Buffer, recipient: string) {
  const boundary = "a6dbe25ab4734d0f9d1a0e5f3c87c2b8";
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: formData(boundary, [
      ["recipient", recipient],
      ["sender", "ana.ruiz@example.net"],
      ["from", "Ana Ruiz <ana.ruiz@example.net>"],
      ["subject", "Fotos del vehículo"],
      ["body-mime", email],
      ["timestamp", "1795709051"],
      ["token", "5a0c4f2d9e8b7a6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b"],
      ["signature", "6b1f1f0d7e1c6c3f0b3f2e57d8b1cbbf8ad6f0b4d8ce25c3a0c92ac5e8ef1f2a"],
    ]),
  };
}

/** The same Mailgun fields URL-encoded (Mailgun posts a form without attachments that way). */
export function mailgunMimeUrlEncoded(email: Buffer, recipient: string) {
  const encode = (bytes: Buffer) =>
    [...bytes]
      .map((byte) =>
        /[A-Za-z0-9*\-._]/.test(String.fromCharCode(byte))
          ? String.fromCharCode(byte)
          : byte === 0x20
            ? "+"
            : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
      )
      .join("");
  const fields: Array<[string, Buffer]> = [
    ["recipient", Buffer.from(recipient)],
    ["sender", Buffer.from("ana.ruiz@example.net")],
    ["subject", Buffer.from("Fotos del vehículo")],
    ["body-mime", email],
    ["timestamp", Buffer.from("1795709051")],
  ];
  return {
    contentType: "application/x-www-form-urlencoded",
    body: Buffer.from(fields.map(([name, value]) => `${name}=${encode(value)}`).join("&")),
  };
}

/**
 * Postmark's inbound webhook JSON, field for field as its documentation's example ("An example
 * of the full JSON document that would be POSTed to your webhook URL"):
 * https://postmarkapp.com/developer/webhooks/inbound-webhook (and the `InboundWebhook` type of
 * the `postmark` npm package). `RawEmail` is there only when the inbound stream's "Include raw
 * email content in JSON payload" is on. The message is a marketplace notice.
 */
export function postmarkInboundPayload(options: {
  to: string;
  rawEmail?: string;
  messageId?: string;
}) {
  return {
    FromName: "Turo",
    MessageStream: "inbound",
    From: "noreply@mail.turo.com",
    FromFull: { Email: "noreply@mail.turo.com", Name: "Turo", MailboxHash: "" },
    To: `"Sam Host" <${options.to}>`,
    ToFull: [{ Email: options.to, Name: "Sam Host", MailboxHash: "" }],
    Cc: "",
    CcFull: [],
    Bcc: "",
    BccFull: [],
    OriginalRecipient: options.to,
    Subject: "New message from Priya N.",
    MessageID: "73e6d360-66eb-11e1-8e72-a8904824019b",
    ReplyTo: "",
    MailboxHash: "",
    Date: "Fri, 27 Nov 2026 07:45:32 -0700",
    TextBody: [
      "Priya N. wrote:",
      "Hi! I land at 6:40 pm — is it OK if I pick up the car at 7:30 instead of 7?",
      "",
      "Reply",
      "https://turo.com/us/en/reservation/61234567/messages",
    ].join("\n"),
    HtmlBody:
      '<html><body><p>Priya N. wrote:</p><p>Hi! I land at 6:40 pm — is it OK if I pick up the car at 7:30 instead of 7?</p><p><a href="https://turo.com/us/en/reservation/61234567/messages">Reply</a></p></body></html>',
    StrippedTextReply: "",
    Tag: "",
    Headers: [
      { Name: "X-Header-Test", Value: "" },
      { Name: "X-Spam-Status", Value: "No" },
      { Name: "X-Spam-Score", Value: "-0.1" },
      { Name: "X-Spam-Tests", Value: "DKIM_SIGNED,DKIM_VALID,DKIM_VALID_AU,SPF_PASS" },
      { Name: "Received-SPF", Value: "Pass (sender SPF authorized) identity=mailfrom" },
      { Name: "MIME-Version", Value: "1.0" },
      {
        Name: "Message-ID",
        Value: `<${options.messageId ?? "CAGXpo2WKfxHWZ5UFYCR3H_J9SNMG+5AXUovfEFL6DjWBJSyZaA"}@mail.turo.com>`,
      },
    ],
    Attachments: [
      {
        Name: "pickup.jpg",
        Content: TINY_JPEG.toString("base64"),
        ContentType: "image/jpeg",
        ContentLength: TINY_JPEG.length,
        ContentID: "",
      },
    ],
    ...(options.rawEmail === undefined ? {} : { RawEmail: options.rawEmail }),
  };
}

/** A multipart/form-data body with each field's bytes as given (a string is UTF-8). */
function formData(boundary: string, fields: Array<[string, string | Buffer]>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(
        `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}`,
      ),
      typeof value === "string" ? Buffer.from(value, "utf8") : value,
      Buffer.from(CRLF),
    );
  }
  parts.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(parts);
}
