import { LINE_CATEGORY_LABELS } from "~/domain/estimate/labels";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFRawStream,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from "pdf-lib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { estimateRepair, type Estimate } from "~/domain/estimate/engine";
import { resolveRateCard } from "~/domain/estimate/rate-card";
import type { Finding } from "~/domain/estimate/taxonomy";
import { formatCents } from "~/domain/money";
import {
  formatCapturedAt,
  renderReportPdf,
  type ReportPdfInput,
  type ReportPdfPhoto,
} from "./report-pdf.server";

// ─── Reading text back out of the PDF ───────────────────────────────────────────────────────────

/** WinAnsi bytes 0x80–0x9F that are not Latin-1. */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: "€",
  0x82: "‚",
  0x83: "ƒ",
  0x84: "„",
  0x85: "…",
  0x86: "†",
  0x87: "‡",
  0x88: "ˆ",
  0x89: "‰",
  0x8a: "Š",
  0x8b: "‹",
  0x8c: "Œ",
  0x8e: "Ž",
  0x91: "‘",
  0x92: "’",
  0x93: "“",
  0x94: "”",
  0x95: "•",
  0x96: "–",
  0x97: "—",
  0x98: "˜",
  0x99: "™",
  0x9a: "š",
  0x9b: "›",
  0x9c: "œ",
  0x9e: "ž",
  0x9f: "Ÿ",
};

interface TextRun {
  text: string;
  font: string;
  size: number;
  x: number;
  y: number;
}

/**
 * Every `<hex> Tj` the page draws, with its font, size and position: how pdf-lib writes text
 * with the standard fonts (one run per drawText call).
 */
function textRuns(doc: PDFDocument, page: PDFPage): TextRun[] {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref))
      : [contents];
  const runs: TextRun[] = [];
  let font = "";
  let size = 0;
  let x = 0;
  let y = 0;
  const operator =
    /\/(\S+) ([\d.]+) Tf|(\S+) (\S+) (\S+) (\S+) (\S+) (\S+) Tm|<([0-9A-Fa-f]*)> Tj/g;
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
    for (const match of content.matchAll(operator)) {
      if (match[1] !== undefined) {
        font = match[1].replace(/-\d+$/, "");
        size = Number(match[2]);
      } else if (match[3] !== undefined) {
        x = Number(match[7]);
        y = Number(match[8]);
      } else {
        const hex = match[9] ?? "";
        let text = "";
        for (let index = 0; index < hex.length; index += 2) {
          const byte = parseInt(hex.slice(index, index + 2), 16);
          text += WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte);
        }
        runs.push({ text, font, size, x, y });
      }
    }
  }
  return runs;
}

/** Whether a page draws an image (a photo, the logo): its content stream uses `Do`. */
function drawsImage(doc: PDFDocument, page: PDFPage): boolean {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref))
      : [contents];
  return streams.some(
    (stream) =>
      stream instanceof PDFRawStream &&
      /\/\S+ Do\b/.test(Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1")),
  );
}

interface Rendered {
  bytes: Uint8Array;
  doc: PDFDocument;
  pages: TextRun[][];
  /** All text of a page, runs joined by newlines. */
  pageText: string[];
  allText: string;
}

async function render(input: ReportPdfInput): Promise<Rendered> {
  const bytes = await renderReportPdf(input);
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages().map((page) => textRuns(doc, page));
  const pageText = pages.map((runs) => runs.map((run) => run.text).join("\n"));
  return { bytes, doc, pages, pageText, allText: pageText.join("\n") };
}

const hasPdftotext = spawnSync("pdftotext", ["-v"]).error === undefined;

