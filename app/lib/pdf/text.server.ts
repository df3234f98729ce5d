/**
 * Text helpers shared by FleetAssist's pdf-lib documents (the claim letter, the damage report):
 * WinAnsi-safe text, line wrapping, a top-to-bottom page writer and page footers.
 *
 * The PDF standard fonts only encode WinAnsi (Latin-1 plus a few typographic characters), and
 * pdf-lib throws on anything else. Everything drawn goes through `toWinAnsi` first, so an emoji,
 * Cyrillic name or bidi control in the host's input becomes a close Latin letter or "?", never a
 * crash.
 */
import { rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from "pdf-lib";

/** The palette every FleetAssist PDF uses. */
export const PDF_COLORS = {
  ink: rgb(0.08, 0.1, 0.14),
  muted: rgb(0.35, 0.38, 0.44),
  rule: rgb(0.75, 0.77, 0.8),
  shade: rgb(0.94, 0.95, 0.97),
} as const;

/** Characters the font's WinAnsi encoding has (the font's own list), by font. */
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

const ELLIPSIS = "\u2026";

/** `text` (already WinAnsi) cut to fit `width`, ending in "…" when something was cut. */
export function truncateToWidth(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0) {
    chars.pop();
    const candidate = `${chars.join("").trimEnd()}${ELLIPSIS}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) return candidate;
  }
  return "";
}

/**
 * Sanitised, wrapped text of at most `maxLines` lines; the last one ends in "…" when text was
 * left out. For fields people type (a 10,000-character nickname shouldn't fill pages).
 */
export function wrapClamped(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  maxLines: number,
): string[] {
  const lines = wrapText(toWinAnsi(text, font), font, size, width);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  const last = kept.length - 1;
  kept[last] = truncateToWidth(`${kept[last] ?? ""}${ELLIPSIS}`, font, size, width);
  return kept;
}

export interface PageLayout {
  width: number;
  height: number;
  marginX: number;
  marginTop: number;
  marginBottom: number;
  /** Default text size and line advance. */
  bodySize: number;
  lineHeight: number;
}

export interface TextOptions {
  font?: PDFFont;
  size?: number;
  x?: number;
  width?: number;
  color?: RGB;
  lineHeight?: number;
}

/**
 * Draws top to bottom, starting a new page whenever the next line would not fit. `onNewPage`
 * (running headers, banners) runs for every page, the first included, and returns where the
 * content starts on it (a y coordinate); without it content starts at the top margin.
 */
export class PageWriter {
  page!: PDFPage;
  y = 0;
  /** Pages this writer added, in order (index 0 is the first). */
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly layout: PageLayout,
    private readonly onNewPage?: (page: PDFPage, index: number) => number,
  ) {
    this.addPage();
  }

  get right(): number {
    return this.layout.width - this.layout.marginX;
  }

  get contentWidth(): number {
    return this.layout.width - 2 * this.layout.marginX;
  }

  /** The lowest y content may reach. */
  get bottom(): number {
    return this.layout.marginBottom;
  }

  addPage(): PDFPage {
    this.page = this.doc.addPage([this.layout.width, this.layout.height]);
    this.pages.push(this.page);
    this.y = this.onNewPage
      ? this.onNewPage(this.page, this.pages.length - 1)
      : this.layout.height - this.layout.marginTop;
    return this.page;
  }

  /** Makes room for `height` points, on a new page if needed. */
  ensure(height: number) {
    if (this.y - height < this.layout.marginBottom) this.addPage();
  }

  gap(points: number) {
    this.y -= points;
  }

  /** One line of text, never wrapped (the caller measured it). */
  line(text: string, options: TextOptions = {}) {
    const font = options.font ?? this.regular;
    const size = options.size ?? this.layout.bodySize;
    const lineHeight = options.lineHeight ?? this.layout.lineHeight;
    this.ensure(lineHeight);
    this.page.drawText(toWinAnsi(text, font), {
      x: options.x ?? this.layout.marginX,
      y: this.y - size,
      size,
      font,
      color: options.color ?? PDF_COLORS.ink,
    });
    this.y -= lineHeight;
  }

  /** A wrapped paragraph; moves `y` below it. */
  paragraph(text: string, options: TextOptions = {}) {
    const font = options.font ?? this.regular;
    const size = options.size ?? this.layout.bodySize;
    const x = options.x ?? this.layout.marginX;
    const width = options.width ?? this.right - x;
    for (const line of wrapText(toWinAnsi(text, font), font, size, width)) {
      this.line(line, { ...options, font, size, x });
    }
  }
}

/**
 * Draws a footer line, centered, on every page of `doc` once all pages exist:
 * `text(pageNumber, pageCount)`, e.g. "Page 2 of 5".
 */
export function stampPageFooters(
  doc: PDFDocument,
  font: PDFFont,
  text: (pageNumber: number, pageCount: number) => string,
  options: { y: number; size: number; color?: RGB; maxWidth?: number },
) {
  const pages = doc.getPages();
  pages.forEach((page, index) => {
    const { width } = page.getSize();
    const line = truncateToWidth(
      toWinAnsi(text(index + 1, pages.length), font),
      font,
      options.size,
      options.maxWidth ?? width - 72,
    );
    page.drawText(line, {
      x: (width - font.widthOfTextAtSize(line, options.size)) / 2,
      y: options.y,
      size: options.size,
      font,
      color: options.color ?? PDF_COLORS.muted,
    });
  });
}
