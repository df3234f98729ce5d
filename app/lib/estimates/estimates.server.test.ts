/**
 * The estimate flow on a real SQLite database, the real file store and the local
 * OpenAI-compatible server: staging photos, the durable analysis job (success, retry, failure,
 * restart), review edits, finalizing, share links, tenancy and the PDF.
 */
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { loadAppModules, setUpTempDataDir, type AppModules } from "~/tests/support/app-modules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertOwner, SAMPLE_CAR, texturedJpeg } from "~/tests/support/rows";

setUpTempDataDir("estimates");

let m: AppModules;
let ai: { url: string; close: () => Promise<void>; requests: () => unknown[] };

const photo = texturedJpeg;
const createOwner = (name: string) => insertOwner(m.db, m.schema, name);

function addCar(accountId: string) {
  const result = m.vehicles.createVehicle(accountId, SAMPLE_CAR);
  if (!result.ok) throw new Error("vehicle not created");
  return result.vehicle;
}

async function stage(
  owner: { accountId: string; userId: string },
  seeds: number[],
  phase: "pre_trip" | "post_trip" = "post_trip",
) {
  const files = await Promise.all(
    seeds.map(async (seed) => new File([new Uint8Array(await photo(seed))], `p${seed}.jpg`)),
  );
  const { staged, rejections } = await m.photos.stageFiles(owner, files, phase);
  expect(rejections).toEqual([]);
  return staged;
}

/** A new owner's AI report on the sample car, of one post-trip photo (of `seed`), not yet analysed. */
async function aiReport(name: string, seed: number) {
  const owner = createOwner(name);
  const car = addCar(owner.accountId);
  const staged = await stage(owner, [seed]);
  const report = m.reports.createReport({
    ...owner,
    vehicleId: car.id,
    photoIds: staged.map((p) => p.id),
    mode: "ai",
  });
  return { owner, report };
}

function provider(scenario: string) {
  return m.vision.createOpenAiCompatibleProvider({
    baseUrl: `${ai.url}`,
    model: `scenario:${scenario}:${crypto.randomUUID()}`,
    timeoutMs: 5_000,
    concurrency: 2,
    maxAttempts: 1,
    backoffMs: 1,
  });
}

function row(reportId: string) {
  return m.db.db().select().from(m.schema.reports).where(eq(m.schema.reports.id, reportId)).get()!;
}

function claim(reportId: string) {
  const { reports } = m.schema;
  const report = row(reportId);
  const attempts = report.attempts + 1;
  m.db
    .db()
    .update(reports)
    .set({ status: "analyzing", attempts })
    .where(eq(reports.id, reportId))
    .run();
  return { ...report, status: "analyzing" as const, attempts };
}

beforeAll(async () => {
  process.env.AI_BASE_URL = "http://127.0.0.1:9/v1"; // "configured", so reports start in AI mode
  m = await loadAppModules();
  const { startAiServer } = await import("~/tests/support/ai-server.js");
  ai = await startAiServer();
});

afterAll(async () => {
  await ai.close();
});

