import { browserContext, disposeAll, registerViaApi, type TestUser } from "../support/accounts";
import { addVehicleViaApi } from "../support/estimates";
import { expect, test, waitForHydration } from "../support/fixtures";

/** A file that isn't a photo gets a clear message, not a broken tile with a Retry button. */

const PDF = {
  name: "notes.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.7\n%notes\n"),
};

test.describe("non-image uploads", () => {
  let host: TestUser | undefined;
  test.afterEach(async () => disposeAll(host));

  test("JavaScript on: the file is refused at once by name, without Retry", async ({ browser }) => {
    host = await registerViaApi("nonimage");
    await addVehicleViaApi(host);
    const context = await browserContext(browser, true);
    await context.addCookies((await host.api.storageState()).cookies);
    const page = await context.newPage();
    await page.goto("/app");
    await waitForHydration(page);
    await page.getByLabel("Choose photos").setInputFiles(PDF);
    const alert = page.getByRole("alert").filter({ hasText: "notes.pdf isn't a photo." });
    await expect(alert).toContainText("Upload JPEG, PNG or WebP photos of the damage.");
    await expect(alert.getByRole("button", { name: "Retry" })).toHaveCount(0);
    await expect(page.locator("img[src^='blob:']")).toHaveCount(0);
    await context.close();
  });

  test("JavaScript off: the server's message names the file", async ({ browser }) => {
    host = await registerViaApi("nonimagejsoff");
    await addVehicleViaApi(host);
    const context = await browserContext(browser, false);
    await context.addCookies((await host.api.storageState()).cookies);
    const page = await context.newPage();
    await page.goto("/app");
    await page.getByLabel("Choose photos").setInputFiles(PDF);
    await page.getByRole("button", { name: "Get my estimate" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Some files couldn't be used" });
    await expect(alert).toContainText("notes.pdf:");
    await expect(alert).toContainText(
      "That file isn't a photo we can read. Upload a JPEG, PNG or WebP image.",
    );
    await context.close();
  });
});
