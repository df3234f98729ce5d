import { LINE_CATEGORY_LABELS } from "~/domain/estimate/labels";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { marketplace } from "~/config/marketplace";
import { estimateRepair, type Estimate } from "~/domain/estimate/engine";
import { resolveRateCard } from "~/domain/estimate/rate-card";
import { DAMAGE_TYPES, PANELS, type Finding, type Vehicle } from "~/domain/estimate/taxonomy";
import { LOST_INCOME_RULE, RULES_AS_OF } from "~/domain/marketplace-rules";
import { formatCents } from "~/domain/money";
import { findingLabel } from "~/lib/estimates/finding-form";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { PhotoWithBoxes } from "./photo-with-boxes";
import { ReportDocument } from "./report-document";
import { REPORT_STATUS_LABELS, ReportStatusBadge } from "./status-badge";

// ─── A report as reportView() builds it, priced by the real engine ──────────────────────────────

const VEHICLE: Vehicle = {
  year: 2021,
  make: "Toyota",
  model: "Camry",
  bodyType: "sedan",
  priceClass: "mid",
  paintType: "metallic-pearl",
};

type ViewFinding = ReportView["findings"][number];
type ViewPhoto = ReportView["photos"][number];

const SHA = {
  pre: "1f0e3dad99908345f7439f8ffabdffc4a1e0d8c1b2a3f4e5d6c7b8a9f0e1d2c3",
  post1: "9c56cc51b374c3ba189210d5b6d4bf57790d351c96c47c02190ecf1e430635ab",
  post2: "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9",
};

const PHOTOS: ViewPhoto[] = [
  photo("p-pre", 1, "pre_trip", {
    capturedAt: "2026-11-17T10:05:00-08:00",
    originalSha256: SHA.pre,
    hashedBy: "server",
    gps: { lat: 37.774929, lng: -122.419416 },
    hasGps: true,
  }),
  photo("p-post-1", 2, "post_trip", {
    capturedAt: "2026-11-20T14:03:11-08:00",
    originalSha256: SHA.post1,
    hashedBy: "browser",
    gps: { lat: 37.80412, lng: -122.27111 },
    hasGps: true,
  }),
  photo("p-post-2", 3, "post_trip", {
    capturedAt: null,
    originalSha256: SHA.post2,
    hashedBy: "browser",
    gps: null,
    hasGps: false,
  }),
];

function photo(
  id: string,
  number: number,
  phase: ViewPhoto["phase"],
  extra: Pick<ViewPhoto, "capturedAt" | "originalSha256" | "hashedBy" | "gps" | "hasGps">,
): ViewPhoto {
  return {
    id,
    number,
    url: `/photos/${id}`,
    thumbUrl: `/photos/${id}?size=thumb`,
    width: 2048,
    height: 1536,
    phase,
    uploadedAt: "2026-11-21T09:12:40.000Z",
    originalBytes: 3_400_000,
    warnings: [],
    ...extra,
  };
}

interface SampleFinding extends Finding {
  source: "ai" | "host";
  preExisting: boolean;
}

const FINDINGS: SampleFinding[] = [
  {
    id: "f-bumper",
    panel: "rear-bumper",
    damageType: "dent",
    severity: "moderate",
    sizeCm: 12,
    confidence: 0.82,
    photoId: "p-post-1",
    box: { x: 0.1, y: 0.5, w: 0.3, h: 0.25 },
    source: "ai",
    preExisting: false,
  },
  {
    id: "f-quarter",
    panel: "quarter-panel-left",
    damageType: "scratch",
    severity: "moderate",
    sizeCm: 25,
    confidence: 0.74,
    photoId: "p-post-1",
    box: { x: 0.55, y: 0.2, w: 0.4, h: 0.15 },
    source: "ai",
    preExisting: false,
  },
  {
    id: "f-wheel",
    panel: "wheel-rear-left",
    damageType: "wheel-curb-rash",
    severity: "minor",
    confidence: 0.9,
    photoId: "p-post-2",
    box: { x: 0.3, y: 0.3, w: 0.2, h: 0.2 },
    source: "ai",
    preExisting: false,
  },
  {
    id: "f-door",
    panel: "front-door-left",
    damageType: "scratch",
    severity: "minor",
    sizeCm: 8,
    confidence: 1,
    photoId: "p-pre",
    box: { x: 0.4, y: 0.4, w: 0.2, h: 0.1 },
    source: "host",
    preExisting: true,
  },
];

