import type { Browser, Page } from "@playwright/test";
import { freshAddress, newUserDetails } from "../support/accounts";
import { expect, test, waitForHydration } from "../support/fixtures";

/**
 * The form contract (ADR 0013) on the new-vehicle form: one schema gives the same message in the
 * browser (on submit, before any post) and from the server (JavaScript off, with the input kept).
 */

const YEAR_MESSAGE = "Enter the model year, e.g. 2021.";

async function signedInPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
  });
  const response = await context.request.post("/api/register", { data: newUserDetails("form") });
  expect(response.status(), await response.text()).toBe(201);
  const page = await context.newPage();
  await page.goto("/dashboard/vehicles/new");
  if (javaScriptEnabled) await waitForHydration(page);
  return { context, page };
}

/** Every POST the page sends to the new-vehicle action. */
function postsOf(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/dashboard/vehicles/new"))
      posts.push(request.url());
  });
  return posts;
}

async function fillRest(page: Page) {
  await page.getByLabel("Make", { exact: true }).fill("Toyota");
  await page.getByLabel("Model", { exact: true }).fill("Camry");
  await page.getByLabel("Nickname (optional)").fill("Blue Camry");
  await page.getByLabel("Body type").selectOption("sedan");
  await page.getByLabel("Price class").selectOption("mid");
  await page.getByLabel("Paint type").selectOption("metallic-pearl");
}

test("JavaScript on: an impossible year shows the schema's message on submit, before any post", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, true);
  const posts = postsOf(page);
  const year = page.getByLabel("Year", { exact: true });
  await year.fill("1800");
  // Leaving the field says nothing yet: a message appearing there would move the button.
  await year.blur();
  await expect(page.locator("#year-error")).toHaveCount(0);

  // Submitting is refused in the browser: the message shows, focus goes to the year, no post.
  await fillRest(page);
  await page.getByRole("button", { name: "Add vehicle" }).click();
  await expect(page.locator("#year-error")).toHaveText(YEAR_MESSAGE);
  await expect(year).toHaveAttribute("aria-invalid", "true");
  await expect(year).toHaveAttribute("aria-describedby", /year-error/);
  await expect(year).toBeFocused();
  expect(posts).toEqual([]);

  // Typing a real year clears the message as the host types.
  await year.fill("2021");
  await expect(page.locator("#year-error")).toHaveCount(0);
  await expect(year).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  await context.close();
});

test("JavaScript off: posting an impossible year shows the server's message, every input kept", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, false);
  await page.getByLabel("Year", { exact: true }).fill("1800");
  await fillRest(page);
  const refused = page.waitForResponse(
    (response) =>
      response.url().includes("/dashboard/vehicles/new") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Add vehicle" }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.locator("#year-error")).toHaveText(YEAR_MESSAGE);
  await expect(
    page.getByRole("alert").filter({ hasText: "Check the highlighted fields." }),
  ).toBeVisible();
  await expect(page.getByLabel("Year", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Year", { exact: true })).toHaveValue("1800");
  await expect(page.getByLabel("Make", { exact: true })).toHaveValue("Toyota");
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue("Camry");
  await expect(page.getByLabel("Nickname (optional)")).toHaveValue("Blue Camry");
  await expect(page.getByLabel("Body type")).toHaveValue("sedan");
  await expect(page.getByLabel("Price class")).toHaveValue("mid");
  await expect(page.getByLabel("Paint type")).toHaveValue("metallic-pearl");
  await context.close();
});
