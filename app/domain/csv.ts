/**
 * A small RFC 4180 CSV reader: quoted fields (with commas, doubled quotes and line breaks
 * inside), CRLF / LF / CR line endings, a leading byte-order mark, and a delimiter detected from
 * the header line (comma, semicolon or tab — spreadsheets in some locales export semicolons).
 */

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
