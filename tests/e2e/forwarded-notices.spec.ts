import { readFileSync } from "node:fs";
import path from "node:path";
import { disposeAll, registerViaApi, signedInContext, type TestUser } from "../support/accounts";
import { expect, test, waitForHydration } from "../support/fixtures";

/**
 * Forwarded notices through the inbound webhook, as a host's mail client really forwards them
 * (the .eml fixtures): a booking notice forwarded from Outlook adds the trip, in the account's
 * time zone; a guest's message forwarded from Outlook's iPhone app (HTML only, Spanish) opens a
 * conversation that links to its trip when the Trip Earnings export brings it afterwards.
 * JavaScript on and off.
 */

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/forwarded-emails");
const eml = (name: string) => readFileSync(path.join(FIXTURES, name));

test.describe("forwarded notices", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => {
    await disposeAll(host);
    host = undefined;
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: a forwarded booking adds the trip; a guest's message links to the trip imported afterwards`, async ({
      browser,
      request,
    }) => {
      host = await registerViaApi("fwdnotice");
      const { context, page } = await signedInContext(browser, host, javaScriptEnabled);
      // The notice's times are wall-clock times in the host's zone.
      await page.goto("/account");
      if (javaScriptEnabled) await waitForHydration(page);
      const business = page.getByRole("region", { name: "Business and reports" });
      await business.getByLabel("Time zone").selectOption("America/Denver");
      await business.getByRole("button", { name: "Save business settings" }).click();
      await expect(page.getByText("Business settings saved.")).toBeVisible();

      const { webhookUrl } = (await (await host.api.get("/api/inbound")).json()) as {
        webhookUrl: string;
      };
      const post = (name: string) =>
        request.post(new URL(webhookUrl).pathname, {
          headers: { "Content-Type": "message/rfc822" },
          data: eml(name),
        });

      const booking = await post("outlook-desktop-booking-en-qp.eml");
      expect(booking.status(), await booking.text()).toBe(202);
      expect(await booking.json()).toMatchObject({ kind: "booking-confirmed" });

      await page.goto("/dashboard/trips");
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("link", { name: "48213377" }).first().click();
      await expect(page.getByRole("heading", { name: "Trip 48213377" })).toBeVisible();
      const intro = page.getByRole("main");
      await expect(intro).toContainText(
        "Car not matched (“Tesla Model 3 2021” in the booking email)",
      );
      await expect(intro).toContainText("Jordan L. · Booked");
      await expect(intro).toContainText(/Dec 4, 2026,? 10:00\s?AM/);
      await expect(intro).toContainText(/Dec 7, 2026,? 10:00\s?AM/);

      // A guest's message whose trip isn't here yet: its conversation names the reservation only.
      const message = await post("outlook-ios-guest-message-es-html-only.eml");
      expect(message.status(), await message.text()).toBe(202);
      const { conversationId } = (await message.json()) as { conversationId: string };
      await page.goto(`/dashboard/inbox/${conversationId}`);
      if (javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("heading", { name: "Ana R." })).toBeVisible();
      await expect(page.getByText("Reservation 51230001")).toBeVisible();
      await expect(page.getByRole("link", { name: "Trip page" })).toHaveCount(0);
      await expect(page.getByRole("list", { name: "Messages, oldest first" })).toContainText(
        "¿Puedo recoger el auto una hora antes? 🙏",
      );
      await expect(page.getByRole("list", { name: "Messages, oldest first" })).not.toContainText(
        "Mira esto",
      );

      const imported = await host.api.post("/api/trips/import?timeZone=America/Denver", {
        headers: { "Content-Type": "text/csv" },
        data: [
          "Reservation ID,Guest,Vehicle,Vehicle name,Trip start,Trip end,Trip status,Total earnings",
          '51230001,Ana Ruiz,"Corolla (FL #QWE1234)",Toyota Corolla 2020,2026-12-18 10:00 AM,2026-12-21 06:30 PM,Booked,$240.00',
          "",
        ].join("\r\n"),
      });
      expect(imported.status(), await imported.text()).toBe(200);

      await page.reload();
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("link", { name: "Trip page" }).click();
      await expect(page.getByRole("heading", { name: "Trip 51230001" })).toBeVisible();
      await page.getByRole("link", { name: "Messages with the guest" }).click();
      await expect(page.getByRole("heading", { name: "Ana R." })).toBeVisible();
      await context.close();
    });
  }
});