function toView(finding: SampleFinding, index: number): ViewFinding {
  return {
    id: finding.id,
    number: index + 1,
    panel: finding.panel,
    panelLabel: PANELS[finding.panel].label,
    damageType: finding.damageType,
    damageLabel: DAMAGE_TYPES[finding.damageType].label,
    severity: finding.severity,
    label: findingLabel(finding),
    sizeCm: finding.sizeCm ?? null,
    confidence: finding.confidence,
    source: finding.source,
    preExisting: finding.preExisting,
    photoId: finding.photoId ?? null,
    photoNumber: PHOTOS.find((p) => p.id === finding.photoId)?.number ?? null,
    box: finding.box ?? null,
    note: null,
    hail: null,
    sensor: null,
    paintCracked: false,
    sameAsFindingId: null,
    repairedAt: null,
  };
}

const DISCLAIMERS = [
  "This is a photo-based estimate prepared with FleetAssist. It is not a repair order or a binding quote.",
  "Damage that can't be seen in photos is not priced.",
];

function sampleReport(
  options: {
    findings?: SampleFinding[];
    photos?: ViewPhoto[];
    status?: ReportView["status"];
    estimate?: Estimate | null;
  } = {},
): ReportView {
  const findings = options.findings ?? FINDINGS;
  const views = findings.map(toView);
  const priced = findings.filter((finding) => !finding.preExisting);
  // Like priceFindings(): pre-existing damage is shown but not charged.
  const estimate =
    options.estimate !== undefined
      ? options.estimate
      : estimateRepair({ vehicle: VEHICLE, findings: priced, rateCard: resolveRateCard("CA") });
  return {
    id: "rpt_8fK2xQ",
    revision: 1,
    status: options.status ?? "complete",
    mode: "ai",
    failureReason: null,
    aiModel: "vision-test",
    shareGps: false,
    createdAt: "2026-11-21T09:12:40.000Z",
    analyzedAt: "2026-11-21T09:13:30.000Z",
    completedAt: "2026-11-21T10:05:00.000Z",
    vehicle: {
      id: "veh_1",
      title: "2021 Toyota Camry SE",
      nickname: "Blue Camry",
      vin: "4T1G11AK5MU123456",
      plate: "8ABC123",
      bodyType: "sedan",
      bodyLabel: "Sedan",
      priceClassLabel: "Mid-range",
      paintLabel: "Metallic / pearl",
    },
    photos: options.photos ?? PHOTOS,
    findings: views,
    confidence:
      views.length === 0
        ? null
        : Math.min(...views.filter((f) => !f.preExisting).map((f) => f.confidence), 1),
    estimate,
    lostIncome: {
      marketplaceName: marketplace.name,
      rule: `days = labor hours ÷ ${LOST_INCOME_RULE.laborHoursPerDay}, rounded up, plus weekends`,
      asOf: RULES_AS_OF,
      caveat: LOST_INCOME_RULE.caveat,
    },
    disclaimers: DISCLAIMERS,
    business: { name: null, logoUrl: null },
    display: { timeZone: "America/Los_Angeles", units: "us" },
  };
}

// ─── Reading the HTML ──────────────────────────────────────────────────────────────────────────

function render(report: ReportView, props: { shareMode?: boolean; shareUrl?: string } = {}) {
  return renderToStaticMarkup(createElement(ReportDocument, { report, ...props }));
}

/** The visible text of an HTML fragment, entities decoded and whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The text of the element whose opening tag carries `attribute` (e.g. `data-line="line-3"`). */
function elementText(html: string, tag: string, attribute: string): string {
  const start = html.indexOf(attribute);
  expect(start, `no element with ${attribute}`).toBeGreaterThan(-1);
  const open = html.lastIndexOf(`<${tag}`, start);
  const close = html.indexOf(`</${tag}>`, start);
  return text(html.slice(open, close));
}