/** poppler's reading of the PDF, as an independent check that real viewers see the text. */
function pdftotext(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), "report-pdf-"));
  try {
    const file = path.join(dir, "report.pdf");
    writeFileSync(file, bytes);
    const result = spawnSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
    expect(result.status).toBe(0);
    return result.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ─── A realistic report ─────────────────────────────────────────────────────────────────────────

const FINDINGS: Finding[] = [
  {
    id: "f1",
    panel: "front-bumper",
    damageType: "scratch",
    severity: "moderate",
    sizeCm: 18,
    confidence: 0.86,
  },
  {
    id: "f2",
    panel: "front-door-left",
    damageType: "dent",
    severity: "moderate",
    sizeCm: 12,
    confidence: 0.74,
  },
  {
    id: "f3",
    panel: "wheel-front-left",
    damageType: "wheel-curb-rash",
    severity: "minor",
    confidence: 1,
  },
];

const estimate: Estimate = estimateRepair({
  vehicle: {
    year: 2021,
    make: "Toyota",
    model: "Camry",
    bodyType: "sedan",
    priceClass: "mid",
    paintType: "metallic-pearl",
  },
  findings: FINDINGS,
  rateCard: resolveRateCard("CA"),
});

const SHA = "3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a19";
let jpegs: Uint8Array[] = [];

beforeAll(async () => {
  const colors = [
    { r: 150, g: 160, b: 170 },
    { r: 60, g: 70, b: 90 },
    { r: 200, g: 40, b: 40 },
  ];
  jpegs = await Promise.all(
    colors.map(
      async (background) =>
        new Uint8Array(
          await sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
            .jpeg()
            .toBuffer(),
        ),
    ),
  );
});

function photo(number: number, fields: Partial<ReportPdfPhoto> = {}): ReportPdfPhoto {
  return {
    id: `photo-${number}`,
    number,
    jpeg: jpegs[number % jpegs.length] ?? new Uint8Array(),
    width: 1600,
    height: 1200,
    phase: number === 1 ? "pre_trip" : "post_trip",
    capturedAt: "2026-11-20T14:03:11-08:00",
    uploadedAt: new Date("2026-11-21T09:12:45Z"),
    sha256: SHA,
    gps: { lat: 37.774929, lng: -122.419416 },
    showGps: true,
    boxes:
      number === 2
        ? [
            { number: 1, severity: "moderate", box: { x: 0.1, y: 0.4, w: 0.35, h: 0.2 } },
            { number: 2, severity: "moderate", box: { x: 0.55, y: 0.05, w: 0.4, h: 0.5 } },
            { number: 3, severity: "minor", box: { x: 0.8, y: 0.8, w: 0.2, h: 0.2 } },
          ]
        : [],
    ...fields,
  };
}

function reportInput(fields: Partial<ReportPdfInput> = {}): ReportPdfInput {
  return {
    reportId: "RPT-2026-0042",
    generatedAt: new Date("2026-11-21T10:00:00Z"),
    createdAt: new Date("2026-11-21T09:10:00Z"),
    completedAt: new Date("2026-11-21T09:40:00Z"),
    status: "complete",
    preparedFor: "Rivera Rentals LLC",
    timeZone: "America/Los_Angeles",
    units: "us",
    vehicle: {
      title: "2021 Toyota Camry SE",
      nickname: "Blue Bird",
      vin: "4T1G11AK5MU123456",
      plate: "8ABC123",
      bodyLabel: "Sedan",
      priceClassLabel: "Mid-range",
      paintLabel: "Metallic / pearl",
    },
    estimate,
    findings: [
      {
        number: 1,
        label: "Moderate scratch",
        panelLabel: "Front bumper",
        sizeCm: 18,
        confidence: 0.86,
        source: "ai",
        photoNumber: 2,
        preExisting: false,
      },
      {
        number: 2,
        label: "Moderate dent",
        panelLabel: "Left front door",
        sizeCm: 12,
        confidence: 0.74,
        source: "ai",
        photoNumber: 2,
        preExisting: false,
      },
      {
        number: 3,
        label: "Minor wheel curb rash",
        panelLabel: "Left front wheel and tire",
        confidence: 1,
        source: "host",
        photoNumber: 2,
        preExisting: false,
      },
    ],
    photos: [photo(1), photo(2)],
    lostIncome: {
      marketplaceName: "Turo",
      rule: "days = labor hours ÷ 4, rounded up, plus weekends",
      asOf: "2026-11-01",
    },
    disclaimers: ["This is an estimate from photos, not a repair invoice."],
    shareUrl: "https://fleetassist.app/r/8f3k2j9d0a7s",
    ...fields,
  };
}

/** Every text run lies inside the side margins and on the page. */
function expectInsidePage(rendered: Rendered, fonts: Record<string, PDFFont>) {
  rendered.pages.forEach((runs, pageIndex) => {
    for (const run of runs) {
      const font = fonts[run.font];
      expect(font, `font ${run.font}`).toBeDefined();
      const width = font?.widthOfTextAtSize(run.text, run.size) ?? 0;
      const where = `page ${pageIndex + 1}: "${run.text.slice(0, 40)}"`;
      expect(run.x, where).toBeGreaterThanOrEqual(48 - 0.01);
      expect(run.x + width, where).toBeLessThanOrEqual(612 - 48 + 0.01);
      expect(run.y, where).toBeGreaterThan(20);
      expect(run.y + run.size, where).toBeLessThanOrEqual(792);
    }
  });
}

async function standardFonts(): Promise<Record<string, PDFFont>> {
  const scratch = await PDFDocument.create();
  return {
    Helvetica: await scratch.embedFont(StandardFonts.Helvetica),
    "Helvetica-Bold": await scratch.embedFont(StandardFonts.HelveticaBold),
    Courier: await scratch.embedFont(StandardFonts.Courier),
  };
}

// ─── Tests ──────────────────────────────────────────────────────────────────────────────────────

describe("renderReportPdf", () => {
  it("renders a loadable US Letter PDF with its metadata", async () => {
    const { bytes, doc } = await render(reportInput());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(doc.getTitle()).toBe("Damage estimate \u2014 2021 Toyota Camry SE");
    expect(doc.getAuthor()).toBe("FleetAssist");
    expect(doc.getCreationDate()?.toISOString()).toBe("2026-11-21T10:00:00.000Z");
  });

  it("puts the range, total, hours and days on page 1", async () => {
    const { pageText } = await render(reportInput());
    const first = pageText[0] ?? "";
    expect(first).toContain(estimate.rangeDisplay);
    expect(first).toContain(formatCents(estimate.totalCents));
    expect(first).toContain("Estimate total".toUpperCase());
    expect(first).toContain(`${estimate.laborHours} h`);
    expect(first).toContain(`${estimate.lostIncome.days} days`);
    expect(first).toContain("rounded up, plus weekends");
    expect(first).toContain("Nov 1, 2026");
    expect(first).toContain("Report RPT-2026-0042");
    expect(first).toContain("Created Nov 21, 2026, 1:10 AM PST");
    expect(first).toContain("\u201CBlue Bird\u201D");
    expect(first).toContain("4T1G11AK5MU123456");
    // The findings: confidence for AI findings, none for the host's.
    expect(first).toContain("86%");
    expect(first).toContain("Host");
  });

  it("makes every dollar traceable: each line's formula and amount, subtotals, total, range", async () => {
    const { allText } = await render(reportInput());
    for (const line of estimate.lines) {
      expect(allText).toContain(formatCents(line.amountCents));
      // The formula may wrap; its first word is on the line's first row.
      expect(allText).toContain(line.formula.split(" ")[0]);
    }
    expect(allText).toContain("1.5 h \u00D7 $73.59/h");
    // The same words as the web report's subtotal rows.
    for (const category of ["labor", "paint", "tax"] as const) {
      expect(allText).toContain(LINE_CATEGORY_LABELS[category]);
    }
    expect(allText).toContain(formatCents(estimate.subtotals.paint));
    expect(allText).toContain(formatCents(estimate.subtotals.tax));
    // Parts are $0 on this estimate: no parts subtotal row.
    expect(estimate.subtotals.parts).toBe(0);
    expect(allText.split("\n")).not.toContain("Parts");
    expect(allText).toContain("Likely range");
    expect(allText).toContain("How the range is worked out: low = total");
    expect(allText).toContain(estimate.costRaisers[0]?.split(" ").slice(0, 4).join(" "));
    expect(allText).toContain("Sales tax is California");
  });

  it("names the revision by the title, and a newer final one when superseded", async () => {
    const plain = await render(reportInput());
    expect(plain.pageText[0]).not.toContain("Revision");
    const current = await render(reportInput({ revision: { number: 2, supersededBy: null } }));
    expect(current.pageText[0]).toContain("Report RPT-2026-0042 \u00B7 Revision 2");
    expect(current.allText).not.toContain("Superseded");
    const old = await render(reportInput({ revision: { number: 1, supersededBy: 3 } }));
    expect(old.pageText[0]).toContain("Report RPT-2026-0042 \u00B7 Revision 1");
    expect(old.pageText[0]).toContain("Superseded by revision 3");
    expectInsidePage(old, await standardFonts());
  });

  it("numbers every page and marks a draft on every page", async () => {
    const complete = await render(reportInput());
    const draft = await render(reportInput({ status: "needs_review", completedAt: null }));
    for (const rendered of [complete, draft]) {
      const count = rendered.pageText.length;
      rendered.pageText.forEach((text, index) =>
        expect(text).toContain(`Report RPT-2026-0042 \u00B7 Page ${index + 1} of ${count}`),
      );
    }
    expect(draft.pageText.every((text) => text.includes("DRAFT \u2014 not yet reviewed"))).toBe(
      true,
    );
    expect(draft.pageText[0]).toContain("Draft \u2014 awaiting review");
    expect(complete.allText).not.toContain("DRAFT");
    expect(complete.pageText[0]).toContain("Reviewed and complete");
    expect(complete.pageText[0]).toContain("Completed Nov 21, 2026, 1:40 AM PST");

    if (hasPdftotext) {
      const text = pdftotext(draft.bytes);
      expect(text).toContain("DRAFT \u2014 not yet reviewed");
      expect(text).toContain(estimate.rangeDisplay);
      expect(text).not.toContain("DRAFT \u2014 not yet reviewed".repeat(2));
      expect(pdftotext(complete.bytes)).not.toContain("DRAFT");
    }
  });

  it("lays photos out two to a page, with captions, and the full hash in the evidence table", async () => {
    const none = await render(reportInput({ photos: [] }));
    const two = await render(reportInput());
    const six = await render(
      reportInput({ photos: [1, 2, 3, 4, 5, 6].map((number) => photo(number)) }),
    );
    expect(two.pageText.length).toBeGreaterThan(none.pageText.length);
    expect(six.pageText.length - two.pageText.length).toBe(2);
    expect(none.allText).not.toContain("Photo evidence");

    expect(two.allText).toContain("Photo 2 \u00B7 Post-trip");
    expect(two.allText).toContain(
      "Taken Nov 20, 2026, 2:03 PM (-08:00) \u00B7 Uploaded Nov 21, 2026, 1:12 AM PST \u00B7 SHA-256 3f2a9c1d8e7b\u2026",
    );
    expect(two.allText).toContain("Findings in this photo: 1 Moderate scratch, front bumper");
    // The 64 hex digits in Courier, over two lines of 32.
    const evidence = two.pages.flat().filter((run) => run.font === "Courier");
    expect(evidence.map((run) => run.text)).toContain(SHA.slice(0, 32));
    expect(evidence.map((run) => run.text)).toContain(SHA.slice(32));
    expect(two.allText).toContain("37.77493, -122.41942");
  });

  it("withholds GPS when the host chose not to show it", async () => {
    const { allText } = await render(
      reportInput({ photos: [photo(1, { showGps: false }), photo(2, { gps: null })] }),
    );
    expect(allText).not.toContain("37.77");
    expect(allText.split("\n")).toContain("withheld");
    expect(allText.split("\n")).toContain("not recorded");
  });

  it("says the numbers match boxes on the photos only when a photo has boxes", async () => {
    const handTagged = await render(reportInput({ photos: [photo(1, { boxes: [] })] }));
    expect(handTagged.allText).not.toContain("Numbers match the boxes");
    expect(handTagged.allText).toContain("Confidence is the AI's certainty");
    expect(handTagged.allText).not.toContain("Numbered boxes mark the findings");
    expect(handTagged.allText).not.toContain("Box colors:");
    const withBoxes = await render(reportInput({ photos: [photo(2)] }));
    expect(withBoxes.allText).toContain("Numbers match the boxes on the photos.");
    expect(withBoxes.allText).toContain("Numbered boxes mark the findings of the same number.");
    expect(withBoxes.allText).toContain("Box colors:");
  });

  it("leaves no nearly blank page and no heading alone at a page's bottom", async () => {
    const variants = {
      sample: reportInput(),
      handTagged: reportInput({ photos: [photo(1, { boxes: [] }), photo(3, { boxes: [] })] }),
      noPhotos: reportInput({ photos: [] }),
      manyPhotos: reportInput({ photos: Array.from({ length: 5 }, (_, i) => photo(i + 1)) }),
    };
    const headings =
      /^(Where the damage is|Findings \(\d+\)|Repair operations|What could raise the cost|Assumptions|Photos \(\d+\)|Photo evidence|Disclaimers)$/;
    for (const [name, input] of Object.entries(variants)) {
      const rendered = await render(input);
      if (process.env.REPORT_PDF_OUT) {
        writeFileSync(path.join(process.env.REPORT_PDF_OUT, `report-${name}.pdf`), rendered.bytes);
      }
      rendered.pages.forEach((runs, index) => {
        // Body text only: not the running header and footer.
        const body = runs.filter((run) => run.y > 54 && run.y < 792 - 46);
        const lowest = Math.min(...body.map((run) => run.y));
        const where = `${name}, page ${index + 1}`;
        // Some real content on every page: a photo, or text over more than a few lines.
        const highest = Math.max(...body.map((run) => run.y));
        if (!drawsImage(rendered.doc, rendered.doc.getPage(index))) {
          expect(highest - lowest, where).toBeGreaterThan(120);
        }
        for (const run of body) {
          if (headings.test(run.text)) {
            // A heading has text below it on its page.
            expect(run.y - lowest, `${where}: "${run.text}"`).toBeGreaterThan(10);
          }
        }
      });
    }
  }, 30_000);

  it("says withheld, not 'not recorded', for a position the report was built without", async () => {
    // What the report view hands over when GPS isn't shared: no position, but the photo had one.
    const { allText } = await render(
      reportInput({
        photos: [
          photo(1, { showGps: false, gps: null, hasGps: true }),
          photo(2, { showGps: false, gps: null, hasGps: false }),
        ],
      }),
    );
    const lines = allText.split("\n");
    expect(lines.filter((line) => line === "withheld")).toHaveLength(1);
    expect(lines.filter((line) => line === "not recorded")).toHaveLength(1);
  });

  it("calls the diagram drawer once, on page 1, with the reserved box", async () => {
    const calls: { page: PDFPage; box: { x: number; y: number; width: number; height: number } }[] =
      [];
    let firstPage: PDFPage | undefined;
    const { pageText } = await render(
      reportInput({
        drawDiagram: (page, box) => {
          calls.push({ page, box });
          firstPage ??= page.doc.getPage(0);
        },
      }),
    );
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.page).toBe(firstPage);
    expect(call?.box.height).toBeGreaterThanOrEqual(200);
    expect(call?.box.height).toBeLessThanOrEqual(220);
    expect(call?.box.x).toBeGreaterThanOrEqual(48);
    expect((call?.box.x ?? 0) + (call?.box.width ?? 0)).toBeLessThanOrEqual(564);
    expect(call?.box.y).toBeGreaterThanOrEqual(54);
    expect(pageText[0]).toContain("Where the damage is");

    const without = await render(reportInput());
    expect(without.allText).not.toContain("Where the damage is");
  });

  it("survives hostile text: emoji, right-to-left, a 10,000-character nickname", async () => {
    const hostile =
      "Zo\u00EB \u{1F600} \u0141ukasz \u05E9\u05DC\u05D5\u05DD \u0645\u0631\u062D\u0628\u0627 \u202Eevil\u202C \u4F60\u597D \u0000\u0007";
    const plain = await render(reportInput());
    const rendered = await render(
      reportInput({
        reportId: `R-${hostile}`,
        status: "needs_review",
        preparedFor: hostile.repeat(30),
        vehicle: {
          ...reportInput().vehicle,
          title: `2021 Toyota Camry \u{1F697}${hostile.repeat(8)}`,
          nickname: "\u{1F697}".repeat(10) + "x".repeat(10_000),
          plate: hostile,
        },
        findings: reportInput().findings.map((finding) => ({
          ...finding,
          label: hostile.repeat(5),
          panelLabel: hostile,
        })),
        disclaimers: [hostile.repeat(40), `${"y".repeat(3_000)}`],
        shareUrl: `https://fleetassist.app/r/${"a".repeat(400)}`,
        lostIncome: { marketplaceName: hostile, rule: hostile, asOf: hostile },
      }),
    );
    expect(rendered.doc.getTitle()).toContain("2021 Toyota Camry");
    const title = rendered.doc.getTitle() ?? "";
    expect([...title].some((char) => char < " " || char === "\u202E")).toBe(false);
    expectInsidePage(rendered, await standardFonts());
    // Typed text is clamped, so the report stays about as long as a normal one.
    expect(rendered.pageText.length).toBeLessThanOrEqual(plain.pageText.length + 2);
    expect(rendered.pageText[0]).toContain("\u2026");
    // Emoji are dropped from typed fields rather than printed as "?".
    expect(rendered.pageText[0]).toContain("\u201Cxxxx");
  });

  it("keeps every line of a normal report inside the margins", async () => {
    const rendered = await render(reportInput({ status: "needs_review" }));
    expectInsidePage(rendered, await standardFonts());
  });

  it("still renders when a photo file is damaged", async () => {
    const { allText } = await render(
      reportInput({ photos: [photo(1, { jpeg: new Uint8Array([1, 2, 3]) }), photo(2)] }),
    );
    expect(allText).toContain("Photo 1 can't be shown");
    expect(allText).toContain("Photo 2 \u00B7 Post-trip");
  });

  it("renders a report with no findings and no photos", async () => {
    const empty = estimateRepair({
      vehicle: estimate.vehicle,
      findings: [],
      rateCard: resolveRateCard("CA"),
    });
    const { allText, pageText } = await render(
      reportInput({ estimate: empty, findings: [], photos: [], shareUrl: null }),
    );
    expect(pageText.length).toBeGreaterThanOrEqual(1);
    expect(allText).toContain("No damage was recorded.");
    expect(allText).not.toContain("Share link");
  });

  it("paginates 60 operation lines and 30 photos, repeating the table header", async () => {
    const lines = Array.from({ length: 60 }, (_, index) => {
      const line = estimate.lines[index % estimate.lines.length];
      if (!line) throw new Error("the sample estimate has no lines");
      return {
        ...line,
        id: `line-${index + 1}`,
        description: `${line.description} (row-${index + 1})`,
        amountCents: 10_000 + index,
      };
    });
    const photos = Array.from({ length: 30 }, (_, index) => photo(index + 1));
    const started = performance.now();
    const rendered = await render(reportInput({ estimate: { ...estimate, lines }, photos }));
    const elapsed = performance.now() - started;
    console.info(
      `60 lines + 30 photos: ${Math.round(elapsed)} ms, ${rendered.pageText.length} pages`,
    );

    for (const line of lines) expect(rendered.allText).toContain(formatCents(line.amountCents));
    // Every page with operation rows starts the table with its header.
    const rowPages = rendered.pageText.filter((text) => /\(row-\d+\)/.test(text));
    expect(rowPages.length).toBeGreaterThan(1);
    for (const text of rowPages) expect(text).toContain("Hours \u00D7 rate / part");
    for (const { number } of photos) {
      expect(rendered.allText).toContain(`Photo ${number} \u00B7`);
    }
    // 30 photos at two a page.
    const photoPages = rendered.pageText.filter((text) => text.includes("Taken Nov 20, 2026"));
    expect(photoPages).toHaveLength(15);
    expectInsidePage(rendered, await standardFonts());
  }, 20_000);
});

