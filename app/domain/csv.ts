/**
 * A small RFC 4180 CSV reader: quoted fields (with commas, doubled quotes and line breaks
 * inside), CRLF / LF / CR line endings, a leading byte-order mark, and a delimiter detected from
 * the header line (comma, semicolon or tab — spreadsheets in some locales export semicolons).
 */
import { formatNumber } from "./money";

export interface CsvRecord {
  /** 1-based line of the file where the record starts (what a spreadsheet user sees). */
  line: number;
  fields: string[];
}

export type CsvParseResult =
  | { ok: true; delimiter: string; records: CsvRecord[] }
  | { ok: false; line: number; message: string };

const CANDIDATE_DELIMITERS = [",", ";", "\t"] as const;

/** The candidate delimiter that occurs most often outside quotes on the first line. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(CANDIDATE_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let inQuotes = false;
  for (const char of text) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === "\n" || char === "\r")) break;
    else if (!inQuotes && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) {
    if (count > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** Parses CSV text. Blank lines are skipped; fields are not trimmed. */
export function parseCsv(input: string): CsvParseResult {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const records: CsvRecord[] = [];

  let fields: string[] = [];
  let field = "";
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let quoteOpenedOnLine = 1;
  let fieldStarted = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === "" && !fieldStarted;
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    fieldStarted = false;
  };

  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inQuotes) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index++;
        } else {
          inQuotes = false;
        }
      } else {
        if (char === "\n" || (char === "\r" && text[index + 1] !== "\n")) line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === "") {
      inQuotes = true;
      fieldStarted = true;
      quoteOpenedOnLine = line;
    } else if (char === delimiter) {
      fields.push(field);
      field = "";
      fieldStarted = true;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (inQuotes) {
    return {
      ok: false,
      line: quoteOpenedOnLine,
      message: `A quoted field that starts on line ${quoteOpenedOnLine} is never closed (missing ").`,
    };
  }
  if (field !== "" || fields.length > 0 || fieldStarted) endRecord();
  return { ok: true, delimiter, records };
}

/** A header compared without case, spaces or punctuation: "Trip Start" and "trip_start" match. */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Where each column is in a header row: the first alias found wins, so more specific names come
 * first in each list. Aliases are written normalized ("tripstart").
 */
export function locateColumns<Column extends string>(
  headerFields: readonly string[],
  columns: Readonly<Record<Column, { aliases: readonly string[] }>>,
): Partial<Record<Column, number>> {
  const normalized = headerFields.map(normalizeHeader);
  const found: Partial<Record<Column, number>> = {};
  for (const [column, { aliases }] of Object.entries(columns) as Array<
    [Column, { aliases: readonly string[] }]
  >) {
    const index = aliases.map((alias) => normalized.indexOf(alias)).find((at) => at >= 0);
    if (index !== undefined) found[column] = index;
  }
  return found;
}

/** The trimmed field of `record` in the column at `index`; undefined when the file lacks it. */
export function fieldAt(record: CsvRecord, index: number | undefined): string | undefined {
  return index === undefined ? undefined : (record.fields[index] ?? "").trim();
}

/** A problem of one row, its message naming the row and the column as the file's header does. */
export function rowProblem(row: number, columnName: string | null, message: string) {
  return {
    row,
    column: columnName,
    message: columnName
      ? `Row ${row}, column "${columnName}": ${message}`
      : `Row ${row}: ${message}`,
  };
}

/** Bigger than any 5,000-trip export; stops a wrong file from being scanned at length. */
export const MAX_EARNINGS_CSV_CHARACTERS = 10_000_000;
/** Row errors reported before the rest are summarized as "…and N more". */
export const MAX_REPORTED_CSV_ERRORS = 20;

/** A problem of an export: of one row and column, or (row null) of the whole file. */
export interface CsvProblem {
  row: number | null;
  column: string | null;
  message: string;
}

/** A reader's result for a file refused with one problem. */
export function csvFailure(
  message: string,
  row: number | null = null,
  column: string | null = null,
) {
  return { ok: false as const, errors: [{ row, column, message }] };
}

/**
 * An export's header and data records, or why the file can't be one: too large, a spreadsheet
 * or binary file, empty, unreadable, no data rows, or more than `maxRows` of them (`rowNoun`
 * names them in the message).
 */