// ─── The report ────────────────────────────────────────────────────────────────────────────────

describe("ReportDocument", () => {
  const report = sampleReport();
  const estimate = report.estimate!;
  const html = render(report);
  const page = text(html);

  it("leads with the range, the total, labor hours and the lowest confidence", () => {
    expect(estimate.rangeDisplay).toMatch(/^\$[\d,]+–[\d,]+$/);
    expect(page).toContain(`Likely repair cost ${estimate.rangeDisplay}`);
    expect(page).toContain(`Estimate total ${formatCents(estimate.totalCents)}`);
    expect(page).toContain(`Labor ${estimate.laborHours} h`);
    // The weakest priced finding is the quarter panel at 74 %; the host's pre-existing 100 % is ignored.
    expect(page).toContain("Confidence 74%");
  });

  it("writes every operation line with its formula and amount, in the table and on phones", () => {
    expect(estimate.lines.length).toBeGreaterThan(5);
    for (const line of estimate.lines) {
      const row = elementText(html, "tr", `data-line="${line.id}"`);
      expect(row).toBe(
        `${line.operation} ${line.description} ${line.formula} ${formatCents(line.amountCents)}`,
      );
      const card = elementText(html, "li", `data-line-card="${line.id}"`);
      expect(card).toContain(line.formula);
      expect(card).toContain(formatCents(line.amountCents));
    }
  });

  it("lists only the non-zero subtotals, then the total", () => {
    expect(estimate.subtotals.parts).toBe(0); // no part lines in this sample
    expect(html).not.toContain('data-subtotal="parts"');
    const shown = (["labor", "paint", "materials", "sublet", "tax"] as const).filter(
      (category) => estimate.subtotals[category] > 0,
    );
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const category of shown) {
      const row = elementText(html, "div", `data-subtotal="${category}"`);
      expect(row).toContain(formatCents(estimate.subtotals[category]));
      // The same words as the PDF's subtotal rows.
      expect(row).toContain(LINE_CATEGORY_LABELS[category]);
    }
    expect(page).toContain(`Total ${formatCents(estimate.totalCents)} Likely range`);
    expect(page).toContain(`How we got this range`);
    expect(page).toContain(estimate.range.formula);
  });

  it("counts lost-income days by the marketplace rule", () => {
    const working = Math.ceil(estimate.laborHours / LOST_INCOME_RULE.laborHoursPerDay);
    expect(estimate.lostIncome.days).toBe(working + estimate.lostIncome.weekendDays);
    const days = estimate.lostIncome.days;
    expect(page).toContain(
      `${marketplace.name} lost-income rule (as of Nov 1, 2026): days = labor hours ÷ 4, rounded up, plus weekends → ${estimate.laborHours} h gives ${days} days`,
    );
    expect(page).toContain(`Lost income ${days} days`);
    expect(page).toContain(LOST_INCOME_RULE.caveat);
  });

  it("shows what could raise the cost, the assumptions and the disclaimers", () => {
    expect(estimate.costRaisers.length).toBeGreaterThan(0);
    expect(estimate.assumptions.length).toBeGreaterThan(0);
    for (const raiser of estimate.costRaisers) expect(page).toContain(raiser);
    for (const assumption of estimate.assumptions) expect(page).toContain(assumption);
    for (const disclaimer of DISCLAIMERS) expect(page).toContain(disclaimer);
    expect(page).toContain("Prepared with FleetAssist · report rpt_8fK2xQ");
  });

  it("says the numbers match boxes on the photos only when findings have boxes", () => {
    expect(page).toContain("Numbers match the boxes on the photos.");
    const handTagged = {
      ...report,
      findings: report.findings.map((finding) => ({ ...finding, box: null })),
    };
    expect(text(render(handTagged))).not.toContain("Numbers match the boxes");
  });

  it("marks pre-existing damage as not charged and the rest as priced", () => {
    expect(elementText(html, "tr", 'data-finding-row="4"')).toBe(
      "4 Left front door Scratch Photo 1 Minor 3.1 in 100% Host Already there — not charged",
    );
    for (const number of [1, 2, 3]) {
      expect(elementText(html, "tr", `data-finding-row="${number}"`)).toContain("New — priced");
    }
    expect(estimate.lines.some((line) => line.panel === "front-door-left")).toBe(false);
  });

  it("lists each photo's SHA-256, times and GPS for the owner", () => {
    expect(elementText(html, "tr", 'data-evidence="1"')).toBe(
      `Photo 1 3.4 MB original Pre-trip Nov 17, 2026 10:05 AM (-08:00) Nov 21, 2026 1:12 AM PST ${SHA.pre} of the original file, computed on our server on receipt 37.77493, -122.41942`,
    );
    const browser = elementText(html, "tr", 'data-evidence="2"');
    expect(browser).toContain(SHA.post1);
    expect(browser).toContain("of the original, computed in the browser before resizing");
    expect(browser).toContain("37.80412, -122.27111");
    expect(elementText(html, "tr", 'data-evidence="3"')).toContain("None in photo");
  });

  it("captions photos with capture and upload times and groups them before and after the trip", () => {
    expect(page).toContain(
      "Photo 2 · Post-trip · Taken Nov 20, 2026, 2:03 PM (-08:00) · Uploaded Nov 21, 2026, 1:12 AM PST",
    );
    expect(page).toContain("Photo 3 · Post-trip · No capture time in photo");
    expect(page.indexOf("Before the trip")).toBeGreaterThan(-1);
    expect(page.indexOf("Before the trip")).toBeLessThan(page.indexOf("After the trip"));
    const postOnly = text(render(sampleReport({ photos: PHOTOS.slice(1) })));
    expect(postOnly).not.toContain("Before the trip");
    expect(postOnly).not.toContain("After the trip");
  });

  it("has one h1 with the report title, captioned tables and scoped headers", () => {
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(text(html.slice(html.indexOf("<h1"), html.indexOf("</h1>")))).toBe(
      "Damage repair estimate 2021 Toyota Camry SE",
    );
    const tables = html.match(/<table[\s>]/g)?.length ?? 0;
    expect(tables).toBe(3);
    expect(html.match(/<caption[\s>]/g)).toHaveLength(tables);
    expect(html).not.toMatch(/<th(?=[\s>])(?![^>]*scope=)[^>]*>/);
    // The site's print CSS hides every <header> and <footer>; the report must not use them.
    expect(html).not.toMatch(/<(header|footer)[\s>]/);
  });

  it("names the business that prepared it, with its logo, only when the account set them", () => {
    expect(text(render(report))).not.toContain("Prepared by");
    const branded = render({
      ...report,
      business: {
        name: "Rivera Rentals LLC",
        logoUrl: "/logos/0123456789abcdef0123456789abcdef.png",
      },
    });
    expect(text(branded)).toContain("Prepared by Rivera Rentals LLC");
    expect(branded).toContain('src="/logos/0123456789abcdef0123456789abcdef.png"');
    expect(branded).toContain('alt="Rivera Rentals LLC logo"');
  });

  it("writes dates in the account's time zone", () => {
    const chicago = render({
      ...report,
      display: { timeZone: "America/Chicago", units: "metric" },
    });
    expect(text(chicago)).toContain("Created Nov 21, 2026, 3:12 AM CST");
  });

  it("renders the same text whatever the server's time zone (no hydration mismatch)", () => {
    const original = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Kiritimati";
      const east = render(report);
      process.env.TZ = "America/Los_Angeles";
      expect(render(report)).toBe(east);
      expect(text(east)).toContain("Created Nov 21, 2026, 1:12 AM PST");
    } finally {
      process.env.TZ = original;
    }
  });
});

