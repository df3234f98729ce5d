/**
 * parseMail on its real worker thread with the real mailparser: the server's main thread stays
 * free while a hostile email is read, and an email the parser refuses comes back as one to keep
 * unread instead of an error.
 */
import { simpleParser } from "mailparser";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import {
  createMailParser,
  MailParserBusyError,
  MAX_HTML_TO_TEXT_CHARS,
  parseMail,
  type MailParserPool,
} from "./parse-mail.server";

const SLOW = 60_000;

/** An email as a sender's MTA writes it: CRLF lines, a header block, an empty line, the body. */
function email(headers: string[], body: string): Buffer {
  return Buffer.from(`${headers.join("\r\n")}\r\n\r\n${body}\r\n`, "utf8");
}

const BASE_HEADERS = [
  "From: Turo <noreply@mail.turo.com>",
  "To: host@example.com",
  "Date: Tue, 18 Nov 2025 14:02:11 -0800",
  "Message-ID: <hostile-1@mail.turo.com>",
  "MIME-Version: 1.0",
];

/** The probe's email: about 9.45 MB of nested tables in one text/html body. */
export function nestedTablesHtml(bytes: number): string {
  const unit =
    "<table><tr><td>".repeat(40) + "Cell text for the guest" + "</td></tr></table>".repeat(40);
  return `<html><body>${unit.repeat(Math.ceil(bytes / unit.length))}</body></html>`;
}

const pools: MailParserPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