export function readCsvExport(
  text: string,
  maxRows: number,
  rowNoun: string,
): { ok: false; errors: CsvProblem[] } | { ok: true; header: CsvRecord; records: CsvRecord[] } {
  if (text.length > MAX_EARNINGS_CSV_CHARACTERS) {
    return csvFailure("The file is too large. Export a shorter date range and try again.");
  }
  if (text.startsWith("PK\u0003\u0004") || text.includes("\u0000")) {
    return csvFailure(
      "This looks like a spreadsheet or binary file, not CSV text. Export or save it as CSV.",
    );
  }
  if (text.replace(/^\uFEFF/, "").trim() === "") return csvFailure("The file is empty.");

  const parsed = parseCsv(text);
  if (!parsed.ok) return csvFailure(`Line ${parsed.line}: ${parsed.message}`, parsed.line);
  const [header, ...records] = parsed.records;
  if (!header) return csvFailure("The file is empty.");
  if (records.length === 0) return csvFailure("The file has a header row but no trips.");
  if (records.length > maxRows) {
    return csvFailure(
      `The file has ${formatNumber(records.length)} ${rowNoun}; the limit is ${formatNumber(maxRows)}. Export a shorter date range.`,
    );
  }
  return { ok: true, header, records };
}

/** The header row's problem when it lacks a required column, `label` as the host knows it. */
export function missingColumnProblem(headerLine: number, label: string): CsvProblem {
  return {
    row: headerLine,
    column: null,
    message: `Missing the "${label}" column. The header row must name it (for example "${label}").`,
  };
}

/** Row problems as reported: the first ones, then how many more there are. */
export function reportedProblems(problems: readonly CsvProblem[]): CsvProblem[] {
  const reported = problems.slice(0, MAX_REPORTED_CSV_ERRORS);
  if (problems.length > reported.length) {
    reported.push({
      row: null,
      column: null,
      message: `…and ${formatNumber(problems.length - reported.length)} more problems. Fix the rows above and try again.`,
    });
  }
  return reported;
}

/**
 * A date cell read with `parse`, or null when it is empty or unreadable (then a problem told to
 * `problem`, naming `formats` as the ones to use).
 */
export function readDateCell(
  raw: string,
  parse: (text: string) => number | null,
  formats: string,
  problem: (message: string) => void,
): number | null {
  if (raw === "") {
    problem("the date is empty.");
    return null;
  }
  const value = parse(raw);
  if (value === null) {
    problem(`"${raw}" is not a date we can read. Use a format like ${formats}.`);
  }
  return value;
}

/** Which header in the file was used for each column it has. */
export function foundColumnNames<Column extends string>(
  header: CsvRecord,
  columnIndex: Partial<Record<Column, number>>,
): Partial<Record<Column, string>> {
  const columns: Partial<Record<Column, string>> = {};
  for (const column of Object.keys(columnIndex) as Column[]) {
    const name = fieldAt(header, columnIndex[column]) ?? null;
    if (name !== null) columns[column] = name;
  }
  return columns;
}

/**
 * Windows-1252's characters for bytes 0x80–0x9F (its difference from Latin-1): curly quotes,
 * dashes, €, ™… Node's own "windows-1252" decoder reads these bytes as Latin-1 control codes.
 */
const CP1252_HIGH =
  "\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F" +
  "\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178";

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) =>
        byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte,
      ),
    );
  }
  return text;
}

export type CsvEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/** How each encoding is named to the host. */
export const CSV_ENCODING_NAMES: Readonly<Record<CsvEncoding, string>> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16",
  "utf-16be": "UTF-16",
  "windows-1252": "Windows-1252 (Latin-1)",
};

/**
 * A CSV file's bytes as text. UTF-8 (with or without its byte-order mark) and UTF-16 with its
 * mark are read as such; bytes that aren't valid UTF-8 are what older spreadsheet programs save
 * (Latin-1, really Windows-1252), read as that rather than replaced with "�". A declared charset
 * (from Content-Type) is followed when it names one of these.
 */
export function decodeCsvBytes(
  bytes: Uint8Array,
  declaredCharset?: string | null,
): { text: string; encoding: CsvEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  }
  const declared = (declaredCharset ?? "").trim().toLowerCase();
  if (["iso-8859-1", "latin1", "latin-1", "windows-1252", "cp1252"].includes(declared)) {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
  try {
    // The decoder drops a leading byte-order mark; `parseCsv` would skip it anyway.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252" };
  }
}
