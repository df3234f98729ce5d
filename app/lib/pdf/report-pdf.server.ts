/**
 * The damage report as a PDF (US Letter, Helvetica): what a host sends the marketplace, an
 * adjuster or a guest's insurer to back a damage claim. Every dollar is traceable: each operation
 * line shows its hours × rate or part price, the subtotals and total follow, and the range says
 * how it was worked out. The photos carry the numbered finding boxes, and the evidence table
 * gives each photo's capture time, upload time and full SHA-256.
 *
 * Page 1: header band, vehicle, the likely range with the total, labor hours, repair days and
 * lost-income days, the damage diagram (drawn by the caller) and the findings. Then the operation
 * lines (header row repeated on every page), subtotals, total and range, what could raise the
 * cost, assumptions, the photos two to a page, the evidence table and the disclaimers. Every
 * page has a footer "Report {id} · Page N of M", and a DRAFT banner while the report awaits
 * review.
 *
 * All text goes through `toWinAnsi` (host-typed nicknames can hold any Unicode), wraps inside its
 * column, and long free text (a 10,000-character nickname) is clamped to a few lines.
 */
import {
  PDFDocument,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type RGB,
} from "pdf-lib";
import type { Estimate, LineCategory } from "~/domain/estimate/engine";
import { LINE_CATEGORY_LABELS, PHOTO_PHASE_LABELS } from "~/domain/estimate/labels";
import type { PhotoPhase, Severity } from "~/domain/estimate/taxonomy";
import { formatCents, formatNumber } from "~/domain/money";
import { formatCalendarDate, formatDateTime, timeZoneAbbreviation } from "~/domain/dates";
import { formatSize, type MeasurementUnits } from "~/domain/units";
import { formatTime12 } from "~/domain/zoned-time";
import {
  PDF_COLORS,
  PageWriter,
  stampPageFooters,
  toWinAnsi,
  truncateToWidth,
  wrapClamped,
  wrapText,
  type PageLayout,
} from "./text.server";

// ─── Input ──────────────────────────────────────────────────────────────────────────────────────

export interface ReportPdfPhoto {
  id: string;
  /** Shown as "Photo 1". */
  number: number;
  /** The display JPEG (≤ 2048 px); drawn scaled down to fit the page. */
  jpeg: Uint8Array;
  width: number;
  height: number;
  phase: PhotoPhase;
  /** EXIF capture time: "2026-11-20T14:03:11-08:00", or without an offset (camera clock). */
  capturedAt: string | null;
  uploadedAt: Date;
  sha256: string;
  /** The position, when the photo has one and it may be shown; else null. */
  gps: { lat: number; lng: number } | null;
  /** Whether the photo recorded a position at all (shown or not). */
  hasGps?: boolean;
  /** The host chose to include the location; otherwise the report says "withheld". */
  showGps: boolean;
  /** Finding boxes on this photo, 0..1 of the photo size, (x, y) the top-left corner. */
  boxes: {
    number: number;
    severity: Severity;
    box: { x: number; y: number; w: number; h: number };
  }[];
}

export interface ReportPdfFinding {
  /** The finding's id, which the estimate's notes on it are keyed by. */
  id?: string;
  number: number;
  /** "Moderate scratch". */
  label: string;
  panelLabel: string;
  sizeCm?: number;
  /** 0..1; only meaningful for AI findings. */
  confidence: number;
  source: "ai" | "host";
  photoNumber: number | null;
  preExisting: boolean;
  /** The same damage as an earlier report's finding: shown, not charged again. */
  reportedBefore?: boolean;
  /** The host's note on the finding, printed in full under the table. */
  note?: string | null;
}

export interface ReportPdfInput {
  reportId: string;
  generatedAt: Date;
  createdAt: Date;
  completedAt: Date | null;
  /** needs_review puts a "DRAFT — not yet reviewed" banner on every page. */
  status: "needs_review" | "complete";
  /** The host or business name. */
  preparedFor: string;
  /** The business logo (PNG), printed beside "Prepared for". */
  logoPng?: Uint8Array | null;
  /** The account's IANA time zone: every date and time on the PDF is written in it. */
  timeZone: string;
  /** Sizes in inches ("us") or centimeters ("metric"). */
  units: MeasurementUnits;
  vehicle: {
    /** "2021 Toyota Camry SE". */
    title: string;
    nickname: string | null;
    vin: string | null;
    plate: string | null;
    bodyLabel: string;
    priceClassLabel: string;
    paintLabel: string;
  };
  estimate: Estimate;
  findings: ReportPdfFinding[];
  photos: ReportPdfPhoto[];
  /** The rule's text, e.g. "days = labor hours ÷ 4, rounded up, plus weekends". */
  lostIncome: { marketplaceName: string; rule: string; asOf: string };
  disclaimers: string[];
  shareUrl: string | null;
  /** Which revision this is ("Revision 2" by the title), and the newer final one, if any. */
  revision?: { number: number; supersededBy: number | null } | null;
  /**
   * False when the report is bound into another document (a claim's evidence packet) that
   * numbers every page itself: one page counter, not two.
   */
  pageFooters?: boolean;
  /**
   * Draws the vehicle diagram into `box` (PDF points, origin bottom-left: `y` is the box's bottom
   * edge) on page 1. Called once when given; the report reserves DIAGRAM_HEIGHT points for it.
   */
  drawDiagram?: (
    page: PDFPage,
    box: { x: number; y: number; width: number; height: number },
  ) => void;
}

// ─── Page geometry and look ─────────────────────────────────────────────────────────────────────

const PAGE_WIDTH = 612; // 8.5 in
const PAGE_HEIGHT = 792; // 11 in
const MARGIN_X = 48;
const MARGIN_BOTTOM = 54;
const FOOTER_Y = 30;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const RIGHT = PAGE_WIDTH - MARGIN_X;

/** Page 1's header band, and the running header on the other pages. */
const BAND_HEIGHT = 66;
const RUNNING_HEADER_HEIGHT = 46;
/** The banner and the space under it. */
const DRAFT_BANNER_HEIGHT = 28;
/** Height reserved on page 1 for the caller's vehicle diagram. */
export const DIAGRAM_HEIGHT = 220;

const LAYOUT: PageLayout = {
  width: PAGE_WIDTH,
  height: PAGE_HEIGHT,
  marginX: MARGIN_X,
  marginTop: RUNNING_HEADER_HEIGHT,
  marginBottom: MARGIN_BOTTOM,
  bodySize: 9.5,
  lineHeight: 13,
};

const { ink: INK, muted: MUTED, rule: RULE, shade: SHADE } = PDF_COLORS;
const BRAND = rgb(0.11, 0.17, 0.29);
const BRAND_TEXT = rgb(0.8, 0.85, 0.93);
const WHITE = rgb(1, 1, 1);
const DRAFT_FILL = rgb(1, 0.95, 0.8);
const DRAFT_EDGE = rgb(0.85, 0.6, 0.12);
const DRAFT_TEXT = rgb(0.5, 0.3, 0.02);

