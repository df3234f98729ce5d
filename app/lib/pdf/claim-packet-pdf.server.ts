/**
 * The evidence packet of a claim, one PDF for the adjuster: a cover with the trip, the car and
 * the amounts; the photos with their times and SHA-256 fingerprints; the timeline (trip, photos,
 * every change of the claim); the quotes and the invoice; then the estimate revision the claim
 * stands on, page for page as its own PDF. Facts only: one page counter runs through it all.
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { PageWriter, PDF_COLORS, stampPageFooters, type PageLayout } from "./text.server";

export interface PacketPhoto {
  /** "Photo 2, post-trip". */
  title: string;
  /** "Taken Nov 20, 2026, 2:03 PM MST (capture time recorded by the camera)". */
  time: string;
  sha256: string;
}

export interface PacketInput {
  title: string;
  generatedAt: string;
  facts: Array<[string, string]>;
  photos: PacketPhoto[];
  /** Oldest first: "Nov 20, 2026, 10:00 AM MST: Trip started". */
  timeline: string[];
  quotes: string[];
  invoices: string[];
  /** The estimate revision's own PDF (rendered without page footers), appended whole. */
  estimatePdf: Uint8Array | null;
}

const LAYOUT: PageLayout = {
  width: 612,
  height: 792,
  marginX: 54,
  marginTop: 60,
  marginBottom: 60,
  bodySize: 10,
  lineHeight: 14,
};

export async function renderClaimPacket(input: PacketInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  doc.setTitle(input.title);
  doc.setAuthor("FleetAssist");
  doc.setCreator("FleetAssist");
  const writer = new PageWriter(doc, regular, bold, LAYOUT);
  // A heading keeps its first lines with it: never alone at the bottom of a page.
  const heading = (text: string, keep = 3) => {
    writer.gap(10);
    writer.ensure(20 + keep * LAYOUT.lineHeight);
    writer.line(text, { font: bold, size: 13, lineHeight: 20 });
  };
  const list = (items: string[], empty: string) => {
    if (items.length === 0) writer.paragraph(empty, { color: PDF_COLORS.muted });
    for (const item of items) writer.paragraph(`\u2022 ${item}`);
  };

  writer.line(input.title, { font: bold, size: 18, lineHeight: 26 });
  writer.line(`Evidence packet generated ${input.generatedAt}`, {
    color: PDF_COLORS.muted,
    size: 9,
  });
  writer.gap(8);
  const labelWidth = 110;
  for (const [label, value] of input.facts) {
    const top = writer.y;
    writer.line(label, { font: bold });
    const after = writer.y;
    writer.y = top;
    writer.paragraph(value, { x: LAYOUT.marginX + labelWidth });
    writer.y = Math.min(writer.y, after);
  }
  if (input.estimatePdf) {
    writer.gap(6);
    writer.paragraph(
      "The estimate revision this claim stands on follows these pages as issued: its photos, repair lines and totals.",
      { color: PDF_COLORS.muted },
    );
  }

  if (input.photos.length > 0) {
    heading("Photos", 3);
    writer.paragraph(
      "Each photo's time and the SHA-256 fingerprint of the original file as uploaded: any copy can be checked against it.",
      { color: PDF_COLORS.muted },
    );
    for (const photo of input.photos) {
      // A photo's three lines stay together.
      writer.ensure(3 * LAYOUT.lineHeight + 6);
      writer.gap(6);
      writer.line(photo.title, { font: bold });
      writer.paragraph(photo.time);
      writer.line(`SHA-256 ${photo.sha256}`, { font: mono, size: 8 });
    }
  }

  heading("Timeline");
  list(input.timeline, "No events recorded.");

  heading("Repair quotes", 1);
  list(input.quotes, "No quotes recorded.");

  heading("Repair invoice", 1);
  list(input.invoices, "No repair confirmed yet.");

  if (input.estimatePdf) {
    const estimate = await PDFDocument.load(input.estimatePdf);
    const pages = await doc.copyPages(estimate, estimate.getPageIndices());
    for (const page of pages) doc.addPage(page);
  }
  stampPageFooters(
    doc,
    regular,
    (page, count) => `${input.title} \u00B7 Evidence packet \u00B7 Page ${page} of ${count}`,
    { y: 30, size: 8 },
  );
  return doc.save();
}
