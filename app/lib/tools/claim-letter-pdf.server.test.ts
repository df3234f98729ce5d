import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  buildClaimLetter,
  evidenceChecklist,
  type InsuranceClaimInput,
} from "~/domain/insurance-claim-letter";
import {
  claimLetterFilename,
  renderClaimLetterPdf,
  toWinAnsi,
  wrapText,
} from "./claim-letter-pdf.server";

const input: InsuranceClaimInput = {
  host: { name: "Sam Rivera", businessName: "Rivera Rentals LLC", email: "sam@example.com" },
  guest: { name: "Alex Chen" },
  insurer: { name: "Acme Mutual", policyNumber: "PA-123-456" },
  vehicle: { description: "2022 Tesla Model 3", vin: "5YJ3E1EA7NF000001" },
  trip: { reservationId: "R-98765", startDate: "2026-06-05", endDate: "2026-06-08" },
  incident: {
    date: "2026-06-07",
    location: "Santa Cruz, CA",
    description: "The rear bumper was scraped and cracked while parking.",
  },
  repairEstimateCents: 1_850_40,
  repairShop: "Bay Collision Center",
  additionalCharges: [{ description: "Towing", amountCents: 125_00 }],
  guestPlan: "declined",
  letterDate: "2026-06-10",
  evidence: { "pre-trip-photos": true },
};

const HOSTILE =
  "Zoë 😀 Łukasz Ωmega 你好 \u202Eevil\u202C \u0000\u0007 tab\there ‘quotes’ — € ✓ ≤ \uFEFF\u200B x\u00A0y";

async function render(letterInput: InsuranceClaimInput) {
  const bytes = await renderClaimLetterPdf(
    buildClaimLetter(letterInput),
    evidenceChecklist(letterInput),
  );
  const header = new TextDecoder().decode(bytes.slice(0, 5));
  const reloaded = await PDFDocument.load(bytes);
  return { bytes, header, pages: reloaded.getPageCount(), reloaded };
}

describe("renderClaimLetterPdf", () => {
  it("renders a US Letter PDF: the letter, then the checklist page", async () => {
    const { header, pages, reloaded } = await render(input);
    expect(header).toBe("%PDF-");
    expect(pages).toBeGreaterThanOrEqual(2);
    const size = reloaded.getPage(0).getSize();
    expect(size).toEqual({ width: 612, height: 792 });
    expect(reloaded.getTitle()).toContain("Property damage claim");
  });

  it("survives hostile Unicode everywhere", async () => {
    const hostile: InsuranceClaimInput = {
      ...input,
      host: { ...input.host, name: HOSTILE, address: HOSTILE },
      guest: { name: HOSTILE },
      insurer: { name: HOSTILE, policyNumber: "Ω-😀-1" },
      vehicle: { description: HOSTILE },
      trip: { ...input.trip, reservationId: "R-٣٤٥" },
      incident: { ...input.incident, description: `${HOSTILE}\n\n${HOSTILE}` },
      additionalCharges: [{ description: HOSTILE, amountCents: 1_00 }],
    };
    const { header, pages } = await render(hostile);
    expect(header).toBe("%PDF-");
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it("breaks long text over pages and wraps unbreakable words", async () => {
    const paragraph = "The guest reported a scrape on the rear bumper. ".repeat(30);
    const longInput: InsuranceClaimInput = {
      ...input,
      incident: {
        ...input.incident,
        description: [paragraph, paragraph, "x".repeat(600)].join("\n\n"),
      },
      additionalCharges: Array.from({ length: 10 }, (_, index) => ({
        description: `Charge ${index + 1}: ${"detail ".repeat(25)}`,
        amountCents: 10_00,
      })),
    };
    const { header, pages } = await render(longInput);
    expect(header).toBe("%PDF-");
    expect(pages).toBeGreaterThanOrEqual(4);
  });
});

describe("toWinAnsi", () => {
  it("keeps WinAnsi text and replaces the rest", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(toWinAnsi("Café – “quoted” €5 ‘x’ …", font)).toBe("Café – “quoted” €5 ‘x’ …");
    expect(toWinAnsi("Zoë 😀 Łukasz ő", font)).toBe("Zoë ? ?ukasz o");
    expect(toWinAnsi("a\u202Eb\u200Bc\uFEFF\u0000d", font)).toBe("abcd");
    expect(toWinAnsi("a\u00A0b\u202Fc\td\ne", font)).toBe("a\u00A0b c d e");
    expect(toWinAnsi("≤ 3 → ✓ −1", font)).toBe("<= 3 -> v -1");
    expect(toWinAnsi("你好", font)).toBe("??");
    // Every result can be encoded.
    expect(() => font.encodeText(toWinAnsi(HOSTILE, font))).not.toThrow();
  });

  it("wraps to the width and breaks words longer than a line", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`short words here ${"W".repeat(200)}`, font, 11, 200);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(200);
    expect(wrapText("", font, 11, 200)).toEqual([""]);
  });
});

describe("claimLetterFilename", () => {
  it.each([
    ["Alex Chen", "2026-06-10", "claim-letter-alex-chen-2026-06-10.pdf"],
    ["Zoë O'Brien-Smith", "2026-06-10", "claim-letter-zoe-o-brien-smith-2026-06-10.pdf"],
    ['"; rm -rf / ; \r\nX-Evil: 1', "2026-06-10", "claim-letter-rm-rf-x-evil-1-2026-06-10.pdf"],
    ["你好", "2026-06-10", "claim-letter-guest-2026-06-10.pdf"],
    ["A".repeat(100), "not a date", `claim-letter-${"a".repeat(40)}-undated.pdf`],
  ])("%s → %s", (name, date, expected) => {
    const filename = claimLetterFilename(name, date);
    expect(filename).toBe(expected);
    expect(filename).toMatch(/^[a-z0-9.-]+$/);
  });
});