const SEVERITY_COLORS: Record<Severity, { fill: RGB; text: RGB }> = {
  minor: { fill: rgb(0.96, 0.76, 0.1), text: INK },
  moderate: { fill: rgb(0.93, 0.46, 0.08), text: WHITE },
  severe: { fill: rgb(0.8, 0.11, 0.11), text: WHITE },
};
const UNKNOWN_SEVERITY = { fill: rgb(0.45, 0.49, 0.56), text: WHITE };

// ─── Formatting ─────────────────────────────────────────────────────────────────────────────────

const pad2 = (value: number) => String(value).padStart(2, "0");

const EXIF_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An EXIF capture time as the camera's clock showed it (not converted): "Nov 20, 2026, 2:03 PM
 * (-08:00)", or "(no time zone)" when the camera recorded none. Text that is not a timestamp is
 * shown as it is, so nothing the camera wrote is hidden.
 */
export function formatCapturedAt(
  capturedAt: string | null,
  withSeconds = false,
): { text: string; known: boolean } {
  if (capturedAt === null || capturedAt.trim() === "")
    return { text: "not recorded", known: false };
  const match = EXIF_TIME.exec(capturedAt.trim());
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) return { text: capturedAt.trim(), known: false };
  const [, year, , day, hours, minutes, seconds, zone] = match;
  const offset =
    zone === undefined
      ? "no time zone"
      : zone === "Z"
        ? "UTC"
        : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const time = formatTime12({
    hour: Number(hours),
    minute: Number(minutes),
    second: withSeconds ? Number(seconds ?? 0) : undefined,
  });
  return {
    text: `${formatCalendarDate(`${year}-${pad2(month)}-${day}`)}, ${time} (${offset})`,
    known: true,
  };
}

