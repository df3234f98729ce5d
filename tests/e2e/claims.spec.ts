import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { disposeAll, registerViaApi, signedInContext, type TestUser } from "../support/accounts";
import { finalizedReportViaApi } from "../support/estimates";
import { expect, test, waitForHydration } from "../support/fixtures";

/**
 * Claims: made from a trip and the estimate's finalized revision, moved along their path with
 * amounts and notes, every change in the history with who made it; the deadlines in the trip's
 * zone; the JSON API and tenancy. JavaScript on and off.
 */

async function tripFor(
  user: TestUser,
  reportId: string,
  reservationId: string,
  extra: Record<string, unknown> = {},
) {
  const report = (await (await user.api.get(`/api/analysis/${reportId}`)).json()) as {
    vehicle: { id: string };
    estimate: { totalCents: number };
  };
  const created = await user.api.post("/api/trips", {
    data: {
      reservationId,
      vehicleId: report.vehicle.id,
      guestName: "Jordan Lee",
      startAt: "2026-11-20T10:00:00-07:00",
      endAt: "2026-11-22T18:30:00-07:00",
      timeZone: "America/Denver",
      ...extra,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { trip } = (await created.json()) as { trip: { id: string } };
  return { tripId: trip.id, totalCents: report.estimate.totalCents, vehicleId: report.vehicle.id };
}

const dollars = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

test.describe("claims", () => {
  let host: TestUser | undefined;
  let other: TestUser | undefined;
  test.afterEach(async () => {
    await disposeAll(host, other);
    host = other = undefined;
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: a damage claim from the estimate, followed to payment`, async ({
      browser,
    }) => {
      host = await registerViaApi("claims");
      const reportId = await finalizedReportViaApi(host);
      const { tripId, totalCents } = await tripFor(host, reportId, "C-100");
      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);

      await open(page, `/dashboard/trip/${tripId}`, javaScriptEnabled);
      await page.getByRole("link", { name: "Start a claim" }).click();
      await expect(page.getByLabel("Trip", { exact: true })).toHaveValue(tripId);
      await page.getByLabel("Estimate (damage claims)").selectOption(reportId);
      await page.getByRole("button", { name: "Create claim" }).click();

      await expect(page.getByRole("heading", { name: "Damage claim · Draft" })).toBeVisible();
      await expect(page.getByText(dollars(totalCents)).first()).toBeVisible();
      // The evidence check: the report has no pre-trip photos.
      const evidence = page.getByRole("region", { name: "Evidence check" });
      await expect(evidence.getByRole("list", { name: "Likely to be denied" })).toContainText(
        "No pre-trip photos",
      );
      await expect(evidence.getByRole("list", { name: "Claimed parts" })).toContainText("Hood");
      const deadlines = page.getByRole("region", { name: "Deadlines" });
      await expect(deadlines).toContainText("Report damage");
      await expect(deadlines).toContainText("By Nov 23, 2026, 6:30 PM MST");

      // The claims agent's draft: from the record, checked, to copy into the marketplace.
      const drafts = page.getByRole("region", { name: "Drafts" });
      await drafts.getByRole("button", { name: "Draft: message to the guest" }).click();
      const draft = page.getByLabel(/Message to the guest/);
      await expect(draft).toHaveValue(/^Hi Jordan Lee,/);
      await expect(draft).toHaveValue(new RegExp(`The repair comes to \\${dollars(totalCents)}`));
      await expect(page.getByText("written by AI, checked against the claim record")).toBeVisible();

      const update = page.getByRole("region", { name: "Update the claim" });
      await update.getByLabel("New status").selectOption("filed");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Filed" })).toBeVisible();

      await update.getByLabel("New status").selectOption("partially-approved");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Enter the amount approved.").first()).toBeVisible();
      await update.getByLabel("New status").selectOption("partially-approved");
      await update.getByLabel("Amount approved, $").fill("300");
      await update.getByLabel("Note").fill("Adjuster took off the blend.");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(
        page.getByRole("heading", { name: "Damage claim · Partly approved" }),
      ).toBeVisible();

      await update.getByLabel("New status").selectOption("paid");
      await update.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Damage claim · Paid" })).toBeVisible();

      const history = page.getByRole("region", { name: "History" });
      await expect(history.getByRole("listitem")).toHaveCount(4);
      await expect(history).toContainText("Partly approved · $300.00");
      await expect(history).toContainText("Adjuster took off the blend.");
      await expect(history).toContainText("Paid · $300.00");
      await expect(history).toContainText("Owner");

      await open(page, "/dashboard/claims", javaScriptEnabled);
      await expect(page.getByRole("list", { name: "Finished claims" })).toContainText(
        "Damage claim · C-100",
      );
      await expect(page.getByText("$300.00").first()).toBeVisible();
      const tile = (label: string) => page.getByText(label, { exact: true }).locator("..");
      await expect(tile("Recovered this month")).toContainText("$300.00");
      // $300 paid of the estimate's total claimed.
      await expect(tile("Recovery rate this year")).toContainText(
        `${Math.round((300_00 / totalCents) * 100)}%`,
      );
      // Filed and paid within the test: no whole day between them.
      await expect(tile("Average days to payment")).toContainText("0 days");
      await context.close();
    });
  }

  test("JavaScript off: the route advisor compares the two routes from the plans as of the trip date", async ({
    browser,
  }) => {
    host = await registerViaApi("claimsroute");
    const reportId = await finalizedReportViaApi(host);
    const { tripId, totalCents, vehicleId } = await tripFor(host, reportId, "C-300", {
      guestPlan: "standard",
    });
    const created = await host.api.post("/api/claims", {
      data: { tripId, kind: "damage", reportId },
    });
    const { claim } = (await created.json()) as { claim: { id: string; route: unknown } };
    expect(claim.route).toBeNull();

    const { context, page } = await signedInContext(browser, host, false);
    await page.goto(`/dashboard/claim/${claim.id}`);
    const advisor = page.getByRole("region", { name: "Which route pays more" });
    await expect(advisor).toContainText("your host plan for this car on the trip date");
    await advisor.getByRole("link", { name: "the car's host plans" }).click();
    // A plan that ended before the trip, then the one in force on the trip date.
    await page.getByLabel("Plan", { exact: true }).selectOption("60");
    await page.getByLabel("From").fill("2025-01-01");
    await page.getByRole("button", { name: "Save plan" }).click();
    await page.getByLabel("Plan", { exact: true }).selectOption("75");
    await page.getByLabel("From").fill("2026-06-01");
    await page.getByRole("button", { name: "Save plan" }).click();
    await expect(page.getByText("75 plan from Jun 1, 2026 · deductible $250")).toBeVisible();

    await page.goto(`/dashboard/claim/${claim.id}`);
    const managed = advisor.getByRole("region", { name: "Turo-managed claim" });
    const direct = advisor.getByRole("region", { name: "Resolve directly with the guest" });
    await expect(managed).toContainText(dollars(totalCents - 250_00));
    await expect(direct).toContainText("$500.00");
    await expect(direct).toContainText("Recommended");
    await expect(advisor).toContainText("even part of it");
    await expect(advisor).toContainText(
      "The 75 plan reimburses a replacement vehicle at $30 a day",
    );

    const read = (await (await host.api.get(`/api/claims/${claim.id}`)).json()) as {
      claim: { route: { recommended: string; managed: { hostReceivesCents: number } } };
    };
    expect(read.claim.route).toMatchObject({
      recommended: "resolve-directly",
      managed: { hostReceivesCents: totalCents - 250_00 },
    });
    expect(vehicleId).toBeTruthy();
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: a revocable link opens the evidence packet without signing in`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(60_000);
      host = await registerViaApi("packetlink");
      other = await registerViaApi("packetlink2");
      const reportId = await finalizedReportViaApi(host);
      const { tripId } = await tripFor(host, reportId, "C-400");
      const created = await host.api.post("/api/claims", {
        data: { tripId, kind: "damage", reportId },
      });
      const { claim } = (await created.json()) as { claim: { id: string } };

      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
      await open(page, `/dashboard/claim/${claim.id}`, javaScriptEnabled);
      const share = page.getByRole("region", { name: "Share the evidence packet" });
      await share.getByLabel("Link works for").selectOption("7");
      await share.getByRole("button", { name: "Create packet link" }).click();
      await expect(share.getByText("Link created. Copy it now")).toBeVisible();
      const url = await share.getByRole("textbox").inputValue();
      expect(url).toMatch(/\/share\/packet\/[\w-]{43}$/);
      const path = new URL(url).pathname;

      // Anyone with the link gets the PDF, shown in the browser; no account needed.
      const opened = await request.get(path);
      expect(opened.status()).toBe(200);
      expect(opened.headers()["content-type"]).toBe("application/pdf");
      expect(opened.headers()["content-disposition"]).toMatch(/^inline;/);
      expect((await opened.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // Another account can't revoke it.
      await open(page, `/dashboard/claim/${claim.id}`, javaScriptEnabled);
      const linkId = await share
        .getByRole("list", { name: "Packet links" })
        .locator("input[name=linkId]")
        .inputValue();
      const stranger = await other.api.post(`/dashboard/claim/${claim.id}`, {
        form: { intent: "revoke-packet-link", linkId },
      });
      expect(stranger.status()).toBe(404);
      expect((await request.get(path)).status()).toBe(200);

      await expect(share.getByRole("list", { name: "Packet links" })).toContainText("last opened");
      await share.getByRole("button", { name: "Revoke" }).click();
      await expect(share.getByRole("list", { name: "Packet links" })).toContainText("revoked");
      expect((await request.get(path)).status()).toBe(404);
      await context.close();
    });
  }

  test("JSON API: create, read and move a claim; impossible moves and other accounts are refused", async () => {
    host = await registerViaApi("claimsapi");
    other = await registerViaApi("claimsapi2");
    const reportId = await finalizedReportViaApi(host);
    const { tripId, totalCents } = await tripFor(host, reportId, "C-200");

    const created = await host.api.post("/api/claims", {
      data: { tripId, kind: "damage", reportId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { claim } = (await created.json()) as { claim: { id: string } & Record<string, unknown> };
    expect(claim).toMatchObject({ status: "draft", claimedCents: totalCents, reportRevision: 1 });
    expect((claim.deadlines as Array<{ key: string; dueAt: string }>)[0]).toMatchObject({
      key: "report-damage",
      dueAt: "2026-11-23T18:30:00-07:00",
    });

    const jump = await host.api.patch(`/api/claims/${claim.id}`, { data: { status: "paid" } });
    expect(jump.status()).toBe(409);
    expect(((await jump.json()) as { error: string }).error).toBe(
      "A claim that is draft can't become paid.",
    );

    const dashboard = await (await host.api.get("/dashboard")).text();
    expect(dashboard).toContain("Next claim deadlines");
    expect(dashboard).toContain("Damage claim · C-200");

    const filed = await host.api.patch(`/api/claims/${claim.id}`, {
      data: { status: "filed", note: "Filed in the claims center." },
    });
    expect(filed.status()).toBe(200);
    const read = (await (await host.api.get(`/api/claims/${claim.id}`)).json()) as {
      claim: { status: string; history: Array<{ status: string; by: { role: string } }> };
    };
    expect(read.claim.status).toBe("filed");
    expect(read.claim.history.map((entry) => [entry.status, entry.by.role])).toEqual([
      ["draft", "primary"],
      ["filed", "primary"],
    ]);

    // A claim starts before its amount is known; filing it then needs the amount.
    const fuel = await host.api.post("/api/claims", { data: { tripId, kind: "fuel" } });
    expect(fuel.status()).toBe(201);
    const fuelClaim = ((await fuel.json()) as { claim: { id: string; claimedCents: null } }).claim;
    expect(fuelClaim.claimedCents).toBeNull();
    const unfiled = await host.api.patch(`/api/claims/${fuelClaim.id}`, {
      data: { status: "filed" },
    });
    expect(unfiled.status()).toBe(400);
    expect(((await unfiled.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual(
      {
        claimedCents:
          "Enter the amount claimed before filing: the estimate's total, a shop's quote or the invoice.",
      },
    );

    const packet = await host.api.get(`/api/claims/${claim.id}/packet.pdf`);
    expect(packet.status()).toBe(200);
    expect(packet.headers()["content-type"]).toBe("application/pdf");
    const bytes = await packet.body();
    fs.writeFileSync(path.join(os.tmpdir(), "claim-packet-e2e.pdf"), bytes);
    const doc = await PDFDocument.load(bytes);
    const estimate = await PDFDocument.load(
      await (await host.api.get(`/analysis/${reportId}/pdf`)).body(),
    );
    expect(doc.getPageCount()).toBeGreaterThan(estimate.getPageCount());
    expect((await other.api.get(`/api/claims/${claim.id}/packet.pdf`)).status()).toBe(404);
    expect((await other.api.get(`/dashboard/claim/${claim.id}/packet.pdf`)).status()).toBe(404);

    expect((await other.api.get(`/api/claims/${claim.id}`)).status()).toBe(404);
    expect(
      (
        await other.api.patch(`/api/claims/${claim.id}`, { data: { status: "withdrawn" } })
      ).status(),
    ).toBe(404);
    expect(
      (
        await other.api.post("/api/claims", { data: { tripId, kind: "tolls", claimedCents: 500 } })
      ).status(),
    ).toBe(404);
    expect((await other.api.get(`/dashboard/claim/${claim.id}`)).status()).toBe(404);
    expect(
      ((await (await other.api.get("/api/claims")).json()) as { claims: unknown[] }).claims,
    ).toEqual([]);
  });
});
