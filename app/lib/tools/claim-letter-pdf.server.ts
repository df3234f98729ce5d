/**
 * The guest-insurance claim letter as a PDF (US Letter, Helvetica): the letter with wrapped
 * paragraphs, a charges table with its total and the enclosures, then the evidence checklist on a
 * page of its own, with page numbers on every page.
 *
 * Everything drawn goes through `toWinAnsi` (./pdf/text.server.ts) first, so an emoji, Cyrillic
 * name or bidi control in the host's input becomes a close Latin letter or "?", never a crash.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import type { ClaimLetter, EvidenceItem } from "~/domain/insurance-claim-letter";
import {
  PDF_COLORS,
  PageWriter,
  stampPageFooters,
  toWinAnsi,
  wrapText,
  type PageLayout,
} from "~/lib/pdf/text.server";

export { toWinAnsi, wrapText } from "~/lib/pdf/text.server";

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

const LAYOUT: PageLayout = {
  width: PAGE_WIDTH,
  height: PAGE_HEIGHT,
  marginX: MARGIN_X,
  marginTop: MARGIN_TOP,
  marginBottom: MARGIN_BOTTOM,
  bodySize: BODY_SIZE,
  lineHeight: LINE_HEIGHT,
};

const { ink: INK, muted: MUTED, rule: RULE, shade: SHADE } = PDF_COLORS;

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

  const writer = new PageWriter(doc, regular, bold, LAYOUT);

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

  stampPageFooters(doc, regular, (page, count) => `Page ${page} of ${count}`, {
    y: FOOTER_Y,
    size: 9,
  });

  return doc.save();
}