function gpsText(photo: ReportPdfPhoto): string {
  // A position the host chose not to share is "withheld", never "not recorded".
  if (!photo.showGps && (photo.hasGps || photo.gps)) return "withheld";
  if (!photo.gps || !Number.isFinite(photo.gps.lat) || !Number.isFinite(photo.gps.lng)) {
    return "not recorded";
  }
  return `${photo.gps.lat.toFixed(5)}, ${photo.gps.lng.toFixed(5)}`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count, 1)} ${count === 1 ? one : many}`;
}

function hours(value: number): string {
  return `${formatNumber(value, 1)} h`;
}

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;

/** Emoji and the marks that build them: flags, skin tones, tags, joiners, keycaps, selectors. */
function isEmojiPart(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    (PICTOGRAPHIC.test(char) && code > 0x2122) ||
    (code >= 0x1f1e6 && code <= 0x1f1ff) ||
    (code >= 0x1f3fb && code <= 0x1f3ff) ||
    (code >= 0xe0020 && code <= 0xe007f) ||
    code === 0x200d ||
    code === 0x20e3 ||
    code === 0xfe0e ||
    code === 0xfe0f
  );
}

/**
 * Host-typed text without emoji: the standard fonts can't draw them, and "Blue Bird ?" reads
 * worse than "Blue Bird". ©, ® and ™ are kept (the fonts have them).
 */
function withoutEmoji(text: string): string {
  let out = "";
  for (const char of text) {
    if (!isEmojiPart(char)) out += char;
  }
  return out.replace(/ {2,}/g, " ").trim();
}

function withoutEmojiOrNull(text: string | null): string | null {
  if (text === null) return null;
  const clean = withoutEmoji(text);
  return clean === "" ? null : clean;
}

/** For PDF metadata (UTF-16, so any script is fine): no controls, bounded length. */
function metadataText(text: string): string {
  const clean = text
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [...clean].slice(0, 200).join("");
}

// ─── Drawing primitives ─────────────────────────────────────────────────────────────────────────

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

interface Context {
  doc: PDFDocument;
  fonts: Fonts;
  writer: PageWriter;
  input: ReportPdfInput;
  draft: boolean;
  /** Severity of each finding number, from the photo boxes (for the colored number tags). */
  severityOf: Map<number, Severity>;
  /** The business logo, embedded once. */
  logo: PDFImage | null;
}

interface DrawOptions {
  font: PDFFont;
  size: number;
  color?: RGB;
  /** Text wider than this is cut with "…". */
  maxWidth?: number;
  align?: "left" | "right" | "center";
}

/**
 * One line of sanitised text with its baseline at `y`. `x` is the left edge, or the right edge
 * (align "right"), or the center (align "center").
 */
function drawLine(page: PDFPage, text: string, x: number, y: number, options: DrawOptions) {
  const { font, size } = options;
  let line = toWinAnsi(text, font);
  if (options.maxWidth !== undefined) line = truncateToWidth(line, font, size, options.maxWidth);
  const width = font.widthOfTextAtSize(line, size);
  const left =
    options.align === "right" ? x - width : options.align === "center" ? x - width / 2 : x;
  page.drawText(line, { x: left, y, size, font, color: options.color ?? INK });
}

/** A small upper-case label above a value ("VEHICLE", "PREPARED FOR"). */
function drawLabel(page: PDFPage, fonts: Fonts, text: string, x: number, y: number) {
  drawLine(page, text.toUpperCase(), x, y, { font: fonts.bold, size: 7, color: MUTED });
}

/** The numbered tag used for a finding, in its severity color; `top` is its upper edge. */
function drawNumberTag(
  page: PDFPage,
  fonts: Fonts,
  number: number,
  severity: Severity | undefined,
  x: number,
  top: number,
  size = 7.5,
) {
  const colors = severity ? SEVERITY_COLORS[severity] : UNKNOWN_SEVERITY;
  const text = String(number);
  const height = size + 4;
  const width = Math.max(height, fonts.bold.widthOfTextAtSize(text, size) + 6);
  page.drawRectangle({ x, y: top - height, width, height, color: colors.fill });
  page.drawText(text, {
    x: x + (width - fonts.bold.widthOfTextAtSize(text, size)) / 2,
    y: top - height + 2.6,
    size,
    font: fonts.bold,
    color: colors.text,
  });
  return width;
}

function sectionHeading(ctx: Context, title: string, keepWith: number, note?: string) {
  const { writer, fonts } = ctx;
  const noteLines = note
    ? wrapText(toWinAnsi(note, fonts.regular), fonts.regular, 8.5, CONTENT_WIDTH)
    : [];
  writer.ensure(30 + noteLines.length * 11.5 + keepWith);
  writer.gap(10);
  drawLine(writer.page, title, MARGIN_X, writer.y - 12, { font: fonts.bold, size: 12.5 });
  writer.gap(17);
  writer.page.drawLine({
    start: { x: MARGIN_X, y: writer.y },
    end: { x: RIGHT, y: writer.y },
    thickness: 1,
    color: INK,
  });
  writer.gap(5);
  for (const line of noteLines) {
    drawLine(writer.page, line, MARGIN_X, writer.y - 8.5, {
      font: fonts.regular,
      size: 8.5,
      color: MUTED,
    });
    writer.gap(11.5);
  }
  if (noteLines.length > 0) writer.gap(4);
}

/** Wrapped text that flows over pages; `indent` shifts it right (bullets). */
function flowText(
  ctx: Context,
  text: string,
  options: { font?: PDFFont; size?: number; lineHeight?: number; color?: RGB; x?: number },
) {
  const { writer, fonts } = ctx;
  const font = options.font ?? fonts.regular;
  const size = options.size ?? 9.5;
  const lineHeight = options.lineHeight ?? size + 3.5;
  const x = options.x ?? MARGIN_X;
  const lines = wrapText(toWinAnsi(text, font), font, size, RIGHT - x);
  lines.forEach((line, index) => {
    // A page never holds one line of a paragraph alone: a paragraph of up to three lines moves
    // whole, a longer one keeps its first two and its last two lines together.
    const left = lines.length - index;
    const keep = index === 0 ? (lines.length <= 3 ? lines.length : 2) : left === 2 ? 2 : 1;
    writer.ensure(lineHeight * keep);
    drawLine(writer.page, line, x, writer.y - size, { font, size, color: options.color });
    writer.gap(lineHeight);
  });
}

/** The height `flowText` needs for `text` (to keep it with what follows). */
function flowTextHeight(
  ctx: Context,
  text: string,
  size: number,
  lineHeight: number,
  x = MARGIN_X,
) {
  const font = ctx.fonts.regular;
  return wrapText(toWinAnsi(text, font), font, size, RIGHT - x).length * lineHeight;
}

function bulletList(ctx: Context, items: readonly string[]) {
  const { writer, fonts } = ctx;
  for (const item of items) {
    writer.ensure(13 * 2);
    drawLine(writer.page, "\u2022", MARGIN_X + 3, writer.y - 9.5, { font: fonts.bold, size: 9.5 });
    flowText(ctx, item, { x: MARGIN_X + 14 });
    writer.gap(3);
  }
}

// ─── Tables ─────────────────────────────────────────────────────────────────────────────────────

interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
  /** Courier, for fingerprints. */
  mono?: boolean;
  /** Text size in this column, when not the table's. */
  size?: number;
}

interface TableOptions {
  size?: number;
  lineHeight?: number;
  /** Most lines a cell may take; more is cut with "…" (keeps a row shorter than a page). */
  maxCellLines?: number;
  /** Draws extra marks in a row (e.g. a colored number tag); `top` is the row's upper edge. */
  decorate?: (page: PDFPage, rowIndex: number, top: number) => void;
}

const CELL_PAD_X = 4;
const CELL_PAD_Y = 3.5;

/** A table with wrapped cells; the header row is repeated at the top of every page it spans. */
function drawTable(ctx: Context, columns: Column[], rows: string[][], options: TableOptions = {}) {
  const { writer, fonts } = ctx;
  const size = options.size ?? 8.5;
  const lineHeight = options.lineHeight ?? size + 3;
  const maxLines = options.maxCellLines ?? 12;
  const headerSize = 7.5;
  const headerLineHeight = headerSize + 2.5;

  const cellLines = (cells: readonly string[], header: boolean) =>
    columns.map((column, index) => {
      const font = header ? fonts.bold : column.mono ? fonts.mono : fonts.regular;
      const cellSize = header ? headerSize : (column.size ?? size);
      return {
        font,
        size: cellSize,
        lines: wrapClamped(
          cells[index] ?? "",
          font,
          cellSize,
          column.width - 2 * CELL_PAD_X,
          maxLines,
        ),
      };
    });
  const rowHeight = (cells: ReturnType<typeof cellLines>, lh: number) =>
    Math.max(...cells.map((cell) => cell.lines.length)) * lh + 2 * CELL_PAD_Y;

  const drawCells = (cells: ReturnType<typeof cellLines>, lh: number, top: number, color: RGB) => {
    let x = MARGIN_X;
    columns.forEach((column, index) => {
      const cell = cells[index];
      if (cell) {
        cell.lines.forEach((line, lineIndex) => {
          const baseline = top - CELL_PAD_Y - lineIndex * lh - (lh + cell.size * 0.7) / 2;
          const right = column.align === "right";
          drawLine(
            writer.page,
            line,
            right ? x + column.width - CELL_PAD_X : x + CELL_PAD_X,
            baseline,
            {
              font: cell.font,
              size: cell.size,
              color,
              align: right ? "right" : "left",
            },
          );
        });
      }
      x += column.width;
    });
  };

  const header = cellLines(
    columns.map((column) => column.header),
    true,
  );
  const headerHeight = rowHeight(header, headerLineHeight);
  const drawHeader = () => {
    writer.page.drawRectangle({
      x: MARGIN_X,
      y: writer.y - headerHeight,
      width: CONTENT_WIDTH,
      height: headerHeight,
      color: SHADE,
    });
    drawCells(header, headerLineHeight, writer.y, MUTED);
    writer.gap(headerHeight);
  };

  const bodies = rows.map((row) => cellLines(row, false));
  writer.ensure(headerHeight + (bodies[0] ? rowHeight(bodies[0], lineHeight) : 0));
  drawHeader();
  bodies.forEach((cells, rowIndex) => {
    const height = rowHeight(cells, lineHeight);
    if (writer.y - height < writer.bottom) {
      writer.addPage();
      drawHeader();
    }
    const top = writer.y;
    options.decorate?.(writer.page, rowIndex, top);
    drawCells(cells, lineHeight, top, INK);
    writer.gap(height);
    writer.page.drawLine({
      start: { x: MARGIN_X, y: writer.y },
      end: { x: RIGHT, y: writer.y },
      thickness: 0.4,
      color: RULE,
    });
  });
}

// ─── Page furniture ─────────────────────────────────────────────────────────────────────────────

/** The banner a report awaiting review carries on every page, below the header. */
function drawDraftBanner(page: PDFPage, fonts: Fonts, top: number) {
  const height = 17;
  page.drawRectangle({
    x: MARGIN_X,
    y: top - 2 - height,
    width: CONTENT_WIDTH,
    height,
    color: DRAFT_FILL,
    borderColor: DRAFT_EDGE,
    borderWidth: 0.8,
  });
  const title = "DRAFT \u2014 not yet reviewed";
  const baseline = top - 2 - height + 5.6;
  drawLine(page, title, MARGIN_X + 8, baseline, { font: fonts.bold, size: 8.5, color: DRAFT_TEXT });
  const titleWidth = fonts.bold.widthOfTextAtSize(title, 8.5);
  drawLine(
    page,
    "Findings and amounts may change after review. Do not submit this version as final.",
    MARGIN_X + 8 + titleWidth + 10,
    baseline,
    { font: fonts.regular, size: 8, color: DRAFT_TEXT, maxWidth: CONTENT_WIDTH - titleWidth - 26 },
  );
}

/** Page 1: the dark band with the title, report id and dates. Returns the y below it. */
function drawFirstPageHeader(page: PDFPage, fonts: Fonts, input: ReportPdfInput): number {
  page.drawRectangle({
    x: 0,
    y: PAGE_HEIGHT - BAND_HEIGHT,
    width: PAGE_WIDTH,
    height: BAND_HEIGHT,
    color: BRAND,
  });
  drawLine(page, "FleetAssist \u00B7 Damage repair estimate", MARGIN_X, PAGE_HEIGHT - 30, {
    font: fonts.bold,
    size: 16,
    color: WHITE,
  });
  const revision = input.revision ? ` \u00B7 Revision ${input.revision.number}` : "";
  drawLine(page, `Report ${input.reportId}${revision}`, MARGIN_X, PAGE_HEIGHT - 46, {
    font: fonts.regular,
    size: 9,
    color: BRAND_TEXT,
    maxWidth: 360,
  });
  if (input.revision?.supersededBy) {
    drawLine(
      page,
      `Superseded by revision ${input.revision.supersededBy}`,
      MARGIN_X,
      PAGE_HEIGHT - 58,
      {
        font: fonts.bold,
        size: 8.5,
        color: WHITE,
        maxWidth: 360,
      },
    );
  }
  const dates = [
    `Created ${formatDateTime(input.createdAt, input.timeZone)}`,
    ...(input.completedAt
      ? [`Completed ${formatDateTime(input.completedAt, input.timeZone)}`]
      : []),
    `Generated ${formatDateTime(input.generatedAt, input.timeZone)}`,
  ];
  dates.forEach((line, index) =>
    drawLine(page, line, RIGHT, PAGE_HEIGHT - 24 - index * 11, {
      font: fonts.regular,
      size: 8,
      color: BRAND_TEXT,
      align: "right",
    }),
  );
  return PAGE_HEIGHT - BAND_HEIGHT - 10;
}

/** Pages 2+: a thin running header. Returns the y below it. */
function drawRunningHeader(page: PDFPage, fonts: Fonts, input: ReportPdfInput): number {
  const y = PAGE_HEIGHT - 30;
  const brand = "FleetAssist \u00B7 Damage repair estimate";
  drawLine(page, brand, MARGIN_X, y, { font: fonts.bold, size: 8, color: BRAND });
  const brandWidth = fonts.bold.widthOfTextAtSize(brand, 8);
  drawLine(page, `${input.vehicle.title} \u00B7 Report ${input.reportId}`, RIGHT, y, {
    font: fonts.regular,
    size: 8,
    color: MUTED,
    align: "right",
    maxWidth: CONTENT_WIDTH - brandWidth - 20,
  });
  page.drawLine({
    start: { x: MARGIN_X, y: y - 7 },
    end: { x: RIGHT, y: y - 7 },
    thickness: 0.6,
    color: RULE,
  });
  return PAGE_HEIGHT - RUNNING_HEADER_HEIGHT;
}

// ─── Page 1 ─────────────────────────────────────────────────────────────────────────────────────

function drawVehicleAndParties(ctx: Context) {
  const { writer, fonts, input } = ctx;
  const { page } = writer;
  const leftWidth = 300;
  const rightX = MARGIN_X + 330;
  const rightWidth = RIGHT - rightX;
  const top = writer.y;

  // Left: the vehicle.
  let y = top;
  drawLabel(page, fonts, "Vehicle", MARGIN_X, y - 7);
  y -= 12;
  for (const line of wrapClamped(input.vehicle.title, fonts.bold, 15, leftWidth, 2)) {
    drawLine(page, line, MARGIN_X, y - 14, { font: fonts.bold, size: 15 });
    y -= 18;
  }
  if (input.vehicle.nickname && input.vehicle.nickname.trim() !== "") {
    const nickname = `\u201C${input.vehicle.nickname.trim()}\u201D`;
    for (const line of wrapClamped(nickname, fonts.regular, 9.5, leftWidth, 2)) {
      drawLine(page, line, MARGIN_X, y - 9.5, { font: fonts.regular, size: 9.5, color: MUTED });
      y -= 12.5;
    }
  }
  y -= 4;
  const facts: [string, string][] = [
    ["VIN", input.vehicle.vin?.trim() || "not provided"],
    ["Plate", input.vehicle.plate?.trim() || "not provided"],
    ["Body", input.vehicle.bodyLabel],
    ["Class", input.vehicle.priceClassLabel],
    ["Paint", input.vehicle.paintLabel],
  ];
  for (const [label, value] of facts) {
    drawLine(page, label, MARGIN_X, y - 9, { font: fonts.regular, size: 8.5, color: MUTED });
    drawLine(page, value, MARGIN_X + 42, y - 9, {
      font: fonts.regular,
      size: 9,
      maxWidth: leftWidth - 42,
    });
    y -= 12.5;
  }
  const leftBottom = y;

  // Right: who it is for (with the business logo), status, rates.
  y = top;
  if (ctx.logo) {
    const scale = Math.min(rightWidth / ctx.logo.width, LOGO_MAX_HEIGHT / ctx.logo.height, 1);
    const height = ctx.logo.height * scale;
    page.drawImage(ctx.logo, {
      x: rightX,
      y: y - height,
      width: ctx.logo.width * scale,
      height,
    });
    y -= height + 8;
  }
  drawLabel(page, fonts, "Prepared for", rightX, y - 7);
  y -= 12;
  for (const line of wrapClamped(input.preparedFor, fonts.bold, 11, rightWidth, 3)) {
    drawLine(page, line, rightX, y - 11, { font: fonts.bold, size: 11 });
    y -= 14;
  }
  y -= 6;
  drawLabel(page, fonts, "Status", rightX, y - 7);
  y -= 12;
  const status = ctx.draft
    ? { text: "Draft \u2014 awaiting review", color: DRAFT_TEXT }
    : { text: "Reviewed and complete", color: INK };
  drawLine(page, status.text, rightX, y - 9.5, {
    font: fonts.bold,
    size: 9.5,
    color: status.color,
    maxWidth: rightWidth,
  });
  y -= 18;
  drawLabel(page, fonts, "Rates", rightX, y - 7);
  y -= 12;
  const { estimate } = input;
  const rates = `${estimate.region === "US" ? "US national average" : estimate.region} labor rates, as of ${formatCalendarDate(estimate.ratesAsOf)}`;
  for (const line of wrapClamped(rates, fonts.regular, 9, rightWidth, 2)) {
    drawLine(page, line, rightX, y - 9, { font: fonts.regular, size: 9 });
    y -= 12;
  }

  writer.y = Math.min(leftBottom, y) - 8;
}

function drawSummary(ctx: Context) {
  const { writer, fonts, input } = ctx;
  const { estimate } = input;
  const { page } = writer;
  const height = 112;
  const top = writer.y;
  page.drawRectangle({
    x: MARGIN_X,
    y: top - height,
    width: CONTENT_WIDTH,
    height,
    color: SHADE,
  });
  const pad = 14;

  // Top row: the range, big, and the total beside it.
  const rangeX = MARGIN_X + pad;
  drawLabel(page, fonts, "Likely repair cost", rangeX, top - 17);
  const range = toWinAnsi(estimate.rangeDisplay, fonts.bold);
  const rangeWidthMax = 300;
  let rangeSize = 30;
  while (rangeSize > 14 && fonts.bold.widthOfTextAtSize(range, rangeSize) > rangeWidthMax) {
    rangeSize -= 1;
  }
  drawLine(page, range, rangeX, top - 50, {
    font: fonts.bold,
    size: rangeSize,
    maxWidth: rangeWidthMax,
  });
  const totalX = MARGIN_X + 340;
  drawLabel(page, fonts, "Estimate total", totalX, top - 17);
  drawLine(page, formatCents(estimate.totalCents), totalX, top - 40, {
    font: fonts.bold,
    size: 17,
    maxWidth: RIGHT - pad - totalX,
  });
  drawLine(page, "see how the range is worked out, after the totals", totalX, top - 53, {
    font: fonts.regular,
    size: 7.5,
    color: MUTED,
    maxWidth: RIGHT - pad - totalX,
  });

  // Bottom row: three figures.
  const rowTop = top - 66;
  page.drawLine({
    start: { x: MARGIN_X + pad, y: rowTop },
    end: { x: RIGHT - pad, y: rowTop },
    thickness: 0.6,
    color: RULE,
  });
  const { hoursByRate, lostIncome } = estimate;
  const split = [
    hoursByRate.body > 0 ? `body ${formatNumber(hoursByRate.body, 1)}` : null,
    hoursByRate.refinish > 0 ? `refinish ${formatNumber(hoursByRate.refinish, 1)}` : null,
    hoursByRate.mechanical > 0 ? `mechanical ${formatNumber(hoursByRate.mechanical, 1)}` : null,
  ].filter((part) => part !== null);
  const figures = [
    {
      label: "Labor",
      value: hours(estimate.laborHours),
      note: split.length > 0 ? split.join(" \u00B7 ") : "no labor",
    },
    {
      label: "Repair days",
      value: plural(estimate.repairDays, "day"),
      note: "business days in the shop",
    },
    {
      label: "Lost-income days",
      value: plural(lostIncome.days, "day"),
      note: `${plural(lostIncome.workingDays, "working day")} + ${plural(lostIncome.weekendDays, "weekend day")}`,
    },
  ];
  const cellWidth = (CONTENT_WIDTH - 2 * pad) / figures.length;
  figures.forEach((figure, index) => {
    const x = MARGIN_X + pad + index * cellWidth;
    if (index > 0) {
      page.drawLine({
        start: { x: x - 8, y: rowTop - 8 },
        end: { x: x - 8, y: top - height + 8 },
        thickness: 0.6,
        color: RULE,
      });
    }
    drawLabel(page, fonts, figure.label, x, rowTop - 13);
    drawLine(page, figure.value, x, rowTop - 28, {
      font: fonts.bold,
      size: 12,
      maxWidth: cellWidth - 16,
    });
    drawLine(page, figure.note, x, rowTop - 39, {
      font: fonts.regular,
      size: 7.5,
      color: MUTED,
      maxWidth: cellWidth - 16,
    });
  });
  writer.y = top - height - 6;

  const { marketplaceName, rule, asOf } = input.lostIncome;
  flowText(
    ctx,
    `Lost-income days follow ${marketplaceName}'s rule (as of ${formatCalendarDate(asOf)}): ${rule.trim().replace(/[.\s]+$/, "")}.`,
    { size: 8, lineHeight: 10.5, color: MUTED },
  );
}