describe("estimates on a real database", () => {
  it("stages photos, analyses them with the AI server and prices the reviewed findings", async () => {
    const owner = createOwner("hostA");
    const car = addCar(owner.accountId);
    const [before] = await stage(owner, [3], "pre_trip");
    const after = await stage(owner, [5, 7]);
    const report = m.reports.createReport({
      ...owner,
      vehicleId: car.id,
      photoIds: [before!.id, ...after.map((p) => p.id)],
      mode: "ai",
    });
    expect(report.status).toBe("queued");

    await m.worker.analyzeReport(claim(report.id), provider("recorded"));
    const analyzed = m.reports.loadReport(owner.accountId, report.id)!;
    expect(analyzed.report.status).toBe("needs_review");
    expect(analyzed.findings.length).toBeGreaterThan(0);
    for (const finding of analyzed.findings) {
      expect(finding.source).toBe("ai");
      expect(analyzed.photos.map((p) => p.id)).toContain(finding.photoId);
      // Damage seen on the pre-trip photo was already there.
      expect(finding.preExisting).toBe(finding.photoId === before!.id);
    }
    expect(analyzed.estimate!.totalCents).toBeGreaterThan(0);

    // Review: remove one, add one by hand, then finalize.
    const [first] = analyzed.findings;
    m.reportEdits.removeFinding(owner.accountId, report.id, first!.id);
    m.reportEdits.addFinding(owner.accountId, report.id, {
      panel: "hood",
      damageType: "dent",
      severity: "moderate",
      sizeCm: 5,
      preExisting: false,
    });
    const estimate = m.reportEdits.finalizeReport(owner.accountId, report.id);
    const done = m.reports.loadReport(owner.accountId, report.id)!;
    expect(done.report.status).toBe("complete");
    expect(done.report.totalCents).toBe(estimate.totalCents);
    expect(estimate.lines.some((line) => line.panel === "hood")).toBe(true);
    expect(() =>
      m.reportEdits.addFinding(owner.accountId, report.id, {
        panel: "roof",
        damageType: "dent",
        severity: "minor",
        preExisting: false,
      }),
    ).toThrow(/final/);

    // Another account sees nothing of it.
    const other = createOwner("hostB");
    expect(m.reports.loadReport(other.accountId, report.id)).toBeNull();
    expect(m.photos.accountPhoto(other.accountId, before!.id)).toBeUndefined();
    expect(() => m.shares.createShareLink(other.accountId, other.userId, report.id, 7)).toThrow();

    // The PDF is a real PDF with a page per section and photos.
    const pdf = await m.pdf.buildReportPdf(done, { showGps: false, preparedFor: "Host A" });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it("stores the AI's hail count, damaged sensor and cracked paint, and prices them", async () => {
    const { owner, report } = await aiReport("hostDetails", 11);
    await m.worker.analyzeReport(claim(report.id), provider("damage-details"));
    const analyzed = m.reports.loadReport(owner.accountId, report.id)!;
    const byPanel = Object.fromEntries(analyzed.findings.map((f) => [f.panel, f]));
    expect(JSON.parse(byPanel.hood!.hail!)).toEqual({
      dentCount: "16-30",
      dentSize: "quarter",
      oversizeDents: 2,
    });
    expect(byPanel["rear-bumper"]!.sensor).toBe("parking sensors");
    expect(byPanel["front-door-left"]!.paintCracked).toBe(true);
    // Details the AI gave for a scratch are not kept.
    expect(byPanel["front-door-right"]).toMatchObject({
      hail: null,
      sensor: null,
      paintCracked: false,
    });

    const lines = analyzed.estimate!.lines;
    const hood = lines.filter((line) => line.panel === "hood").map((line) => line.description);
    expect(hood.join(" ")).toMatch(/hail/i);
    const door = lines.filter((line) => line.panel === "front-door-left");
    // Cracked paint: repaired and refinished conventionally, never paintless.
    expect(door.some((line) => line.operation === "Refinish")).toBe(true);
    expect(door.some((line) => /paintless/i.test(line.description))).toBe(false);
    const sensor = lines.filter((line) => line.panel === "rear-bumper");
    expect(sensor.map((line) => line.description).join(" ")).toMatch(/parking sensor/i);
  });

  it("retries a provider outage, then fails with a readable reason", async () => {
    const { owner, report } = await aiReport("hostC", 11);

    await m.worker.analyzeReport(claim(report.id), provider("server-error"));
    expect(row(report.id).status).toBe("queued");
    expect(row(report.id).nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    for (let attempt = 2; attempt <= m.worker.MAX_JOB_ATTEMPTS; attempt++) {
      await m.worker.analyzeReport(claim(report.id), provider("server-error"));
    }
    const failed = row(report.id);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toMatch(/\w+/);
    expect(failed.failureReason).not.toMatch(/500|stack|Error:/);

    // The host takes over by hand: the report moves on to review.
    m.reportEdits.addFinding(owner.accountId, report.id, {
      panel: "front-bumper",
      damageType: "scratch",
      severity: "minor",
      preExisting: false,
    });
    expect(row(report.id).status).toBe("needs_review");
  });

  it("fails at once on an unreadable answer and never invents findings", async () => {
    const { report } = await aiReport("hostD", 13);
    await m.worker.analyzeReport(claim(report.id), provider("invalid-schema"));
    expect(row(report.id).status).toBe("failed");
    expect(m.reports.reportFindings(report.id)).toEqual([]);
  });

  it("re-queues analyses interrupted by a restart", async () => {
    const { report } = await aiReport("hostE", 17);
    claim(report.id);
    expect(row(report.id).status).toBe("analyzing");
    m.worker.startAnalysisWorker();
    m.worker.stopAnalysisWorker();
    // Resumed: queued again (or already picked up and failing over to the unreachable provider).
    expect(["queued", "analyzing", "failed"]).toContain(row(report.id).status);
    expect(row(report.id).status).not.toBe("needs_review");
  });

  it("share links open the complete report until revoked or expired", async () => {
    const owner = createOwner("hostF");
    const car = addCar(owner.accountId);
    const staged = await stage(owner, [19]);
    const report = m.reports.createReport({
      ...owner,
      vehicleId: car.id,
      photoIds: [staged[0]!.id],
      mode: "manual",
      findings: [
        { panel: "front-bumper", damageType: "scuff", severity: "minor", preExisting: false },
      ],
    });
    expect(report.status).toBe("needs_review");
    expect(() => m.shares.createShareLink(owner.accountId, owner.userId, report.id, 7)).toThrow(
      /Finalize/,
    );
    m.reportEdits.finalizeReport(owner.accountId, report.id);

    const { token, link } = m.shares.createShareLink(owner.accountId, owner.userId, report.id, 7);
    expect(m.shares.resolveShareToken(token)?.report.id).toBe(report.id);
    expect(
      m.shares.resolveShareToken(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A")),
    ).toBeNull();

    expect(m.shares.revokeShareLink(owner.accountId, report.id, link.id)).toBe(true);
    expect(m.shares.resolveShareToken(token)).toBeNull();

    const second = m.shares.createShareLink(owner.accountId, owner.userId, report.id, 30);
    m.db
      .db()
      .update(m.schema.shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(m.schema.shareLinks.id, second.link.id))
      .run();
    expect(m.shares.resolveShareToken(second.token)).toBeNull();
    expect(() => m.shares.createShareLink(owner.accountId, owner.userId, report.id, 3)).toThrow(
      /7, 30 or 90/,
    );
  });

  it("refuses photos that are not images, keeping the good ones", async () => {
    const owner = createOwner("hostG");
    const good = new File([new Uint8Array(await photo(23))], "good.jpg");
    const bad = new File([new TextEncoder().encode("<svg onload=alert(1)>")], "evil.jpg");
    const { staged, rejections } = await m.photos.stageFiles(owner, [good, bad], "post_trip");
    expect(staged).toHaveLength(1);
    expect(rejections).toEqual([expect.objectContaining({ fileName: "evil.jpg", status: 415 })]);
    // Stored under a server-generated name, with no EXIF left in the served copy.
    const stored = staged[0]!;
    expect(stored.storageKey).not.toContain("good");
    const bytes = await m.photos.readPhotoFile(stored, "display");
    const meta = await sharp(bytes!).metadata();
    expect(meta.exif).toBeUndefined();
  });
});
