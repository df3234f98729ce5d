/**
 * The report page (/analysis/:reportId) at route level, without a browser: its loader, its
 * action's intents and its component with their answers (tests/support/route-stub.ts).
 */
import { describe, expect, it } from "vitest";
import { dentedHoodReport } from "~/tests/support/app-modules";
import { routeTestPage } from "~/tests/support/route-stub";

let findingId: string;

const page = routeTestPage({
  path: "/analysis/:reportId",
  route: () => import("./analysis.$reportId"),
  async setUp(m) {
    const { owner, report } = await dentedHoodReport(m, "route-report-owner", { photoSeed: 3 });
    findingId = m.reports.loadReport(owner.accountId, report.id)!.findings[0]!.id;
    return { signedIn: owner, params: { reportId: report.id } };
  },
});

describe("report page", () => {
  it("loads the report in review and renders it with its finding", async () => {
    const data = await page.load();
    expect(data.report.status).toBe("needs_review");
    expect(data.report.findings).toHaveLength(1);
    const html = await page.render();
    expect(html).toContain("Estimate");
    expect(html).toContain("Toyota Camry");
  });

  it("refuses an unknown intent with 400 and the form's message, shown on the page", async () => {
    const reply = await page.post({ intent: "explode" });
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({ result: { error: { "": ["Unknown action."] } } });
    expect(await page.render(reply.data)).toContain("Unknown action.");
  });

  it("answers a refusal from lib (an InputError) with its status and message", async () => {
    // Sharing needs a finalized estimate: lib refuses with 409.
    const reply = await page.post({ intent: "share", days: "7" });
    expect(reply.status).toBe(409);
    expect(reply.data).toMatchObject({
      intent: "share",
      result: { error: { "": ["Finalize the estimate before sharing it."] } },
    });
  });

  it("sends a finding's field errors back with the posted values", async () => {
    const reply = await page.post({ intent: "update-finding", findingId, panel: "" });
    expect(reply.status).toBe(400);
    expect(reply.data).toMatchObject({ intent: "update-finding" });
    expect(Object.keys((reply.data as { result: { error: object } }).result.error)).not.toEqual([]);
  });

  it("removes a finding through its hidden id and redirects back with a toast", async () => {
    const reply = await page.post({ intent: "remove-finding", findingId });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`${page.url()}#findings`);
    expect((await page.load()).report.findings).toHaveLength(0);
  });
});