describe("formatCapturedAt", () => {
  it.each([
    ["2026-11-20T14:03:11-08:00", false, "Nov 20, 2026, 2:03 PM (-08:00)"],
    ["2026-11-20T14:03:11-08:00", true, "Nov 20, 2026, 2:03:11 PM (-08:00)"],
    ["2026-11-20T14:03:11+0530", false, "Nov 20, 2026, 2:03 PM (+05:30)"],
    ["2026-11-20T14:03:11Z", false, "Nov 20, 2026, 2:03 PM (UTC)"],
    ["2026-01-05 07:08:09.123", true, "Jan 5, 2026, 7:08:09 AM (no time zone)"],
    ["2026-11-20T14:03", true, "Nov 20, 2026, 2:03:00 PM (no time zone)"],
  ])("%s (seconds: %s) → %s", (input, seconds, expected) => {
    expect(formatCapturedAt(input, seconds)).toEqual({ text: expected, known: true });
  });

  it("says when there is no capture time, and shows unreadable ones as written", () => {
    expect(formatCapturedAt(null)).toEqual({ text: "not recorded", known: false });
    expect(formatCapturedAt("  ")).toEqual({ text: "not recorded", known: false });
    expect(formatCapturedAt("2026:11:20 14:03:11")).toEqual({
      text: "2026:11:20 14:03:11",
      known: false,
    });
    expect(formatCapturedAt("2026-13-20T14:03:11").known).toBe(false);
  });
});

