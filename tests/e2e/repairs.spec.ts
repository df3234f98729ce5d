import {
  browserContext,
  disposeAll,
  registerViaApi,
  signedInContext,
  type TestUser,
} from "../support/accounts";
import { finalizedReportViaApi } from "../support/estimates";
import {
  expect,
  linkIn,
  query,
  test,
  uniqueEmail,
  waitForEmail,
  waitForHydration,
} from "../support/fixtures";

/**
 * Repair quotes (asked by email and answered by the shop without an account, or entered by the
 * host) and repair confirmations (the invoice marks the damage repaired, updates the claim and
 * records the estimate's accuracy), with JavaScript on and off, and the JSON API.
 */

async function totalOf(user: TestUser, reportId: string) {
  const report = (await (await user.api.get(`/api/analysis/${reportId}`)).json()) as {
    estimate: { totalCents: number };
    vehicle: { id: string };
  };
  return { totalCents: report.estimate.totalCents, vehicleId: report.vehicle.id };
}

test.describe("repairs", () => {
  let host: TestUser | undefined;
  let other: TestUser | undefined;
  test.afterEach(async () => disposeAll(host, other));

  test("JavaScript off: a shop gets the estimate by email and answers with its quote, without an account", async ({
    browser,
  }) => {
    host = await registerViaApi("quotes");
    const reportId = await finalizedReportViaApi(host);
    const { context, page } = await signedInContext(browser, host, false);
    await page.goto("/repair-quote");
    const request = page.getByRole("region", { name: "Ask a shop for a quote" });
    await request.getByLabel("Estimate").selectOption(reportId);
    await request.getByLabel("Shop", { exact: true }).fill("Main Street Collision");
    const shopEmail = uniqueEmail("shop");
    await request.getByLabel("Shop's email").fill(shopEmail);
    await request.getByRole("button", { name: "Email the quote request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Quote requested" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Quotes" })).toContainText(
      "Asked; waiting for the shop",
    );

    const email = await waitForEmail(shopEmail, "Repair quote request");
    expect(email.text).toContain("/share/");
    const shop = await browserContext(browser, false);
    const shopPage = await shop.newPage();
    await shopPage.goto(linkIn(email, "/repair-quote/"));
    await expect(
      shopPage.getByRole("heading", { name: /Repair quote for 2019 Toyota Corolla/ }),
    ).toBeVisible();
    await shopPage.getByLabel("Your quote, $").fill("650");
    await shopPage.getByLabel("Working days (optional)").fill("3");
    await shopPage.getByRole("button", { name: "Send the quote" }).click();
    await expect(shopPage.getByText("Thank you: your quote was sent to the host.")).toBeVisible();
    await shop.close();

    await page.reload();
    await expect(page.getByRole("list", { name: "Quotes" })).toContainText("Quote $650.00");
    await expect(page.getByRole("list", { name: "Quotes" })).toContainText("3 working days");
    await context.close();
  });

  test("JavaScript on: confirming the repair marks the damage repaired, updates the draft claim and records accuracy", async ({
    browser,
  }) => {
    host = await registerViaApi("repairs");
    const reportId = await finalizedReportViaApi(host);
    const { totalCents, vehicleId } = await totalOf(host, reportId);
    const trip = await host.api.post("/api/trips", {
      data: {
        reservationId: "Q-1",
        vehicleId,
        startAt: "2026-11-20T10:00:00-07:00",
        endAt: "2026-11-22T18:30:00-07:00",
        timeZone: "America/Denver",
      },
    });
    const { trip: created } = (await trip.json()) as { trip: { id: string } };
    const claim = await host.api.post("/api/claims", {
      data: { tripId: created.id, kind: "damage", reportId },
    });
    const { claim: claimed } = (await claim.json()) as { claim: { id: string } };

    const { context, page } = await signedInContext(browser, host, true);
    await page.goto("/repair-quote");
    await waitForHydration(page);
    const confirm = page.getByRole("region", { name: "Confirm a repair" });
    await confirm.getByLabel("Estimate").selectOption(reportId);
    const invoiceCents = totalCents + 45_00;
    await confirm.getByLabel("Final invoice, $").fill((invoiceCents / 100).toFixed(2));
    await confirm.getByLabel("Finished on").fill("2026-11-23");
    await confirm.getByLabel("Shop (optional)").fill("Main Street Collision");
    await confirm.getByRole("button", { name: "Confirm the repair" }).click();
    await expect(page.getByRole("list", { name: "Confirmed repairs" })).toContainText(
      `Invoice ${(invoiceCents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" })}`,
    );
    await expect(page.getByText("Invoices inside the estimate's range")).toBeVisible();

    const repaired = query<{ n: number }>(
      "select count(*) as n from findings where report_id = ? and repaired_at is not null",
      reportId,
    )[0]!.n;
    expect(repaired).toBe(1);
    const read = (await (await host.api.get(`/api/claims/${claimed.id}`)).json()) as {
      claim: { claimedCents: number; history: Array<{ note: string | null }> };
    };
    expect(read.claim.claimedCents).toBe(invoiceCents);
    expect(read.claim.history.at(-1)?.note).toContain("The claim now asks for the invoice.");

    await page.goto("/dashboard");
    await expect(
      page.getByText(/Estimate accuracy: 100% of 1 confirmed repair came in/),
    ).toBeVisible();
    await context.close();
  });

  test("JSON API: repair confirmations, and another account's estimate is not found", async () => {
    host = await registerViaApi("repairsapi");
    other = await registerViaApi("repairsapi2");
    const reportId = await finalizedReportViaApi(host);
    const created = await host.api.post("/api/repair-confirmations", {
      data: {
        reportId,
        invoiceCents: 61_000,
        repairedOn: "2026-11-23",
        shopName: "Main Street Collision",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const listed = (await (await host.api.get("/api/repair-confirmations")).json()) as {
      repairConfirmations: Array<{ invoiceCents: number; reportId: string }>;
      accuracy: { repairs: number };
    };
    expect(listed.repairConfirmations).toMatchObject([{ invoiceCents: 61_000, reportId }]);
    expect(listed.accuracy.repairs).toBe(1);
    const bad = await host.api.post("/api/repair-confirmations", {
      data: { reportId, invoiceCents: 61_000, repairedOn: "2026-02-30" },
    });
    expect(bad.status()).toBe(400);
    const stranger = await other.api.post("/api/repair-confirmations", {
      data: { reportId, invoiceCents: 100, repairedOn: "2026-11-23" },
    });
    expect(stranger.status()).toBe(404);
    expect(
      (
        (await (await other.api.get("/api/repair-confirmations")).json()) as {
          repairConfirmations: unknown[];
        }
      ).repairConfirmations,
    ).toEqual([]);
    expect((await other.api.get("/repair-quote/not-a-real-token")).status()).toBe(404);
  });
});