function drawDiagramSection(ctx: Context) {
  const { writer, input } = ctx;
  if (!input.drawDiagram) return;
  sectionHeading(ctx, "Where the damage is", DIAGRAM_HEIGHT);
  const box = {
    x: MARGIN_X,
    y: writer.y - DIAGRAM_HEIGHT,
    width: CONTENT_WIDTH,
    height: DIAGRAM_HEIGHT,
  };
  writer.page.drawRectangle({ ...box, borderColor: RULE, borderWidth: 0.6 });
  // The caller draws inside a small inset so nothing touches the frame.
  input.drawDiagram(writer.page, {
    x: box.x + 6,
    y: box.y + 6,
    width: box.width - 12,
    height: box.height - 12,
  });
  writer.gap(DIAGRAM_HEIGHT + 4);
}

function drawFindings(ctx: Context) {
  const { input, fonts } = ctx;
  const findings = [...input.findings].sort((a, b) => a.number - b.number);
  const anyPreExisting = findings.some((finding) => finding.preExisting);
  // Hand tags have no box on a photo: only say the numbers match boxes when there are boxes.
  const anyBoxes = input.photos.some((photo) => photo.boxes.length > 0);
  const notes = [
    `${anyBoxes ? "Numbers match the boxes on the photos. " : ""}Confidence is the AI's certainty; findings the host tagged by hand have none.`,
    anyPreExisting
      ? "Pre-existing: damage that was already there before the trip (for example, in the pre-trip photos)."
      : null,
  ].filter((note) => note !== null);
  sectionHeading(ctx, `Findings (${findings.length})`, 40, notes.join(" "));
  if (findings.length === 0) {
    flowText(ctx, "No damage was recorded.", { color: MUTED });
    return;
  }
  const columns: Column[] = [
    { header: "#", width: 26 },
    { header: "Panel", width: 122 },
    { header: "Damage", width: 126 },
    { header: "Size", width: 42, align: "right" },
    { header: "Confidence", width: 54, align: "right" },
    { header: "Source", width: 38 },
    { header: "Photo", width: 46 },
    { header: "Note", width: 62 },
  ];
  const rows = findings.map((finding) => [
    "",
    finding.panelLabel,
    finding.label,
    finding.sizeCm !== undefined && Number.isFinite(finding.sizeCm)
      ? formatSize(finding.sizeCm, input.units)
      : "\u2014",
    finding.source === "ai" && Number.isFinite(finding.confidence)
      ? `${Math.round(finding.confidence * 100)}%`
      : "\u2014",
    finding.source === "ai" ? "AI" : "Host",
    finding.photoNumber !== null ? `Photo ${finding.photoNumber}` : "\u2014",
    finding.reportedBefore ? "Reported before" : finding.preExisting ? "Pre-existing" : "",
  ]);
  drawTable(ctx, columns, rows, {
    size: 8.5,
    maxCellLines: 3,
    decorate: (page, rowIndex, top) => {
      const finding = findings[rowIndex];
      if (!finding) return;
      drawNumberTag(
        page,
        fonts,
        finding.number,
        ctx.severityOf.get(finding.number),
        MARGIN_X + 4,
        top - 3.5,
      );
    },
  });
  drawFindingNotes(ctx, findings);
}

