import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import Database from "better-sqlite3";
import { DB_FILE, SMTP_HTTP_PORT } from "./env";

let counter = 0;

/**
 * Each test browses from its own client address (the test server trusts X-Forwarded-For), so
 * the per-address rate limits of one test never affect another.
 */
export const test = base.extend<{ clientAddress: string }>({
  clientAddress: async ({}, use, testInfo) => {
    counter += 1;
    // IPv6 documentation prefix: unique per worker and test, never a real address.
    await use(`2001:db8::${testInfo.workerIndex.toString(16)}:${counter.toString(16)}`);
  },
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress });
    await use(context);
  },
  request: async ({ playwright, baseURL, clientAddress }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress },
    });
    await use(request);
    await request.dispose();
  },
});

export { expect };

/** Reads the app's real SQLite database (WAL allows a reader beside the server). */
export function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A unique email per test so database assertions find exactly this test's rows. */
export function uniqueEmail(label: string) {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@fleet.test`;
}

/** Hydration finished: React attached its handlers (used before clicking with JavaScript on). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Opens `path` in a new page of `context` (JavaScript on) and waits for hydration. The returned
 * list collects every hydration error the console reports, from before the page loads.
 */
export async function openHydrated(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const hydrationErrors: string[] = [];
  page.on("console", (entry) => {
    if (entry.type() === "error" && /hydrat/i.test(entry.text()))
      hydrationErrors.push(entry.text());
  });
  await page.goto(path);
  await waitForHydration(page);
  return { page, hydrationErrors };
}

interface ReceivedEmail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for an email to arrive at the test SMTP server and returns the newest one. */
export async function waitForEmail(
  to: string,
  subjectIncludes: string,
  timeoutMs = 10_000,
): Promise<ReceivedEmail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(
      `http://127.0.0.1:${SMTP_HTTP_PORT}/messages?to=${encodeURIComponent(to)}`,
    );
    const messages = (await response.json()) as ReceivedEmail[];
    const match = messages.filter((m) => m.subject.includes(subjectIncludes)).at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No email "${subjectIncludes}" to ${to} within ${timeoutMs} ms`);
}

/** The first link in an email's text that starts with the given path. */
export function linkIn(email: ReceivedEmail, path: string): string {
  const match = email.text.match(
    new RegExp(`https?://[^\\s]+${path.replace(/[/]/g, "\\/")}[^\\s]*`),
  );
  if (!match) throw new Error(`No ${path} link in: ${email.text}`);
  return match[0];
}

/** axe-core's serious and critical findings on the page, as "rule: selectors" lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * A GET with a hostile query string: never a 5xx, the expected status, the expected message, and
 * no markup from the query echoed back unescaped.
 */
export async function expectQueryAnswer(
  request: APIRequestContext,
  url: string,
  status: number,
  message?: RegExp | string,
) {
  const label = url.slice(0, 100);
  const response = await request.get(url);
  expect(response.status(), label).toBeLessThan(500);
  expect(response.status(), label).toBe(status);
  const body = await response.text();
  if (message) expect(body, label).toMatch(message);
  expect(body, label).not.toContain("<script>alert(1)</script>");
}