describe("ReportDocument in share mode", () => {
  const report = sampleReport();
  // What reportView() gives a link that may not see positions: gps null, hasGps kept.
  const shared: ReportView = {
    ...report,
    photos: report.photos.map((p) => ({
      ...p,
      gps: null,
      warnings: [{ code: "too-dark" as const, message: "This photo looks too dark." }],
    })),
  };
  const html = render(shared, { shareMode: true, shareUrl: "https://example.test/share/abc" });

  it("withholds GPS the owner didn't share, and says when a photo had none", () => {
    expect(elementText(html, "tr", 'data-evidence="1"')).toContain("Withheld by the owner");
    expect(elementText(html, "tr", 'data-evidence="2"')).toContain("Withheld by the owner");
    expect(elementText(html, "tr", 'data-evidence="3"')).toContain("None in photo");
    expect(html).not.toContain("37.77493");
  });

  it("hides the owner's photo-quality warnings and prints the share link's address", () => {
    expect(text(html)).not.toContain("too dark");
    expect(html).toMatch(/<a href="https:\/\/example.test\/share\/abc" class="print-url/);
  });

  it("shows the owner their photo-quality warnings on screen, never in print", () => {
    expect(render(shared, { shareMode: false })).toMatch(
      /<span class="no-print[^"]*">This photo looks too dark\.<\/span>/,
    );
  });
});