/** The host's own notes and the estimate's notes on each finding, in full, by number. */
function drawFindingNotes(ctx: Context, findings: ReportPdfFinding[]) {
  const { writer, fonts, input } = ctx;
  const estimateNotes = input.estimate.findingNotes ?? {};
  const items = findings.flatMap((finding) => {
    const notes = [
      ...(finding.note?.trim() ? [`Host's note: ${finding.note.trim()}`] : []),
      ...(finding.id ? (estimateNotes[finding.id] ?? []) : []),
    ];
    return notes.map((note) => `Finding ${finding.number}: ${note}`);
  });
  if (items.length === 0) return;
  writer.ensure(40);
  writer.gap(6);
  drawLine(writer.page, "Notes on the findings", MARGIN_X, writer.y - 9.5, {
    font: fonts.bold,
    size: 9.5,
  });
  writer.gap(14);
  bulletList(ctx, items);
}

// ─── Operation lines, totals, notes ─────────────────────────────────────────────────────────────

function drawOperationLines(ctx: Context) {
  const { estimate } = ctx.input;
  sectionHeading(
    ctx,
    "Repair operations",
    40,
    "Each line shows how its amount is worked out: labor hours \u00D7 the hourly rate, a part price, or a priced sublet job.",
  );
  if (estimate.lines.length === 0) {
    flowText(ctx, "No repair operations: nothing on this report needs paid repair.", {
      color: MUTED,
    });
    return;
  }
  const columns: Column[] = [
    { header: "#", width: 24, align: "right" },
    { header: "Operation", width: 76 },
    { header: "Description", width: 216 },
    { header: "Hours \u00D7 rate / part", width: 130 },
    { header: "Amount", width: 70, align: "right" },
  ];
  const rows = estimate.lines.map((line, index) => [
    String(index + 1),
    line.operation,
    line.description,
    line.formula,
    formatCents(line.amountCents),
  ]);
  drawTable(ctx, columns, rows, { size: 8.5 });
}

