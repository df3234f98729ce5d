import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFRawStream,
  StandardFonts,
  type PDFPage,
} from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { diagramLayout, markerPositions, type DiagramMarker } from "~/domain/estimate/diagram";
import { BODY_TYPES, type BodyType } from "~/domain/estimate/taxonomy";
import { drawVehicleDiagram, fitDiagram, type PdfBox } from "./vehicle-diagram.server";

const LETTER: [number, number] = [612, 792];
const BOX: PdfBox = { x: 54, y: 150, width: 504, height: 560 };

const markers: DiagramMarker[] = [
  { id: "1", panel: "hood", severity: "severe", label: "Severe dent, hood", number: 1 },
  { id: "2", panel: "front-door-left", severity: "moderate", label: "Dent", number: 2 },
  { id: "3", panel: "front-door-left", severity: "minor", label: "Scratch", number: 3 },
  {
    id: "4",
    panel: "rear-bumper",
    severity: "minor",
    label: "Scuff",
    status: "pre-existing",
    number: 14,
  },
  {
    id: "5",
    panel: "headlamp-right",
    severity: "moderate",
    label: "Crack",
    status: "repaired",
    number: 5,
  },
  { id: "6", panel: "wheel-rear-right", severity: "severe", label: "Tire", number: 120 },
  { id: "7", panel: "interior", severity: "minor", label: "Stain" },
  // Not on coupes and convertibles: skipped there, drawn on the others.
  { id: "8", panel: "rear-door-right", severity: "minor", label: "Rear door", number: 8 },
];

async function documentWith(bodyTypes: readonly BodyType[]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const bodyType of bodyTypes) {
    const page = doc.addPage(LETTER);
    drawVehicleDiagram(page, BOX, bodyType, markers, font);
  }
  return doc.save();
}

/** The page's decoded content stream (of a loaded document: streams are encoded on save). */
function contentOf(page: PDFPage): string {
  const contents = page.node.Contents();
  const parts =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
      : [contents];
  return parts
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => new TextDecoder().decode(decodePDFRawStream(stream).decode()))
    .join("\n");
}

const hasPdftoppm = spawnSync("pdftoppm", ["-v"]).error === undefined;

describe("fitDiagram", () => {
  it("keeps the aspect ratio and centers the layout in the box", () => {
    const layout = { width: 400, height: 600 };
    const wide = fitDiagram(layout, { x: 10, y: 20, width: 800, height: 300 });
    expect(wide.scale).toBeCloseTo(0.5);
    expect(wide.top).toBeCloseTo(320); // fills the height: top edge of the box
    expect(wide.x).toBeCloseTo(10 + (800 - 200) / 2);
    const tall = fitDiagram(layout, { x: 0, y: 0, width: 200, height: 1000 });
    expect(tall.scale).toBeCloseTo(0.5);
    expect(tall.x).toBeCloseTo(0);
    expect(tall.top).toBeCloseTo(500 + 150); // centered vertically
  });
});