describe("the account's conventions", () => {
  it("writes every date in the account's time zone and sizes in its units", async () => {
    const chicago = await render(reportInput({ timeZone: "America/Chicago", units: "metric" }));
    expect(chicago.pageText[0]).toContain("Created Nov 21, 2026, 3:10 AM CST");
    expect(chicago.allText).toContain("Uploaded (CST)");
    expect(chicago.allText).toContain("3:12:45 AM");
    expect(chicago.pageText[0]).toContain("18 cm");
    const us = await render(reportInput());
    expect(us.pageText[0]).toContain("7.1 in");
  });

  it("prints the host's notes on the findings in full", async () => {
    const base = reportInput();
    const note =
      "Guest admitted backing into a bollard at the airport garage; see message thread of Nov 20.";
    const { allText } = await render({
      ...base,
      findings: base.findings.map((finding) =>
        finding.number === 2 ? { ...finding, note } : finding,
      ),
    });
    expect(allText.replace(/\s+/g, " ")).toContain(`Finding 2: Host's note: ${note}`);
  });

  it("never leaves a lone line on a page: not the share link, not one line of a paragraph", async () => {
    const sentence =
      "Damage that can't be seen in photos (brackets, sensors, frame, wiring) is not priced, and a teardown can still raise the cost. ";
    for (let count = 1; count <= 24; count++) {
      const disclaimers = Array.from({ length: count }, (_, i) => sentence.repeat(1 + (i % 3)));
      const { pageText } = await render(reportInput({ photos: [], disclaimers }));
      const last = (pageText.at(-1) ?? "")
        .split("\n")
        .filter((line) => !/^FleetAssist \u00B7|Report RPT-2026-0042/.test(line));
      expect(last.length, `${count} disclaimers: ${last.join(" | ")}`).toBeGreaterThan(1);
    }
  }, 30_000);

  it("draws the business logo beside Prepared for", async () => {
    const logoPng = new Uint8Array(
      await sharp({
        create: {
          width: 400,
          height: 100,
          channels: 4,
          background: { r: 0, g: 80, b: 160, alpha: 1 },
        },
      })
        .png()
        .toBuffer(),
    );
    const plain = await render(reportInput());
    const branded = await render(reportInput({ logoPng }));
    const images = (bytes: Uint8Array) =>
      (
        Buffer.from(bytes)
          .toString("latin1")
          .match(/\/Subtype\s*\/Image/g) ?? []
      ).length;
    expect(images(branded.bytes)).toBe(images(plain.bytes) + 1);
    // An unreadable logo is left out; the report still renders.
    const broken = await render(reportInput({ logoPng: new Uint8Array([1, 2, 3]) }));
    expect(images(broken.bytes)).toBe(images(plain.bytes));
  });
});
