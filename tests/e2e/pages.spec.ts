import { expect, test, waitForHydration } from "../support/fixtures";
import { BASE_URL, STRICT_URL } from "../support/env";

const publicPages = [
  { path: "/", h1: "Your fleet's inbox and damage claims, handled." },
  { path: "/damage-estimates", h1: "Damage photos to a repair estimate in about 60 seconds." },
  { path: "/join-concierge", h1: "Hand off the inbox and the claims. Keep the profits." },
  { path: "/terms", h1: "Terms of Service" },
  { path: "/privacy", h1: "Privacy Policy" },
  { path: "/email-verified", h1: "Email verified" },
  { path: "/mobile-test", h1: /mobile/i },
  { path: "/404", h1: "We couldn't find that page" },
];

for (const page of publicPages) {
  test(`${page.path} renders with JavaScript off`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const tab = await context.newPage();
    const response = await tab.goto(page.path);
    expect(response?.status()).toBe(page.path === "/404" ? 404 : 200);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(page.h1);
    await expect(tab.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
    await context.close();
  });
}

test("unknown paths redirect to /404, which answers 404", async ({ page }) => {
  const response = await page.goto("/no/such/page?x=1");
  expect(page.url()).toBe(`${BASE_URL}/404`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("link", { name: /AI damage estimates/ })).toBeVisible();
});

test("/concierge redirects to /", async ({ request }) => {
  const response = await request.get("/concierge", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/");
});

test("default metadata on the concierge landing page", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("AI Inbox and Claims Assistant for rental fleets");
  const head = page.locator("head");
  await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#4361ee");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE_URL}/`);
  await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /guests/);
  await expect(head.locator('meta[name="keywords"]')).toHaveAttribute("content", /damage claims/);
  for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
    await expect(head.locator(`meta[property="${property}"]`)).toHaveCount(1);
  }
  for (const name of ["twitter:card", "twitter:title", "twitter:description"]) {
    await expect(head.locator(`meta[name="${name}"]`)).toHaveCount(1);
  }
  const jsonLd = JSON.parse(
    (await head.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
  );
  expect(jsonLd["@type"]).toBe("SoftwareApplication");
  expect(jsonLd.offers).toMatchObject({ "@type": "Offer", price: "0", priceCurrency: "USD" });
});

test("the damage-estimates page has its own description and canonical link", async ({ page }) => {
  await page.goto("/damage-estimates");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    "AI-powered vehicle damage assessment and repair cost estimation. Get accurate damage reports and quotes instantly.",
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${BASE_URL}/damage-estimates`,
  );
});

test("robots.txt and sitemap.xml", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/damage-estimates", "/join-concierge", "/terms", "/privacy"]) {
    expect(xml).toContain(`<loc>${new URL(path, BASE_URL)}</loc>`);
  }
});

test("/healthz checks the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
});

test("security headers on pages and long caching on hashed assets", async ({ page, request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toContain("max-age=");
  expect(["gzip", "br"]).toContain(headers["content-encoding"]);

  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  await waitForHydration(page);
  // A hashed script the page loads, read from the HTML the server sent.
  const href = (await response.text()).match(/\/assets\/[\w.-]+-[\w-]{8}\.js/)?.[0];
  expect(href).toBeTruthy();
  const asset = await request.get(href ?? "");
  expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
  expect(asset.headers()["cache-control"]).toContain("immutable");
  // The CSP allowed every script the page needed.
  expect(errors.filter((e) => e.includes("Content Security Policy"))).toEqual([]);
});

test("a cross-site POST is refused", async ({ request }) => {
  const response = await request.post("/?index", {
    headers: { Origin: "https://evil.example" },
    form: { formId: "hero", intent: "start", email: "a@b.co" },
  });
  expect(response.status()).toBe(403);
  const api = await request.post("/api/demo-leads", {
    headers: { Origin: "https://evil.example" },
    data: { email: "a@b.co" },
  });
  expect(api.status()).toBe(403);
});

test("a spoofed X-Forwarded-For does not reset the rate limit without a trusted proxy", async ({
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: STRICT_URL });
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await request.post("/?index", {
      headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
      form: { formId: "hero", intent: "start", email: `spoof${i}@fleet.test` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
  expect(statuses[10]).toBe(429);
  await request.dispose();
});
