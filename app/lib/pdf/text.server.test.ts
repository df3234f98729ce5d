import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { PageWriter, stampPageFooters, truncateToWidth, wrapClamped } from "./text.server";

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

const LAYOUT = {
  width: 612,
  height: 792,
  marginX: 72,
  marginTop: 64,
  marginBottom: 56,
  bodySize: 11,
  lineHeight: 15,
};

describe("truncateToWidth", () => {
  it("keeps text that fits and cuts the rest with an ellipsis", () => {
    expect(truncateToWidth("Short", font, 10, 200)).toBe("Short");
    const cut = truncateToWidth("A fairly long line of text to cut", font, 10, 60);
    expect(cut.endsWith("\u2026")).toBe(true);
    expect(font.widthOfTextAtSize(cut, 10)).toBeLessThanOrEqual(60);
    expect(truncateToWidth("Wide", font, 10, 1)).toBe("");
  });
});

describe("wrapClamped", () => {
  it("sanitises, wraps and stops after maxLines with an ellipsis", () => {
    const lines = wrapClamped(`\u{1F600} ${"word ".repeat(2_000)}`, font, 10, 200, 3);
    expect(lines).toHaveLength(3);
    expect(lines[0]?.startsWith("? word")).toBe(true);
    expect(lines[2]?.endsWith("\u2026")).toBe(true);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(wrapClamped("two words", font, 10, 200, 3)).toEqual(["two words"]);
  });
});

describe("PageWriter", () => {
  it("starts a new page when a line doesn't fit, running onNewPage for each page", async () => {
    const doc = await PDFDocument.create();
    const seen: number[] = [];
    const writer = new PageWriter(doc, font, font, LAYOUT, (_page, index) => {
      seen.push(index);
      return 700;
    });
    expect(writer.y).toBe(700);
    expect(writer.contentWidth).toBe(468);
    // (700 - 56) / 15 = 42.9: the 43rd line goes on page 2.
    for (let line = 0; line < 43; line += 1) writer.line(`Line ${line}`);
    expect(doc.getPageCount()).toBe(2);
    expect(seen).toEqual([0, 1]);
    expect(writer.pages).toHaveLength(2);
    expect(writer.y).toBe(700 - 15);
  });

  it("without onNewPage, starts at the top margin", async () => {
    const doc = await PDFDocument.create();
    const writer = new PageWriter(doc, font, font, LAYOUT);
    expect(writer.y).toBe(792 - 64);
    writer.paragraph("word ".repeat(200));
    expect(writer.y).toBeLessThan(792 - 64 - 15 * 5);
  });
});

describe("stampPageFooters", () => {
  it("draws one footer per page once all pages exist", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    const calls: string[] = [];
    stampPageFooters(
      doc,
      font,
      (page, count) => {
        calls.push(`${page}/${count}`);
        return `Page ${page} of ${count}`;
      },
      { y: 30, size: 9 },
    );
    expect(calls).toEqual(["1/2", "2/2"]);
  });
});