describe("parseMail", () => {
  it(
    "reads an ordinary email exactly as mailparser does, attachments as Buffers",
    async () => {
      const raw = email(
        [
          ...BASE_HEADERS,
          "Subject: =?UTF-8?Q?New_message_from_Jos=C3=A9?=",
          'Content-Type: multipart/mixed; boundary="b1"',
        ],
        [
          "--b1",
          "Content-Type: text/plain; charset=ISO-8859-1",
          "Content-Transfer-Encoding: quoted-printable",
          "",
          "Jos=E9 wrote:",
          "Can I pick up at 9?",
          "--b1",
          'Content-Type: application/pdf; name="receipt.pdf"',
          "Content-Transfer-Encoding: base64",
          'Content-Disposition: attachment; filename="receipt.pdf"',
          "",
          Buffer.from("%PDF-1.4 receipt").toString("base64"),
          "--b1--",
        ].join("\r\n"),
      );
      const parsed = await parseMail(raw);
      const direct = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
      expect(parsed.unreadable).toBeUndefined();
      expect(parsed.subject).toBe("New message from José");
      expect(parsed.text).toBe(direct.text);
      expect(parsed.text).toContain("José wrote:\nCan I pick up at 9?");
      expect(parsed.from?.value[0]?.address).toBe("noreply@mail.turo.com");
      expect(parsed.messageId).toBe("<hostile-1@mail.turo.com>");
      expect(parsed.date?.toISOString()).toBe("2025-11-18T22:02:11.000Z");
      expect(Buffer.isBuffer(parsed.attachments[0]?.content)).toBe(true);
      expect(parsed.attachments[0]?.content.toString()).toBe("%PDF-1.4 receipt");
    },
    SLOW,
  );

  it(
    "reads four 9.45 MB nested-table HTML emails at once while the main thread stays free",
    async () => {
      const raw = email(
        [...BASE_HEADERS, "Subject: Big", "Content-Type: text/html; charset=utf-8"],
        nestedTablesHtml(9_450_000),
      );
      expect(raw.length).toBeGreaterThan(9_400_000);
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const parsed = await Promise.all([1, 2, 3, 4].map(() => parseMail(raw)));
      lag.disable();
      // HTML past the cap is neither converted to text nor passed back; the rest is read.
      expect(parsed[3]!.subject).toBe("Big");
      expect(parsed[3]!.html).toBe(false);
      expect(parsed[3]!.text ?? "").toBe("");
      expect(parsed[3]!.textConversionError?.message).toMatch(/too long/);
      // The longest the main thread was held (copying emails to the worker, and the machine's
      // other load): a fraction of the 2.6 s one such parse takes on the main thread.
      expect(lag.max / 1e6).toBeLessThan(500);
    },
    SLOW,
  );

  it(
    "still converts HTML up to the cap to text",
    async () => {
      const html = `<p>Jordan L. wrote:</p><p>Is there a phone mount?</p>${"<div>&nbsp;</div>".repeat(1000)}`;
      expect(html.length).toBeLessThan(MAX_HTML_TO_TEXT_CHARS);
      const parsed = await parseMail(
        email([...BASE_HEADERS, "Subject: Hi", "Content-Type: text/html; charset=utf-8"], html),
      );
      expect(parsed.text).toContain("Jordan L. wrote:\n\nIs there a phone mount?");
      expect(parsed.html).toContain("<p>Is there a phone mount?</p>");
    },
    SLOW,
  );

  it(
    "keeps an email of more than 1,000 MIME parts as unreadable, with its header read",
    async () => {
      const parts = Array.from(
        { length: 1_200 },
        (_, i) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${i}`,
      );
      const raw = email(
        [...BASE_HEADERS, "Subject: Many parts", 'Content-Type: multipart/mixed; boundary="p"'],
        `${parts.join("\r\n")}\r\n--p--`,
      );
      await expect(simpleParser(raw)).rejects.toThrow(/child nodes/);
      const parsed = await parseMail(raw);
      expect(parsed.unreadable).toMatch(/child nodes/);
      expect(parsed.subject).toBe("Many parts");
      expect(parsed.messageId).toBe("<hostile-1@mail.turo.com>");
      expect(parsed.text).toBeUndefined();
    },
    SLOW,
  );

  it(
    "keeps an email with a header over 1 MB as unreadable, without a subject",
    async () => {
      const raw = email(
        [...BASE_HEADERS, `Subject: ${"x".repeat(1_100_000)}`, "Content-Type: text/plain"],
        "Hello",
      );
      await expect(simpleParser(raw)).rejects.toThrow(/header/i);
      const parsed = await parseMail(raw);
      expect(parsed.unreadable).toMatch(/header/i);
      expect(parsed.subject).toBeUndefined();
      expect(parsed.text).toBeUndefined();
      expect(parsed.attachments).toEqual([]);
    },
    SLOW,
  );

  it(
    "reads unknown and broken charsets and transfer encodings without failing",
    async () => {
      const raw = email(
        [
          ...BASE_HEADERS,
          "Subject: =?x-unknown?B?!!!?= =?UTF-8?Q?=FF=FE?=",
          'Content-Type: multipart/alternative; boundary="a"',
        ],
        [
          "--a",
          "Content-Type: text/plain; charset=x-no-such-charset",
          "Content-Transfer-Encoding: base64",
          "",
          "!!!not base64!!!",
          "--a",
          "Content-Type: text/html; charset=utf-16",
          "Content-Transfer-Encoding: quoted-printable",
          "",
          "=FF=D8=00<b>=",
          "--a--",
        ].join("\r\n"),
      );
      const parsed = await parseMail(raw);
      expect(parsed.unreadable).toBeUndefined();
      expect(typeof parsed.subject).toBe("string");
    },
    SLOW,
  );

  it(
    "stops a parse past its deadline and keeps the email unread",
    async () => {
      const pool = createMailParser({ workers: 1, deadlineMs: 1 });
      pools.push(pool);
      const slow = await pool.parse(
        email(
          [...BASE_HEADERS, "Subject: Slow", "Content-Type: text/html"],
          nestedTablesHtml(900_000),
        ),
      );
      expect(slow.unreadable).toMatch(/could not be read/);
      expect(pool.stats()).toMatchObject({ stopped: 1, workers: 0, running: 0 });
    },
    SLOW,
  );

  it(
    "refuses an email with a 503 when the queue is full",
    async () => {
      const pool = createMailParser({ workers: 1, maxQueue: 1 });
      pools.push(pool);
      const raw = email(
        [...BASE_HEADERS, "Subject: Big", "Content-Type: text/html"],
        nestedTablesHtml(2_000_000),
      );
      const first = pool.parse(raw); // running
      const second = pool.parse(raw); // waiting
      const refused = await pool.parse(raw).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MailParserBusyError);
      expect((refused as Response).status).toBe(503);
      expect(Number((refused as Response).headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await first).subject).toBe("Big");
      expect((await second).subject).toBe("Big");
    },
    SLOW,
  );
});