describe("drawVehicleDiagram", () => {
  it("draws every body type, and the PDF reloads with a page each and real drawing on it", async () => {
    const bytes = await documentWith(BODY_TYPES);
    const reloaded = await PDFDocument.load(bytes);
    expect(reloaded.getPageCount()).toBe(BODY_TYPES.length);
    BODY_TYPES.forEach((bodyType, index) => {
      const content = contentOf(reloaded.getPage(index));
      const layout = diagramLayout(bodyType);
      // One fill-and-stroke ("B") per filled shape at least: every panel is drawn.
      const filled = content.match(/^B$/gm)?.length ?? 0;
      expect(filled, bodyType).toBeGreaterThanOrEqual(layout.panels.length);
      // Rounded corners and wheel arcs become Bézier curves.
      expect(content.match(/ c$/gm)?.length ?? 0, bodyType).toBeGreaterThan(100);
      // Captions and marker numbers are text.
      const texts = content.match(/\bBT\b/g)?.length ?? 0;
      const numbered = markers.filter(
        (m) => m.number !== undefined && layout.panels.some((p) => p.id === m.panel),
      ).length;
      expect(texts, bodyType).toBe(layout.captions.length + numbered);
      expect(content.length, bodyType).toBeGreaterThan(20_000);
    });
  });

  it("skips markers on panels the body lacks instead of failing", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const pages: [BodyType, DiagramMarker[]][] = [
      ["coupe", [markers[7]!]],
      ["coupe", []],
      ["sedan", [markers[7]!]],
      ["sedan", []],
    ];
    for (const [bodyType, list] of pages) {
      drawVehicleDiagram(doc.addPage(LETTER), BOX, bodyType, list, font);
    }
    // Content streams are encoded on save: read them back from the saved file.
    const reloaded = await PDFDocument.load(await doc.save());
    const content = pages.map((_, index) => contentOf(reloaded.getPage(index)));
    const texts = (text: string) => text.match(/\bBT\b/g)?.length ?? 0;
    expect(content[0]!.length).toBeGreaterThan(20_000);
    // A coupe has no rear doors: the page is exactly the one without markers.
    // (Each page names its font resource at random: compare without the name.)
    const withoutFontName = (text: string) => text.replace(/\/Helvetica-\d+/g, "/F");
    expect(withoutFontName(content[0]!)).toBe(withoutFontName(content[1]!));
    // A sedan has them: the marker and its number are drawn.
    expect(content[2]!.length).toBeGreaterThan(content[3]!.length);
    expect(texts(content[2]!) - texts(content[3]!)).toBe(1);
  });

  it("renders inside the box, with markers where the layout puts them (checked with pdftoppm when installed)", async () => {
    if (!hasPdftoppm) {
      // Nothing to rasterise with on this machine; the structural checks above still ran.
      expect(hasPdftoppm).toBe(false);
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), "diagram-pdf-"));
    try {
      writeFileSync(path.join(dir, "d.pdf"), await documentWith(["sedan"]));
      const run = spawnSync("pdftoppm", ["-png", "-r", "72", "-singlefile", "d.pdf", "page"], {
        cwd: dir,
      });
      expect(run.status).toBe(0);
      const { data, info } = await sharp(readFileSync(path.join(dir, "page.png")))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual(LETTER);
      const pixel = (px: number, py: number) => {
        const i = (Math.round(py) * info.width + Math.round(px)) * 3;
        return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
      };

      // Everything drawn lies inside the box, and the drawing fills it in one direction.
      let minX = Infinity;
      let maxX = -Infinity;
      let minY = Infinity;
      let maxY = -Infinity;
      for (let py = 0; py < info.height; py++) {
        for (let px = 0; px < info.width; px++) {
          const [r, g, b] = pixel(px, py);
          if (r < 245 || g < 245 || b < 245) {
            minX = Math.min(minX, px);
            maxX = Math.max(maxX, px);
            minY = Math.min(minY, py);
            maxY = Math.max(maxY, py);
          }
        }
      }
      const boxTop = LETTER[1] - (BOX.y + BOX.height);
      expect(minX).toBeGreaterThanOrEqual(BOX.x - 1);
      expect(maxX).toBeLessThanOrEqual(BOX.x + BOX.width + 1);
      expect(minY).toBeGreaterThanOrEqual(boxTop - 1);
      expect(maxY).toBeLessThanOrEqual(boxTop + BOX.height + 1);
      expect(maxY - minY).toBeGreaterThan(BOX.height * 0.9);

      // The severe marker on the hood is red where the layout says it is (y flipped correctly).
      const layout = diagramLayout("sedan");
      const hood = layout.panels.find((p) => p.id === "hood")!;
      const [spot] = markerPositions(layout, hood, 1);
      const fit = fitDiagram(layout, BOX);
      const px = fit.x + spot!.x * fit.scale;
      const py = LETTER[1] - (fit.top - spot!.y * fit.scale);
      // Sample beside the number, inside the square.
      const [r, g, b] = pixel(px - 4, py - 4);
      expect(r).toBeGreaterThan(180);
      expect(g).toBeLessThan(90);
      expect(b).toBeLessThan(90);
      // And the panel well away from the marker is the white hood.
      expect(pixel(px, py + 30)).toEqual([255, 255, 255]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
