/**
 * Report revisions on a real SQLite database: a finalized revision is frozen for its share links
 * and PDFs; editing opens the next one, priced with the same rates until the host re-prices.
 */
import {
  loadAppModules,
  dentedHoodReport,
  setUpTempDataDir,
  type AppModules,
} from "~/tests/support/app-modules";
import { beforeAll, describe, expect, it } from "vitest";

setUpTempDataDir("revisions");

let m: AppModules;

beforeAll(async () => {
  m = await loadAppModules();
});

/** A hand-tagged report with a dented hood on the sample car, in review. */
const taggedReport = (name: string) =>
  dentedHoodReport(m, name, { photoSeed: 5, note: "Hail-sized dent by the windshield" });

const setRates = (accountId: string, state: string, bodyCentsPerHour?: number) =>
  m.fleet.saveRateSettings(accountId, {
    state,
    overrides: bodyCentsPerHour ? { bodyLaborCentsPerHour: bodyCentsPerHour } : {},
  });

describe("report revisions", () => {
  it("finalizing freezes revision 1: its estimate, findings and rate inputs", async () => {
    const { owner, report } = await taggedReport("revA");
    setRates(owner.accountId, "TX");
    const estimate = m.reportEdits.finalizeReport(owner.accountId, report.id, owner.userId);
    const revision = m.revisions.getRevision(report.id, 1);
    expect(revision).toMatchObject({
      number: 1,
      totalCents: estimate.totalCents,
      lowCents: estimate.lowCents,
      highCents: estimate.highCents,
      finalizedByUserId: owner.userId,
    });
    expect(JSON.parse(revision!.ratesJson)).toEqual({ state: "TX", overrides: {} });
    const findings = m.revisions.revisionFindings(revision!);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ panel: "hood", note: "Hail-sized dent by the windshield" });
    expect(findings[0]!.createdAt).toBeInstanceOf(Date);
  });

  it("a share link keeps showing its revision while the next one is edited and after it is final", async () => {
    const { owner, report } = await taggedReport("revB");
    const first = m.reportEdits.finalizeReport(owner.accountId, report.id, owner.userId);
    const { token } = m.shares.createShareLink(owner.accountId, owner.userId, report.id, 30);

    expect(m.reportEdits.openNextRevision(owner.accountId, report.id)).toBe(2);
    // Opening twice doesn't skip a number.
    expect(m.reportEdits.openNextRevision(owner.accountId, report.id)).toBe(2);
    m.reportEdits.addFinding(owner.accountId, report.id, {
      panel: "front-bumper",
      damageType: "scratch",
      severity: "minor",
      preExisting: false,
    });

    // Draft revision 2: the link still answers with revision 1, unchanged.
    const shared = m.shares.resolveShareToken(token)!;
    const during = m.shares.loadSharedRevision(shared, null)!;
    expect(during.revision).toMatchObject({ number: 1, supersededBy: null });
    expect(during.estimate!.totalCents).toBe(first.totalCents);
    expect(during.findings.map((f) => f.panel)).toEqual(["hood"]);

    const second = m.reportEdits.finalizeReport(owner.accountId, report.id, owner.userId);
    expect(second.totalCents).toBeGreaterThan(first.totalCents);
    const after = m.shares.loadSharedRevision(m.shares.resolveShareToken(token)!, null)!;
    expect(after.revision).toMatchObject({ number: 1, supersededBy: 2 });
    expect(after.estimate!.totalCents).toBe(first.totalCents);
    const newer = m.shares.loadSharedRevision(m.shares.resolveShareToken(token)!, "2")!;
    expect(newer.revision).toMatchObject({ number: 2, supersededBy: null });
    expect(newer.findings.map((f) => f.panel)).toEqual(["hood", "front-bumper"]);
    // A revision that doesn't exist (or isn't final) is not found.
    expect(m.shares.loadSharedRevision(m.shares.resolveShareToken(token)!, "3")).toBeNull();
    expect(
      m.shares.loadSharedRevision(m.shares.resolveShareToken(token)!, "1; drop"),
    ).not.toBeNull();
  });

  it("the next revision keeps the last one's rates until the host re-prices", async () => {
    const { owner, report } = await taggedReport("revC");
    setRates(owner.accountId, "TX");
    const first = m.reportEdits.finalizeReport(owner.accountId, report.id);

    // The shop's rates go up after the estimate was sent.
    setRates(owner.accountId, "CA", 150_00);
    m.reportEdits.openNextRevision(owner.accountId, report.id);
    const repriced = m.reports.loadReport(owner.accountId, report.id)!;
    expect(repriced.estimate!.totalCents).toBe(first.totalCents);
    expect(m.reportEdits.finalizeReport(owner.accountId, report.id).totalCents).toBe(
      first.totalCents,
    );

    m.reportEdits.openNextRevision(owner.accountId, report.id);
    m.reportEdits.repriceAtCurrentRates(owner.accountId, report.id);
    const third = m.reportEdits.finalizeReport(owner.accountId, report.id);
    expect(third.totalCents).toBeGreaterThan(first.totalCents);
    expect(JSON.parse(m.revisions.getRevision(report.id, 3)!.ratesJson)).toEqual({
      state: "CA",
      overrides: { bodyLaborCentsPerHour: 150_00 },
    });
  });

  it("a new share link made while the next revision is a draft shares the newest final one", async () => {
    const { owner, report } = await taggedReport("revD");
    expect(() => m.shares.createShareLink(owner.accountId, owner.userId, report.id, 7)).toThrow(
      /Finalize/,
    );
    m.reportEdits.finalizeReport(owner.accountId, report.id);
    m.reportEdits.openNextRevision(owner.accountId, report.id);
    const { link } = m.shares.createShareLink(owner.accountId, owner.userId, report.id, 7);
    expect(link.revision).toBe(1);
  });

  it("the page says an open revision is priced with older rates only when the shop's rates changed", async () => {
    const { owner, report } = await taggedReport("revE");
    setRates(owner.accountId, "TX");
    m.reportEdits.finalizeReport(owner.accountId, report.id);
    const pageData = () =>
      m.revisionPage.revisionPageData(m.reports.getReport(owner.accountId, report.id)!);
    expect(pageData()).toMatchObject({ number: 1, draft: false, showHistory: false });

    m.reportEdits.openNextRevision(owner.accountId, report.id);
    expect(pageData()).toMatchObject({
      number: 2,
      draft: true,
      latestFinal: 1,
      showHistory: true,
      pinnedPricing: null,
    });

    setRates(owner.accountId, "TX", 150_00);
    const finalizedAt = m.revisions.getRevision(report.id, 1)!.finalizedAt.toISOString();
    expect(pageData().pinnedPricing).toEqual({
      revision: 1,
      regionName: "Texas",
      asOf: finalizedAt,
    });

    m.reportEdits.repriceAtCurrentRates(owner.accountId, report.id);
    expect(pageData().pinnedPricing).toBeNull();
  });

  it("rate inputs compare alike whatever the order of the shop's rates", () => {
    const a = { state: "CA", overrides: { bodyLaborCentsPerHour: 90_00, salesTaxPercent: 7 } };
    const b = { state: "CA", overrides: { salesTaxPercent: 7, bodyLaborCentsPerHour: 90_00 } };
    expect(m.reports.sameRateInputs(a, b)).toBe(true);
    expect(m.reports.sameRateInputs(a, { ...b, state: "TX" })).toBe(false);
    expect(m.reports.sameRateInputs(a, { state: "CA", overrides: { salesTaxPercent: 7 } })).toBe(
      false,
    );
  });

  it("the owner's PDF serves a final revision by number, and nothing else", async () => {
    const { owner, report } = await taggedReport("revF");
    const pdfData = (query: string) =>
      m.pdf.ownerPdfData(owner.accountId, report.id, `http://localhost/analysis/x/pdf${query}`);
    expect(pdfData("?revision=1")).toBeNull();
    expect(pdfData("")?.report.status).toBe("needs_review");

    m.reportEdits.finalizeReport(owner.accountId, report.id);
    m.reportEdits.openNextRevision(owner.accountId, report.id);
    expect(pdfData("?revision=1")?.revision).toMatchObject({ number: 1, supersededBy: null });
    expect(pdfData("?revision=2")).toBeNull();
    expect(pdfData("?revision=one")).toBeNull();
    expect(pdfData("")?.report.revision).toBe(2);

    m.reportEdits.finalizeReport(owner.accountId, report.id);
    expect(pdfData("?revision=1")?.revision).toMatchObject({ number: 1, supersededBy: 2 });
    expect(
      m.pdf.ownerPdfData("another-account", report.id, "http://localhost/?revision=1"),
    ).toBeNull();
  });
});
