import { apiContext, disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { hoodDentReportViaApi } from "../support/estimates";
import { expect, test } from "../support/fixtures";

/**
 * Report revisions through the JSON API: a final revision never changes; editing needs the next
 * revision opened first, and finalizing it keeps the earlier one.
 */

test.describe.configure({ mode: "serial" });

let host: TestUser;
let stranger: TestUser;
let reportId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [host, stranger] = await Promise.all([registerViaApi("revhost"), registerViaApi("revstr")]);
  reportId = await hoodDentReportViaApi(host);
});

test.afterAll(async () => {
  await disposeAll(host, stranger);
});

type ReportJson = {
  status: string;
  revision: number;
  finalRevisions: Array<{ number: number; finalizedAt: string; totalCents: number }>;
  findings: Array<{ panel: string }>;
  estimate: { totalCents: number } | null;
};

const findingsBody = (panels: string[]) => ({
  data: { findings: panels.map((panel) => ({ panel, damageType: "dent", severity: "moderate" })) },
});

test("finalizing freezes revision 1 and PUT findings is refused until the next is opened", async () => {
  const finalized = await host.api.post(`/api/analysis/${reportId}/finalize`);
  expect(finalized.status(), await finalized.text()).toBe(200);
  const first = (await finalized.json()) as ReportJson;
  expect(first).toMatchObject({ status: "complete", revision: 1 });
  expect(first.finalRevisions).toEqual([
    { number: 1, finalizedAt: expect.any(String), totalCents: first.estimate!.totalCents },
  ]);

  const refused = await host.api.put(`/api/analysis/${reportId}/findings`, findingsBody(["roof"]));
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    error: expect.stringContaining(`POST /api/analysis/${reportId}/revisions`),
  });
  const again = await host.api.post(`/api/analysis/${reportId}/finalize`);
  expect(again.status()).toBe(409);
});

test("opening revision 2 allows edits; finalizing it keeps revision 1 as it was", async () => {
  const opened = await host.api.post(`/api/analysis/${reportId}/revisions`);
  expect(opened.status(), await opened.text()).toBe(201);
  expect(await opened.json()).toMatchObject({ status: "needs_review", revision: 2 });

  // A draft revision is open already: a second one can't be opened.
  const twice = await host.api.post(`/api/analysis/${reportId}/revisions`);
  expect(twice.status()).toBe(409);
  expect((await twice.json()).error).toContain("Revision 2 is still open for edits");

  const edited = await host.api.put(
    `/api/analysis/${reportId}/findings`,
    findingsBody(["hood", "roof"]),
  );
  expect(edited.status(), await edited.text()).toBe(200);
  const finalized = await host.api.post(`/api/analysis/${reportId}/finalize`);
  const second = (await finalized.json()) as ReportJson;
  expect(second.revision).toBe(2);
  expect(second.findings.map((f) => f.panel)).toEqual(["hood", "roof"]);
  expect(second.finalRevisions.map((r) => r.number)).toEqual([1, 2]);
  const [one, two] = second.finalRevisions;
  expect(two!.totalCents).toBeGreaterThan(one!.totalCents);
});

test("bad requests get a clear 4xx; another account's report is not found", async () => {
  const url = `/api/analysis/${reportId}/revisions`;
  const notJson = await host.api.post(url, { data: "reprice please" });
  expect(notJson.status()).toBe(415);
  const badBody = await host.api.post(url, { data: { repriceAtCurrentRates: "yes" } });
  expect(badBody.status()).toBe(400);
  expect((await badBody.json()).message).toBe("repriceAtCurrentRates must be true or false.");
  const get = await host.api.get(url);
  expect(get.status()).toBe(405);
  const foreign = await stranger.api.post(url);
  expect(foreign.status()).toBe(404);
  const foreignFinalize = await stranger.api.post(`/api/analysis/${reportId}/finalize`);
  expect(foreignFinalize.status()).toBe(404);
  const signedOut = await apiContext();
  expect((await signedOut.post(url)).status()).toBe(401);
  await signedOut.dispose();
});
