/**
 * The guest-insurance claim letter as a PDF (US Letter, Helvetica): the letter with wrapped
 * paragraphs, a charges table with its total and the enclosures, then the evidence checklist on a
 * page of its own, with page numbers on every page.
 *
 * The PDF standard fonts only encode WinAnsi (Latin-1 plus a few typographic characters), and
 * pdf-lib throws on anything else. Everything drawn goes through `toWinAnsi` first, so an emoji,
 * Cyrillic name or bidi control in the host's input becomes a close Latin letter or "?", never a
 * crash.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { ClaimLetter, EvidenceItem } from "~/domain/insurance-claim-letter";

const PAGE_WIDTH = 612; // 8.5 in
const PAGE_HEIGHT = 792; // 11 in
const MARGIN_X = 72;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 56;
const FOOTER_Y = 32;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const BODY_SIZE = 11;
const LINE_HEIGHT = 15;
const PARAGRAPH_GAP = 8;

const INK = rgb(0.08, 0.1, 0.14);
const MUTED = rgb(0.35, 0.38, 0.44);
const RULE = rgb(0.75, 0.77, 0.8);
const SHADE = rgb(0.94, 0.95, 0.97);

/** Characters Helvetica's WinAnsi encoding has (the font's own list), by font. */
const charsets = new WeakMap<PDFFont, Set<number>>();

function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

const SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/;
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/;
const REPLACEMENTS: Record<string, string> = {
  "\u2212": "-", // minus sign
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2015": "-",
  "\u2032": "'",
  "\u2033": '"',
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2713": "v",
  "\u2714": "v",
  "\u2605": "*",
};

/**
 * `text` with every character the font can't encode replaced: spaces of all widths become a
 * space, invisible and bidi controls disappear, accented letters outside the set lose their
 * accents (ł stays "?", ő becomes "o"), a few symbols get ASCII stand-ins, the rest become "?".
 * Newlines and tabs are not drawable either: they become spaces (callers split lines first).
 */
export function toWinAnsi(text: string, font: PDFFont): string {
  const supported = charsetOf(font);
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (supported.has(code)) out += char;
    else if (char === "\n" || char === "\t" || char === "\r" || SPACES.test(char)) out += " ";
    else if (INVISIBLE.test(char) || code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (REPLACEMENTS[char]) out += REPLACEMENTS[char];
    else {
      const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out +=
        base !== "" && [...base].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? base : "?";
    }
  }
  return out;
}

/** `claim-letter-<guest>-<date>.pdf`, ASCII only: safe in a Content-Disposition header. */
export function claimLetterFilename(guestName: string, isoDate: string): string {
  const slug =
    guestName
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40)
      .replace(/-+$/, "") || "guest";
  const date = /^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? isoDate : "undated";
  return `claim-letter-${slug}-${date}.pdf`;
}

/** Splits `text` into lines no wider than `width`; over-long words are broken. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const words = text.split(/\s+/).filter((word) => word !== "");
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of words) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    if (fits(word)) {
      line = word;
      continue;
    }
    // A word wider than the line (a long URL, hostile input): break it by characters.
    let chunk = "";
    for (const char of word) {
      if (fits(chunk + char)) chunk += char;
      else {
        if (chunk !== "") lines.push(chunk);
        chunk = char;
      }
    }
    line = chunk;
  }
  if (line !== "") lines.push(line);
  return lines.length > 0 ? lines : [""];
}

interface TextOptions {
  font?: PDFFont;
  size?: number;
  x?: number;
  width?: number;
  color?: ReturnType<typeof rgb>;
  lineHeight?: number;
}

/** Draws top to bottom, starting a new page whenever the next line would not fit. */
class PageWriter {
  page: PDFPage;
  y: number;

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = this.addPage();
    this.y = PAGE_HEIGHT - MARGIN_TOP;
  }

  addPage(): PDFPage {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN_TOP;
    return this.page;
  }

  /** Makes room for `height` points, on a new page if needed. */
  ensure(height: number) {
    if (this.y - height < MARGIN_BOTTOM) this.addPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /** One line of text, never wrapped (the caller measured it). */
  line(text: string, options: TextOptions = {}) {
    const font = options.font ?? this.regular;
    const size = options.size ?? BODY_SIZE;
    const lineHeight = options.lineHeight ?? LINE_HEIGHT;
    this.ensure(lineHeight);
    this.page.drawText(toWinAnsi(text, font), {
      x: options.x ?? MARGIN_X,
      y: this.y - size,
      size,
      font,
      color: options.color ?? INK,
    });
    this.y -= lineHeight;
  }

  /** A wrapped paragraph; returns nothing, moves `y` below it. */
  paragraph(text: string, options: TextOptions = {}) {
    const font = options.font ?? this.regular;
    const size = options.size ?? BODY_SIZE;
    const x = options.x ?? MARGIN_X;
    const width = options.width ?? MARGIN_X + CONTENT_WIDTH - x;
    for (const line of wrapText(toWinAnsi(text, font), font, size, width)) {
      this.line(line, { ...options, font, size, x });
    }
  }
}

