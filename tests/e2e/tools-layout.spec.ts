import { freeTools } from "../../app/config/free-tools";
import { claimsPath } from "../../app/config/marketplace";
import { BASE_URL } from "../support/env";
import { expect, test } from "../support/fixtures";

/**
 * The tools layout (app/routes/_tools.tsx): every free tool and the claims guide end with a way
 * to the other tools, with JavaScript on or off, and keep it when the page fails.
 */

const moreTools = (page: import("@playwright/test").Page) =>
  page.getByRole("navigation", { name: "More free tools for hosts" });

test("every tool page links to the other four tools, not to itself", async ({ page }) => {
  for (const tool of freeTools) {
    await page.goto(tool.path);
    const nav = moreTools(page);
    for (const other of freeTools) {
      await expect(
        nav.getByRole("link", { name: other.name }),
        `${tool.path} → ${other.path}`,
      ).toHaveCount(other.path === tool.path ? 0 : 1);
    }
  }
  await page.goto(claimsPath);
  await expect(moreTools(page).getByRole("link")).toHaveCount(freeTools.length);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the links are plain links that open the tool", async ({ page }) => {
    await page.goto(freeTools[0].path);
    await moreTools(page).getByRole("link", { name: freeTools[1].name }).click();
    await expect(page).toHaveURL(new RegExp(`${freeTools[1].path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test("a request a tool can't take shows the error with the way to the other tools", async ({
  request,
}) => {
  // The claims ROI calculator has no form: the router refuses a POST to it (405) while rendering.
  const response = await request.post("/claims-roi-calculator", {
    form: { anything: "1" },
    headers: { Origin: BASE_URL },
  });
  expect(response.status()).toBe(405);
  const html = await response.text();
  expect(html).toContain("405 Method Not Allowed");
  expect(html).toContain("More free tools for hosts");
  expect(html).toContain(`href="${freeTools[1].path}"`);
});

test("printing a tool leaves the tools navigation out", async ({ page }) => {
  await page.goto(freeTools[0].path);
  await page.emulateMedia({ media: "print" });
  await expect(moreTools(page)).toBeHidden();
});
