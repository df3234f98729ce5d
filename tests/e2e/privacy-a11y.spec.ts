import { expect, test, waitForHydration, seriousA11yViolations } from "../support/fixtures";
import { BASE_URL } from "../support/env";

const pages = [
  "/",
  "/damage-estimates",
  "/join-concierge",
  "/terms",
  "/privacy",
  "/email-verified",
  "/mobile-test",
  "/404",
];

for (const path of pages) {
  test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
}

test("with no analytics keys, no request leaves the site", async ({ page }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(BASE_URL) && !request.url().startsWith("data:"))
      foreign.push(request.url());
  });
  for (const path of ["/", "/damage-estimates", "/join-concierge"]) {
    await page.goto(path);
    await waitForHydration(page);
  }
  // The post-render analytics module would load within 3 s of the load event.
  await page.waitForTimeout(3500);
  expect(foreign).toEqual([]);
});
