/**
 * The evidence packet of a claim, one PDF for the adjuster: a cover with the claim, the trip and
 * the amounts; the evidence check; the timeline (trip, photos, every change of the claim); the
 * quotes and the invoice; then the estimate revision the claim stands on, page for page as its
 * own PDF (photos, before and after, with every original's SHA-256).
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { PageWriter, PDF_COLORS, stampPageFooters, type PageLayout } from "./text.server";

export interface PacketInput {
  title: string;
  generatedAt: string;
  facts: Array<[string, string]>;
  risks: string[];
  warnings: string[];
  /** Oldest first: "Nov 20, 2026, 10:00 AM MST — Trip started". */
  timeline: string[];
  quotes: string[];
  invoices: string[];
  /** The estimate revision's own PDF, appended whole; null for claims without one. */
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
  doc.setTitle(input.title);
  doc.setAuthor("FleetAssist");
  doc.setCreator("FleetAssist");
  const writer = new PageWriter(doc, regular, bold, LAYOUT);
  const heading = (text: string) => {
    writer.ensure(40);
    writer.gap(8);
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
  writer.gap(6);
  for (const [label, value] of input.facts) writer.paragraph(`${label}: ${value}`);

  heading("Evidence check");
  list(
    input.risks.map((risk) => `Risk: ${risk}`),
    "Every claimed part has photos inside their windows.",
  );
  if (input.warnings.length > 0) list(input.warnings, "");

  heading("Timeline");
  list(input.timeline, "No events recorded.");

  heading("Repair quotes");
  list(input.quotes, "No quotes recorded.");

  heading("Repair invoice");
  list(input.invoices, "No repair confirmed yet.");

  if (input.estimatePdf) {
    heading("The estimate");
    writer.paragraph(
      "The estimate revision this claim stands on follows, as issued (photos, lines and evidence).",
    );
    const estimate = await PDFDocument.load(input.estimatePdf);
    const pages = await doc.copyPages(estimate, estimate.getPageIndices());
    for (const page of pages) doc.addPage(page);
  }
  const packetPages = writer.pages.length;
  stampPageFooters(
    doc,
    regular,
    (page, count) => (page <= packetPages ? `Evidence packet \u00B7 page ${page} of ${count}` : ""),
    {
      y: 30,
      size: 8,
    },
  );
  return doc.save();
}