describe("ReportDocument before the estimate exists", () => {
  it("says the analysis is running instead of showing numbers", () => {
    const page = text(render(sampleReport({ status: "analyzing", estimate: null })));
    expect(page).toContain("The photos are still being analyzed.");
    expect(page).toContain("Analyzing");
    expect(page).not.toContain("Repair operations");
  });

  it("says the host confirmed the damage when every priced finding is theirs", () => {
    const hostOnly = FINDINGS.map((finding) => ({ ...finding, source: "host" as const }));
    expect(text(render(sampleReport({ findings: hostOnly })))).toContain(
      "Confidence Confirmed by the host",
    );
  });

  it("marks a report under review as a draft", () => {
    const page = text(render(sampleReport({ status: "needs_review" })));
    expect(page).toContain("Needs review");
    expect(page).toContain("Draft.");
  });
});

describe("PhotoWithBoxes", () => {
  const views = FINDINGS.map(toView);
  const html = renderToStaticMarkup(
    createElement(PhotoWithBoxes, {
      photo: PHOTOS[1]!,
      boxes: [...views, { ...views[0]!, id: "no-box", number: 9, box: null }],
      alt: "Photo 2, after the trip",
    }),
  );

  it("draws a numbered, labeled box per finding at the box's position", () => {
    expect(html).toContain('aria-label="Finding 1: moderate dent, rear bumper"');
    expect(html).toContain('aria-label="Finding 2: moderate scratch, left quarter panel"');
    expect(html).toMatch(/data-finding="1"[^>]*style="left:10%;top:50%;width:30%;height:25%"/);
    expect(html).toMatch(/data-finding="2"[^>]*style="left:55%;top:20%;width:40%;height:15%"/);
    expect(html).not.toContain('data-finding="9"');
  });

  it("dashes pre-existing damage and says so in the label", () => {
    expect(html).toMatch(
      /aria-label="Finding 4: minor scratch, left front door \(already there before the trip\)"[^>]*class="[^"]*border-dashed/,
    );
    expect(html).toMatch(
      /data-finding="1"[^>]*class="(?=[^"]*border-solid)(?=[^"]*border-orange-600)/,
    );
  });

  it("reserves the photo's space, loads lazily and offers the thumbnail for small screens", () => {
    expect(html).toContain('width="2048" height="1536"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain("aspect-ratio:2048 / 1536");
    expect(html).toContain('srcSet="/photos/p-post-1?size=thumb 480w, /photos/p-post-1 2048w"');
  });
});

describe("ReportStatusBadge", () => {
  it("names every status in words", () => {
    expect(Object.values(REPORT_STATUS_LABELS)).toEqual([
      "Queued",
      "Analyzing",
      "Needs review",
      "Complete",
      "Failed",
    ]);
    const html = renderToStaticMarkup(createElement(ReportStatusBadge, { status: "failed" }));
    expect(text(html)).toBe("Failed");
  });
});