function drawCharges(writer: PageWriter, letter: ClaimLetter) {
  const { regular, bold } = writer;
  const amountWidth = 110;
  const descriptionWidth = CONTENT_WIDTH - amountWidth - 12;
  const right = MARGIN_X + CONTENT_WIDTH;
  const amountX = (text: string, font: PDFFont) =>
    right - 6 - font.widthOfTextAtSize(toWinAnsi(text, font), BODY_SIZE);

  // Keep the table on one page when it fits on one.
  const rowHeights = letter.charges.lines.map(
    (charge) =>
      wrapText(toWinAnsi(charge.description, regular), regular, BODY_SIZE, descriptionWidth)
        .length *
        LINE_HEIGHT +
      2,
  );
  const tableHeight = LINE_HEIGHT + 5 + rowHeights.reduce((sum, h) => sum + h, 0) + LINE_HEIGHT + 6;
  writer.ensure(Math.min(tableHeight, PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM));
  writer.page.drawRectangle({
    x: MARGIN_X,
    y: writer.y - LINE_HEIGHT - 3,
    width: CONTENT_WIDTH,
    height: LINE_HEIGHT + 4,
    color: SHADE,
  });
  writer.gap(1);
  const headerY = writer.y;
  writer.line("Item", { font: bold, x: MARGIN_X + 6 });
  writer.page.drawText("Amount", {
    x: amountX("Amount", bold),
    y: headerY - BODY_SIZE,
    size: BODY_SIZE,
    font: bold,
    color: INK,
  });
  writer.gap(4);

  for (const charge of letter.charges.lines) {
    const lines = wrapText(
      toWinAnsi(charge.description, regular),
      regular,
      BODY_SIZE,
      descriptionWidth,
    );
    writer.ensure(LINE_HEIGHT * Math.min(lines.length, 3));
    const firstY = writer.y;
    const firstPage = writer.page;
    lines.forEach((line) => writer.line(line, { x: MARGIN_X + 6 }));
    firstPage.drawText(toWinAnsi(charge.amount, regular), {
      x: amountX(charge.amount, regular),
      y: firstY - BODY_SIZE,
      size: BODY_SIZE,
      font: regular,
      color: INK,
    });
    writer.gap(2);
  }

  writer.ensure(LINE_HEIGHT + 6);
  writer.page.drawLine({
    start: { x: MARGIN_X, y: writer.y },
    end: { x: right, y: writer.y },
    thickness: 0.8,
    color: RULE,
  });
  writer.gap(5);
  const totalY = writer.y;
  writer.line("Total", { font: bold, x: MARGIN_X + 6 });
  writer.page.drawText(toWinAnsi(letter.charges.total, bold), {
    x: amountX(letter.charges.total, bold),
    y: totalY - BODY_SIZE,
    size: BODY_SIZE,
    font: bold,
    color: INK,
  });
}

function drawCheckbox(page: PDFPage, x: number, top: number, checked: boolean) {
  const size = 9;
  const y = top - size - 1;
  page.drawRectangle({ x, y, width: size, height: size, borderColor: INK, borderWidth: 0.8 });
  if (checked) {
    page.drawLine({
      start: { x: x + 1.8, y: y + 4.5 },
      end: { x: x + 3.8, y: y + 2 },
      thickness: 1.2,
      color: INK,
    });
    page.drawLine({
      start: { x: x + 3.8, y: y + 2 },
      end: { x: x + 7.6, y: y + 7.6 },
      thickness: 1.2,
      color: INK,
    });
  }
}