function drawTotals(ctx: Context) {
  const { writer, fonts, input } = ctx;
  const { estimate } = input;
  const categories = (Object.keys(LINE_CATEGORY_LABELS) as LineCategory[]).filter(
    (category) => estimate.subtotals[category] !== 0,
  );
  const rowHeight = 14;
  const width = 270;
  const x = RIGHT - width;
  const noteLines = wrapText(
    toWinAnsi(rangeNote(estimate), fonts.regular),
    fonts.regular,
    8,
    CONTENT_WIDTH,
  );
  writer.ensure(10 + categories.length * rowHeight + 70 + noteLines.length * 10.5);
  writer.gap(10);
  for (const category of categories) {
    const baseline = writer.y - 10;
    drawLine(writer.page, LINE_CATEGORY_LABELS[category], x + CELL_PAD_X, baseline, {
      font: fonts.regular,
      size: 9,
      color: MUTED,
    });
    drawLine(writer.page, formatCents(estimate.subtotals[category]), RIGHT - CELL_PAD_X, baseline, {
      font: fonts.regular,
      size: 9,
      align: "right",
    });
    writer.gap(rowHeight);
  }
  writer.gap(3);
  writer.page.drawLine({
    start: { x, y: writer.y },
    end: { x: RIGHT, y: writer.y },
    thickness: 1,
    color: INK,
  });
  writer.gap(4);
  drawLine(writer.page, "Estimate total", x + CELL_PAD_X, writer.y - 12, {
    font: fonts.bold,
    size: 11,
  });
  drawLine(writer.page, formatCents(estimate.totalCents), RIGHT - CELL_PAD_X, writer.y - 12, {
    font: fonts.bold,
    size: 11,
    align: "right",
  });
  writer.gap(18);
  writer.page.drawRectangle({ x, y: writer.y - 20, width, height: 20, color: SHADE });
  drawLine(writer.page, "Likely range", x + CELL_PAD_X, writer.y - 13.5, {
    font: fonts.bold,
    size: 10,
  });
  drawLine(writer.page, estimate.rangeDisplay, RIGHT - CELL_PAD_X, writer.y - 13.5, {
    font: fonts.bold,
    size: 10,
    align: "right",
  });
  writer.gap(28);
  for (const line of noteLines) {
    writer.ensure(10.5);
    drawLine(writer.page, line, MARGIN_X, writer.y - 8, {
      font: fonts.regular,
      size: 8,
      color: MUTED,
    });
    writer.gap(10.5);
  }
}

function rangeNote(estimate: Estimate): string {
  const percent = (fraction: number) => `${formatNumber(fraction * 100, 0)}%`;
  return (
    `How the range is worked out: ${estimate.range.formula}, rounded out to whole dollars. ` +
    `The spread (${percent(estimate.range.uncertaintyFraction)}) grows with the severity of each finding and with lower AI confidence, weighted by the amount each finding adds; ` +
    `the hidden-damage allowance (${percent(estimate.range.hiddenDamageFraction)}) covers damage that usually only shows once parts are removed. ` +
    "Estimates from photos tend to come in low, so the range reaches further above the total than below it."
  );
}

// ─── Photos and evidence ────────────────────────────────────────────────────────────────────────

const CAPTION_SIZE = 8.5;
/** The logo's height at most, in points (half an inch). */
const LOGO_MAX_HEIGHT = 36;
const CAPTION_LINE = 11.5;

function shortHash(sha256: string): string {
  const hash = sha256.trim().toLowerCase();
  return hash.length > 12 ? `${hash.slice(0, 12)}\u2026` : hash;
}

