/**
 * The repair quotes page (/repair-quote) at route level, without a browser: its two lists page
 * apart (each on its own link, landing on its own section), and a quote entered with its form
 * comes first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { dentedHoodReport, loadAppModules, setUpTempDataDir } from "~/tests/support/app-modules";
import { routePage, signedInCookie } from "~/tests/support/route-stub";

setUpTempDataDir("route-repair-quote");

type RepairQuoteRoute = typeof import("./repair-quote");
let route: RepairQuoteRoute;
let cookie: string;
let reportId: string;

/** The page at `url` (the query picks each list's page). */
const pageAt = (url: string) =>
  routePage(route, { path: "/repair-quote", url, params: {}, cookie });

/** The href of a link named `name` in the nav labeled `label`. */
function linkIn(html: string, label: string, name: string): string | undefined {
  const nav = html.match(new RegExp(`<nav aria-label="${label}"[^>]*>(.*?)</nav>`))?.[1] ?? "";
  const href = nav.match(new RegExp(`<a[^>]*href="([^"]*)"[^>]*>${name}</a>`))?.[1];
  return href?.replaceAll("&amp;", "&");
}

beforeAll(async () => {
  const m = await loadAppModules();
  route = await import("./repair-quote");
  const repairs = await import("~/lib/repairs/repairs.server");
  const { owner, report } = await dentedHoodReport(m, "route-repair-owner", { photoSeed: 9 });
  m.reportEdits.finalizeReport(owner.accountId, report.id, owner.userId);
  reportId = report.id;
  const actor = { accountId: owner.accountId, userId: owner.userId, role: "primary" as const };
  for (let n = 1; n <= 27; n++) {
    repairs.recordQuote(actor, {
      reportId,
      shopName: `Shop ${n}`,
      amountCents: 40_000 + n,
      days: 2,
      details: null,
    });
    if (n <= 26) {
      repairs.confirmRepair(actor, {
        reportId,
        invoiceCents: 40_000 + n,
        repairedOn: "2026-10-01",
        shopName: `Shop ${n}`,
      });
    }
  }
  cookie = await signedInCookie(owner.userId, owner.accountId);
});

describe("repair quotes page", () => {
  it("shows 25 of each list with the whole count, and a next-page link per list", async () => {
    const data = await pageAt("/repair-quote").load();
    expect(data.quotes.count).toBe(27);
    expect(data.quotes.items).toHaveLength(25);
    expect(data.confirmations.items).toHaveLength(25);
    expect(data.accuracy?.repairs).toBe(26);

    const html = await pageAt("/repair-quote").render();
    expect(html).toContain("Quotes (27)");
    const quotesNext = linkIn(html, "Pages of quotes", "Next page");
    const repairsNext = linkIn(html, "Pages of repairs", "Next page");
    expect(quotesNext).toMatch(/^\/repair-quote\?quotes=[\w-]+#quotes$/);
    expect(repairsNext).toMatch(/^\/repair-quote\?repairs=[\w-]+#repairs$/);
    expect(linkIn(html, "Pages of quotes", "First page")).toBeUndefined();
  });

  it("pages one list and keeps the other where it was", async () => {
    const first = await pageAt("/repair-quote").load();
    const repairsPage2 = `/repair-quote?repairs=${first.confirmations.nextCursor}`;
    const both = `${repairsPage2}&quotes=${first.quotes.nextCursor}`;
    const data = await pageAt(both).load();
    expect(data.quotes.items.map((quote) => quote.shopName)).toEqual(["Shop 2", "Shop 1"]);
    expect(data.confirmations.items.map((row) => row.shopName)).toEqual(["Shop 1"]);

    const html = await pageAt(both).render();
    // "First page" of the quotes keeps the repairs on their second page, and the other way round.
    expect(linkIn(html, "Pages of quotes", "First page")).toBe(`${repairsPage2}#quotes`);
    expect(linkIn(html, "Pages of repairs", "First page")).toBe(
      `/repair-quote?quotes=${first.quotes.nextCursor}#repairs`,
    );
    expect(linkIn(html, "Pages of quotes", "Next page")).toBeUndefined();
  });

  it("shows a stale page link's list from its first page, with a notice", async () => {
    const html = await pageAt("/repair-quote?quotes=not-a-page").render();
    expect(html).toContain("That page link is no longer valid: start from the first page.");
    expect(html.match(/<li class="py-3">/g)).toHaveLength(25);
  });

  it("lists a quote entered with the form first", async () => {
    const reply = await pageAt("/repair-quote").post({
      intent: "record",
      reportId,
      shopName: "Westside Collision",
      amount: "512.00",
      days: "3",
    });
    expect(reply.status).toBe(302);
    const data = await pageAt("/repair-quote").load();
    expect(data.quotes.count).toBe(28);
    expect(data.quotes.items[0]).toMatchObject({
      shopName: "Westside Collision",
      amountCents: 51_200,
      status: "received",
    });
  });
});