/** The letter and its evidence checklist as PDF bytes. */
export async function renderClaimLetterPdf(
  letter: ClaimLetter,
  checklist: readonly EvidenceItem[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(toWinAnsi(letter.subject, regular));
  doc.setSubject("Property damage claim letter");
  doc.setCreator("FleetAssist");
  doc.setProducer("FleetAssist");

  const writer = new PageWriter(doc, regular, bold);

  letter.senderLines.forEach((line, index) =>
    writer.paragraph(line, index === 0 ? { font: bold } : {}),
  );
  writer.gap(LINE_HEIGHT);
  writer.paragraph(letter.date);
  writer.gap(LINE_HEIGHT);
  letter.recipientLines.forEach((line) => writer.paragraph(line));
  writer.gap(LINE_HEIGHT);
  writer.paragraph(`Re: ${letter.subject}`, { font: bold });
  writer.gap(PARAGRAPH_GAP);

  const labelWidth = 130;
  for (const reference of letter.references) {
    const valueLines = wrapText(
      toWinAnsi(reference.value, regular),
      regular,
      BODY_SIZE,
      CONTENT_WIDTH - labelWidth,
    );
    writer.ensure(LINE_HEIGHT);
    const top = writer.y;
    const page = writer.page;
    valueLines.forEach((line) => writer.line(line, { x: MARGIN_X + labelWidth }));
    const label =
      wrapText(toWinAnsi(`${reference.label}:`, bold), bold, BODY_SIZE, labelWidth - 8)[0] ?? "";
    page.drawText(label, {
      x: MARGIN_X,
      y: top - BODY_SIZE,
      size: BODY_SIZE,
      font: bold,
      color: INK,
    });
  }
  writer.gap(LINE_HEIGHT);
  writer.paragraph(letter.salutation);
  writer.gap(PARAGRAPH_GAP);

  letter.sections.forEach((section, index) => {
    if (index > 0) {
      writer.ensure(LINE_HEIGHT * 3);
      writer.gap(4);
      writer.line(section.heading, { font: bold });
    }
    for (const paragraph of section.paragraphs) {
      writer.paragraph(paragraph);
      writer.gap(PARAGRAPH_GAP);
    }
    if (section.heading === "Damages") {
      drawCharges(writer, letter);
      writer.gap(LINE_HEIGHT);
    }
  });

  if (letter.enclosures.length > 0) {
    writer.ensure(LINE_HEIGHT * 2);
    writer.line("Enclosures:", { font: bold });
    for (const item of letter.enclosures) {
      writer.ensure(LINE_HEIGHT);
      writer.page.drawText("\u2022", {
        x: MARGIN_X + 4,
        y: writer.y - BODY_SIZE,
        size: BODY_SIZE,
        font: regular,
        color: INK,
      });
      writer.paragraph(item, { x: MARGIN_X + 16 });
    }
    writer.gap(PARAGRAPH_GAP);
  }

  writer.ensure(LINE_HEIGHT * (3 + letter.signatureLines.length));
  writer.gap(4);
  writer.line(letter.closing);
  writer.gap(LINE_HEIGHT * 2);
  letter.signatureLines.forEach((line, index) =>
    writer.paragraph(line, index === 0 ? { font: bold } : {}),
  );

  // The evidence checklist: a page of its own, for the host.
  writer.addPage();
  writer.line("Evidence checklist", { font: bold, size: 16, lineHeight: 24 });
  writer.paragraph(
    "For your records: send these with the letter. This page is not part of the letter.",
    { color: MUTED, size: 10, lineHeight: 14 },
  );
  writer.gap(PARAGRAPH_GAP);
  for (const item of checklist) {
    writer.ensure(LINE_HEIGHT * 2);
    drawCheckbox(writer.page, MARGIN_X, writer.y - 2, item.provided);
    const status = `${item.importance === "required" ? "Required" : "Recommended"}${item.provided ? ", you have it" : ""}`;
    writer.paragraph(`${item.label} (${status})`, { font: bold, x: MARGIN_X + 18 });
    writer.paragraph(item.detail, { x: MARGIN_X + 18, color: MUTED, size: 10, lineHeight: 14 });
    writer.gap(PARAGRAPH_GAP);
  }

  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const text = `Page ${index + 1} of ${pages.length}`;
    const size = 9;
    page.drawText(text, {
      x: (PAGE_WIDTH - regular.widthOfTextAtSize(text, size)) / 2,
      y: FOOTER_Y,
      size,
      font: regular,
      color: MUTED,
    });
  });

  return doc.save();
}