/** "Photo 3 · Post-trip", then "Taken … · Uploaded … · SHA-256 3f2a9c1d8e7b… · GPS …". */
function photoCaption(photo: ReportPdfPhoto, timeZone: string): { title: string; details: string } {
  const details = [
    `Taken ${formatCapturedAt(photo.capturedAt).text}`,
    `Uploaded ${formatDateTime(photo.uploadedAt, timeZone)}`,
    `SHA-256 ${shortHash(photo.sha256)}`,
  ];
  const gps = gpsText(photo);
  if (photo.showGps && gps !== "not recorded") details.push(`GPS ${gps}`);
  return {
    title: `Photo ${photo.number} \u00B7 ${PHOTO_PHASE_LABELS[photo.phase]}`,
    details: details.join(" \u00B7 "),
  };
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

/** The finding boxes over a photo drawn at (x, y, width, height); y is the image's bottom. */
function drawFindingBoxes(
  page: PDFPage,
  fonts: Fonts,
  photo: ReportPdfPhoto,
  image: { x: number; y: number; width: number; height: number },
) {
  for (const { number, severity, box } of photo.boxes) {
    const left = clamp01(box.x);
    const top = clamp01(box.y);
    const w = Math.min(clamp01(box.w), 1 - left);
    const h = Math.min(clamp01(box.h), 1 - top);
    if (w <= 0 || h <= 0) continue;
    const rect = {
      x: image.x + left * image.width,
      y: image.y + (1 - top - h) * image.height,
      width: w * image.width,
      height: h * image.height,
    };
    const color = (SEVERITY_COLORS[severity] ?? UNKNOWN_SEVERITY).fill;
    // A white halo under the colored outline keeps it visible on any paint color.
    page.drawRectangle({ ...rect, borderColor: WHITE, borderWidth: 3.4, opacity: 0 });
    page.drawRectangle({ ...rect, borderColor: color, borderWidth: 1.8, opacity: 0 });
    // The number tag sits on the box's top-left corner, kept inside the photo.
    const tagHeight = 13.5;
    const tagTop = Math.min(rect.y + rect.height + tagHeight / 2, image.y + image.height);
    const tagX = Math.min(rect.x - 1, image.x + image.width - 24);
    drawNumberTag(
      page,
      fonts,
      number,
      severity,
      Math.max(image.x, tagX),
      Math.max(tagTop, image.y + tagHeight),
      9.5,
    );
  }
}

async function embedPhotos(doc: PDFDocument, photos: readonly ReportPdfPhoto[]) {
  const images = new Map<string, PDFImage | null>();
  for (const photo of photos) {
    try {
      images.set(photo.id, await doc.embedJpg(photo.jpeg));
    } catch {
      // A damaged file must not take the whole report down; its slot says so instead.
      images.set(photo.id, null);
    }
  }
  return images;
}

function drawSeverityLegend(ctx: Context) {
  const { writer, fonts } = ctx;
  writer.ensure(16);
  let x = MARGIN_X;
  const baseline = writer.y - 9;
  drawLine(writer.page, "Box colors:", x, baseline, {
    font: fonts.regular,
    size: 8.5,
    color: MUTED,
  });
  x += fonts.regular.widthOfTextAtSize("Box colors:", 8.5) + 8;
  for (const severity of ["minor", "moderate", "severe"] as const) {
    writer.page.drawRectangle({
      x,
      y: baseline - 1,
      width: 14,
      height: 9,
      borderColor: SEVERITY_COLORS[severity].fill,
      borderWidth: 1.8,
      opacity: 0,
    });
    x += 19;
    const label = severity.charAt(0).toUpperCase() + severity.slice(1);
    drawLine(writer.page, label, x, baseline, { font: fonts.regular, size: 8.5 });
    x += fonts.regular.widthOfTextAtSize(label, 8.5) + 14;
  }
  writer.gap(18);
}

async function drawPhotos(ctx: Context) {
  const { writer, fonts, input, doc } = ctx;
  if (input.photos.length === 0) return;
  const photos = [...input.photos].sort((a, b) => a.number - b.number);
  const images = await embedPhotos(doc, photos);
  const findingsByPhoto = new Map<number, ReportPdfFinding[]>();
  for (const finding of input.findings) {
    if (finding.photoNumber === null) continue;
    findingsByPhoto.set(finding.photoNumber, [
      ...(findingsByPhoto.get(finding.photoNumber) ?? []),
      finding,
    ]);
  }

  // Photos start a page of their own only when less than half a page is left: a forced break
  // after a short section would leave that page nearly blank.
  const usable = PAGE_HEIGHT - RUNNING_HEADER_HEIGHT - MARGIN_BOTTOM;
  if (writer.y - MARGIN_BOTTOM < usable / 2) writer.addPage();
  // Hand-tagged findings draw no boxes: the boxes' note and legend only when a photo has some.
  const anyBoxes = photos.some((photo) => photo.boxes.length > 0);
  sectionHeading(
    ctx,
    `Photos (${photos.length})`,
    0,
    `${anyBoxes ? "Numbered boxes mark the findings of the same number. " : ""}Capture times are the camera's own clock; upload times are ${timeZoneAbbreviation(input.timeZone, input.generatedAt)}. The full SHA-256 of each photo is in the evidence table.`,
  );
  if (anyBoxes) drawSeverityLegend(ctx);

  // Two photos per page: each page's free height, halved.
  const slotOnThisPage = () => Math.floor((writer.y - MARGIN_BOTTOM) / 2);
  let slotHeight = slotOnThisPage();

  for (const photo of photos) {
    if (writer.y - slotHeight < MARGIN_BOTTOM - 0.5) {
      writer.addPage();
      slotHeight = slotOnThisPage();
    }
    const { page } = writer;
    const top = writer.y;
    const caption = photoCaption(photo, input.timeZone);
    const onPhoto = (findingsByPhoto.get(photo.number) ?? []).sort((a, b) => a.number - b.number);
    const findingsText = onPhoto
      .map((finding) => `${finding.number} ${finding.label}, ${finding.panelLabel.toLowerCase()}`)
      .join("; ");
    const textLines = [
      ...wrapClamped(caption.title, fonts.bold, CAPTION_SIZE, CONTENT_WIDTH, 1).map((line) => ({
        line,
        font: fonts.bold,
        color: INK,
      })),
      ...wrapClamped(caption.details, fonts.regular, CAPTION_SIZE, CONTENT_WIDTH, 2).map(
        (line) => ({ line, font: fonts.regular, color: INK }),
      ),
      ...(findingsText === ""
        ? []
        : wrapClamped(
            `Findings in this photo: ${findingsText}`,
            fonts.regular,
            CAPTION_SIZE,
            CONTENT_WIDTH,
            2,
          ).map((line) => ({ line, font: fonts.regular, color: MUTED }))),
    ];
    const maxImageHeight = slotHeight - textLines.length * CAPTION_LINE - 22;
    const image = images.get(photo.id) ?? null;

    let imageBox: { x: number; y: number; width: number; height: number };
    if (image) {
      const scale = Math.min(CONTENT_WIDTH / image.width, maxImageHeight / image.height, 1);
      const width = image.width * scale;
      const height = image.height * scale;
      imageBox = { x: MARGIN_X + (CONTENT_WIDTH - width) / 2, y: top - height, width, height };
      page.drawImage(image, imageBox);
      page.drawRectangle({ ...imageBox, borderColor: RULE, borderWidth: 0.5, opacity: 0 });
      drawFindingBoxes(page, fonts, photo, imageBox);
    } else {
      const height = Math.min(120, maxImageHeight);
      imageBox = { x: MARGIN_X, y: top - height, width: CONTENT_WIDTH, height };
      page.drawRectangle({ ...imageBox, color: SHADE, borderColor: RULE, borderWidth: 0.6 });
      drawLine(
        page,
        `Photo ${photo.number} can't be shown: its image file is damaged or not a JPEG. Its fingerprint is in the evidence table.`,
        MARGIN_X + CONTENT_WIDTH / 2,
        top - height / 2 - 3,
        {
          font: fonts.regular,
          size: 8.5,
          color: MUTED,
          align: "center",
          maxWidth: CONTENT_WIDTH - 20,
        },
      );
    }

    let y = imageBox.y - 7;
    for (const { line, font, color } of textLines) {
      drawLine(page, line, MARGIN_X + CONTENT_WIDTH / 2, y - CAPTION_SIZE, {
        font,
        size: CAPTION_SIZE,
        color,
        align: "center",
      });
      y -= CAPTION_LINE;
    }
    writer.y = top - slotHeight;
  }
}

function drawEvidence(ctx: Context) {
  const { input } = ctx;
  if (input.photos.length === 0) return;
  const photos = [...input.photos].sort((a, b) => a.number - b.number);
  sectionHeading(
    ctx,
    "Photo evidence",
    40,
    "The SHA-256 fingerprint of each original photo file (as the camera saved it) was recorded at upload: recomputing it from the host's original file proves it is the photo shown here, unchanged. Capture times come from the photo's EXIF data, as the camera's clock showed them.",
  );
  const columns: Column[] = [
    { header: "Photo", width: 40 },
    { header: "Phase", width: 50 },
    { header: "Taken (camera clock)", width: 98 },
    { header: `Uploaded (${timeZoneAbbreviation(input.timeZone, input.generatedAt)})`, width: 98 },
    // 7 pt Courier: the 64 hex digits break into two lines of 32 (32 × 4.2 pt = 134.4 pt).
    { header: "SHA-256", width: 144, mono: true, size: 7 },
    { header: "GPS", width: 86 },
  ];
  const rows = photos.map((photo) => [
    String(photo.number),
    PHOTO_PHASE_LABELS[photo.phase],
    formatCapturedAt(photo.capturedAt, true).text,
    formatDateTime(photo.uploadedAt, input.timeZone, { seconds: true }).replace(/ [A-Z]{2,5}$/, ""),
    photo.sha256.trim().toLowerCase(),
    gpsText(photo),
  ]);
  drawTable(ctx, columns, rows, { size: 7.5, maxCellLines: 4 });
}

function drawClosing(ctx: Context) {
  const { input, fonts, writer } = ctx;
  const disclaimers = input.disclaimers.filter((text) => text.trim() !== "");
  const shareLine = input.shareUrl ? `Share link: ${input.shareUrl}` : null;
  const shareHeight = shareLine ? 8 + flowTextHeight(ctx, shareLine, 9, 12.5) : 0;
  if (disclaimers.length > 0) {
    sectionHeading(ctx, "Disclaimers", 24);
    disclaimers.forEach((text, index) => {
      // The share link stays on the page of the last disclaimer, never alone on a page.
      if (index === disclaimers.length - 1 && shareLine) {
        writer.ensure(flowTextHeight(ctx, text, 8, 10.5) + 4 + shareHeight);
      }
      flowText(ctx, text, { size: 8, lineHeight: 10.5, color: MUTED });
      writer.gap(4);
    });
  }
  if (shareLine) {
    writer.ensure(shareHeight);
    writer.gap(8);
    flowText(ctx, shareLine, { font: fonts.bold, size: 9 });
  }
}

// ─── The document ───────────────────────────────────────────────────────────────────────────────

/** The logo as an image, or none when it can't be read (the report goes out without it). */
async function embedLogo(doc: PDFDocument, png: Uint8Array | null | undefined) {
  if (!png) return null;
  try {
    return await doc.embedPng(png);
  } catch {
    return null;
  }
}

/** The damage report as PDF bytes. */
export async function renderReportPdf(raw: ReportPdfInput): Promise<Uint8Array> {
  const input: ReportPdfInput = {
    ...raw,
    preparedFor: withoutEmoji(raw.preparedFor),
    vehicle: {
      ...raw.vehicle,
      title: withoutEmoji(raw.vehicle.title),
      nickname: withoutEmojiOrNull(raw.vehicle.nickname),
      vin: withoutEmojiOrNull(raw.vehicle.vin),
      plate: withoutEmojiOrNull(raw.vehicle.plate),
    },
  };
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const draft = input.status === "needs_review";

  doc.setTitle(metadataText(`Damage estimate \u2014 ${input.vehicle.title}`));
  doc.setAuthor("FleetAssist");
  doc.setSubject(metadataText(`Damage repair estimate, report ${input.reportId}`));
  doc.setCreator("FleetAssist");
  doc.setProducer("FleetAssist");
  doc.setCreationDate(input.generatedAt);
  doc.setModificationDate(input.generatedAt);

  const writer = new PageWriter(doc, fonts.regular, fonts.bold, LAYOUT, (page, index) => {
    const below =
      index === 0 ? drawFirstPageHeader(page, fonts, input) : drawRunningHeader(page, fonts, input);
    if (draft) drawDraftBanner(page, fonts, below);
    return draft ? below - DRAFT_BANNER_HEIGHT : below;
  });

  const severityOf = new Map<number, Severity>();
  for (const photo of input.photos) {
    for (const box of photo.boxes) {
      if (!severityOf.has(box.number)) severityOf.set(box.number, box.severity);
    }
  }
  const logo = await embedLogo(doc, input.logoPng);
  const ctx: Context = { doc, fonts, writer, input, draft, severityOf, logo };

  drawVehicleAndParties(ctx);
  drawSummary(ctx);
  drawDiagramSection(ctx);
  drawFindings(ctx);
  drawOperationLines(ctx);
  drawTotals(ctx);
  if (input.estimate.costRaisers.length > 0) {
    sectionHeading(ctx, "What could raise the cost", 26);
    bulletList(ctx, input.estimate.costRaisers);
  }
  if (input.estimate.assumptions.length > 0) {
    sectionHeading(ctx, "Assumptions", 26);
    bulletList(ctx, input.estimate.assumptions);
  }
  await drawPhotos(ctx);
  drawEvidence(ctx);
  drawClosing(ctx);

  if (input.pageFooters === false) return doc.save();
  // Footer on every page, with a hairline above it.
  for (const page of doc.getPages()) {
    page.drawLine({
      start: { x: MARGIN_X, y: FOOTER_Y + 12 },
      end: { x: RIGHT, y: FOOTER_Y + 12 },
      thickness: 0.4,
      color: RULE,
    });
  }
  stampPageFooters(
    doc,
    fonts.regular,
    (page, count) => `Report ${input.reportId} \u00B7 Page ${page} of ${count}`,
    {
      y: FOOTER_Y,
      size: 8,
      maxWidth: CONTENT_WIDTH,
    },
  );

  return doc.save();
}
