import fc from "fast-check";
import { registerViaApi, type TestUser } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import { expectJsonAnswer, options, raw, send, show, type RawBody } from "../support/fuzz";
import { randomText } from "../support/random-text";

/**
 * Hostile MIME on the inbound email webhook (POST /api/inbound/email/{token}), posted as raw
 * MIME and as a provider's form field: deep nesting, over a thousand parts, huge and countless
 * headers, unknown and lying charsets and transfer encodings, broken boundaries, binary noise and
 * deep HTML. Every answer is below 500 with a JSON message, and the server keeps serving.
 */

test.describe.configure({ timeout: 300_000 });

const RUNS = 400;

/** Two spare tokens: a token takes 600 posts a minute, and an account 1,000 emails a day. */
let hosts: TestUser[] = [];
let paths: string[] = [];
let sent = 0;

test.beforeAll(async () => {
  hosts = await Promise.all(["mimefuzz1", "mimefuzz2", "mimefuzz3"].map((n) => registerViaApi(n)));
  paths = await Promise.all(
    hosts.map(async (host) => {
      const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
        webhookUrl: string;
      };
      return new URL(webhookUrl).pathname;
    }),
  );
});

test.afterAll(async () => {
  await Promise.all(hosts.map((host) => host.api.dispose()));
});

const CRLF = "\r\n";

const charset = fc.constantFrom(
  "utf-8",
  "UTF-8",
  "iso-8859-1",
  "windows-1252",
  "utf-16",
  "utf-16le",
  "utf-7",
  "gb2312",
  "shift_jis",
  "koi8-r",
  "x-no-such-charset",
  "",
  '"utf-8',
  "utf-8; format=flowed; delsp=yes",
  "\u0000",
  "../../etc/passwd",
);
const encoding = fc.constantFrom(
  "7bit",
  "8bit",
  "binary",
  "base64",
  "quoted-printable",
  "x-uuencode",
  "BASE64",
  "nonsense",
  "",
);
const bodyText = fc.oneof(
  ...randomText(200),
  fc.constantFrom(
    "=E9=\r\n=ZZ=0",
    "!!!not base64!!!",
    "SGVsbG8=SGVsbG8=====",
    "Jordan L. wrote:\nIs there a phone mount?",
    "=?UTF-8?B?8J+Yjg==?=",
    "\u0000\u0001\uFFFF",
  ),
);
const headerValue = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    "=?utf-8?Q?=E2=80?=",
    "=?x-unknown?B?!!!?=",
    "=?UTF-8?B?" + "A".repeat(5_000) + "?=",
    "<>",
    '"unterminated',
    "a@b, c@, @d, <e@f>, ;;;",
    "Tue, 31 Feb 1899 25:61:61 +9999",
    "Sat, 13 Sep 275760 00:00:00 GMT",
  ),
);

/** One leaf part: a Content-Type with a charset, a transfer encoding and a body. */
const leaf = fc
  .tuple(
    fc.constantFrom(
      "text/plain",
      "text/html",
      "application/octet-stream",
      "image/png",
      "message/rfc822",
      "text/x-unknown",
      "",
    ),
    charset,
    encoding,
    bodyText,
  )
  .map(
    ([type, set, cte, body]) =>
      `Content-Type: ${type}; charset=${set}${CRLF}Content-Transfer-Encoding: ${cte}${CRLF}${CRLF}${body}`,
  );

/** Multiparts inside multiparts, `depth` deep, with `width` parts at each level. */
function nested(depth: number, width: number, part: string, closeBoundaries: boolean): string {
  let inner = part;
  for (let level = depth; level > 0; level--) {
    const boundary = `b${level}`;
    const parts = Array.from({ length: width }, () => `--${boundary}${CRLF}${inner}`);
    inner =
      `Content-Type: multipart/mixed; boundary="${boundary}"${CRLF}${CRLF}` +
      parts.join(CRLF) +
      (closeBoundaries ? `${CRLF}--${boundary}--` : "");
  }
  return inner;
}

const hostileBody = fc.oneof(
  { weight: 3, arbitrary: leaf },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 300 }), leaf, fc.boolean())
      .map(([depth, part, close]) => nested(depth, 1, part, close)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 900, max: 1_500 }), leaf)
      .map(([width, part]) => nested(1, width, part, true)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 2, max: 4 }), leaf)
      .map(([depth, width, part]) => nested(depth, width, part, true)),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 500, max: 20_000 })
      .map(
        (depth) => `Content-Type: text/html${CRLF}${CRLF}${"<div><table><tr><td>".repeat(depth)}x`,
      ),
  },
  {
    weight: 1,
    // An attached email that attaches an email that attaches…
    arbitrary: fc
      .integer({ min: 1, max: 60 })
      .map((depth) =>
        Array.from({ length: depth }).reduce<string>(
          (inner) => `Content-Type: message/rfc822${CRLF}${CRLF}Subject: inner${CRLF}${inner}`,
          `Content-Type: text/plain${CRLF}${CRLF}innermost`,
        ),
      ),
  },
);

const hostileHeaders = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom("Subject", "From", "To", "Date", "Message-ID", "Reply-To", "X-Custom"),
          headerValue,
        ),
        { maxLength: 8 },
      )
      .map((pairs) => pairs.map(([name, value]) => `${name}: ${value}`)),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 900_000, max: 1_200_000 })
      .map((size) => [`Subject: ${"x".repeat(size)}`]),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 5_000, max: 20_000 })
      .map((count) => Array.from({ length: count }, (_, i) => `X-H${i}: v`)),
  },
  { weight: 1, arbitrary: fc.constant([`Subject: folded${(CRLF + " more").repeat(50_000)}`]) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((junk) => [junk]) },
);

const hostileEmail: fc.Arbitrary<RawBody> = fc
  .tuple(
    hostileHeaders,
    hostileBody,
    fc.constantFrom(
      "message/rfc822",
      "text/plain",
      null,
      "application/octet-stream",
      "email",
      "body-mime",
    ),
    fc.boolean(),
  )
  .map(([headers, body, how, lf]) => {
    let text = `MIME-Version: 1.0${CRLF}${headers.join(CRLF)}${CRLF}${body}${CRLF}`;
    // Some senders use bare LF line ends.
    if (lf) text = text.replaceAll(CRLF, "\n");
    if (how === "email" || how === "body-mime") {
      const boundary = "----fuzzform";
      return raw(
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}${CRLF}Content-Disposition: form-data; name="${how}"${CRLF}${CRLF}${text}${CRLF}--${boundary}--${CRLF}`,
        `form ${how}`,
      );
    }
    return raw(how, text, "raw MIME");
  });

test("inbound webhook: hostile MIME → < 500 with a message, and the server keeps serving", async ({
  request,
}) => {
  await fc.assert(
    fc.asyncProperty(hostileEmail, async (input) => {
      // Round-robin over the tokens, so their per-token and daily limits stay out of the way.
      const path = paths[sent++ % paths.length]!;
      const response = await send(request, path, input);
      expect(response.status(), show(input)).not.toBe(429);
      await expectJsonAnswer(response, `inbound ${show(input)}`);
    }),
    { ...options, numRuns: RUNS },
  );
  expect((await request.get("/healthz")).status()).toBe(200);
});
