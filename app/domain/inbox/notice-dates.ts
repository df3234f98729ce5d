/**
 * The trip times a booking or change notice states, as the host's local wall-clock time: the
 * marketplace writes them without a zone, in English ("Fri, Dec 4, 2026 10:00 AM") or Spanish
 * ("vie, 4 dic 2026, 10:00" or "4 de diciembre de 2026 10:00"), sometimes without the year.
 */
import { isRealDate, type LocalDate, type LocalDateTime } from "~/domain/zoned-time";

const MONTHS: ReadonlyArray<readonly string[]> = [
  ["jan", "january", "ene", "enero"],
  ["feb", "february", "febrero"],
  ["mar", "march", "marzo"],
  ["apr", "april", "abr", "abril"],
  ["may", "mayo"],
  ["jun", "june", "junio"],
  ["jul", "july", "julio"],
  ["aug", "august", "ago", "agosto"],
  ["sep", "sept", "september", "set", "septiembre", "setiembre"],
  ["oct", "october", "octubre"],
  ["nov", "november", "noviembre"],
  ["dec", "december", "dic", "diciembre"],
];

function monthNumber(word: string): number | null {
  const key = word.toLowerCase().replace(/\.$/, "");
  const index = MONTHS.findIndex((names) => names.includes(key));
  return index >= 0 ? index + 1 : null;
}

const MONTH_WORD = String.raw`([A-Za-zé]{3,10})\.?`;
const TIME = String.raw`(\d{1,2})(?::(\d{2}))?\s*([ap])?\.?\s*(?:m\.?)?`;
/** "Dec 4, 2026 10:00 AM", "December 4 at 10:00 AM". */
const MONTH_FIRST = new RegExp(
  String.raw`${MONTH_WORD}\s+(\d{1,2})(?:st|nd|rd|th)?,?(?:\s+(\d{4}))?,?\s*(?:at|a las|@)?\s*${TIME}`,
  "gi",
);
/** "4 dic 2026, 10:00", "4 de diciembre de 2026 a las 10:00 a. m.". */
const DAY_FIRST = new RegExp(
  String.raw`(\d{1,2})\s+(?:de\s+)?${MONTH_WORD}(?:\s+(?:de\s+)?(\d{4}))?,?\s*(?:at|a las|@)?\s*${TIME}`,
  "gi",
);

/**
 * The first date and time in `text`; a date without a year is the first such date on or after
 * `reference` less a week (a notice is about a trip that is coming or just happened).
 */
export function parseNoticeTime(text: string, reference: LocalDate): LocalDateTime | null {
  const found = [
    ...[...text.matchAll(MONTH_FIRST)].map((match) => ({
      at: match.index,
      month: match[1]!,
      day: match[2]!,
      rest: match.slice(3),
    })),
    ...[...text.matchAll(DAY_FIRST)].map((match) => ({
      at: match.index,
      month: match[2]!,
      day: match[1]!,
      rest: match.slice(3),
    })),
  ].sort((a, b) => a.at - b.at);
  for (const candidate of found) {
    const read = readCandidate(candidate.month, candidate.day, candidate.rest, reference);
    if (read) return read;
  }
  return null;
}

function readCandidate(
  monthText: string,
  dayText: string,
  [yearText, hourText, minuteText, meridiem]: readonly (string | undefined)[],
  reference: LocalDate,
): LocalDateTime | null {
  const month = monthNumber(monthText);
  if (month === null) return null;
  const day = Number(dayText);
  let hour = Number(hourText);
  const minute = minuteText ? Number(minuteText) : 0;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === "p" ? 12 : 0);
  } else if (!minuteText) {
    // A bare number after a date is no time ("Dec 4, 2026 3 days").
    return null;
  }
  if (hour > 23 || minute > 59) return null;
  const year = yearText ? Number(yearText) : yearFor(month, day, reference);
  const date = { year, month, day };
  return isRealDate(date) ? { ...date, hour, minute } : null;
}

function yearFor(month: number, day: number, reference: LocalDate): number {
  const referenceKey = reference.month * 100 + reference.day - 7;
  return month * 100 + day >= referenceKey ? reference.year : reference.year + 1;
}
