// The JavaScript budget of the public pages, in gzip bytes from the client build (deterministic:
// bytes, not timing). Hosts open these pages on slow phones; a bare React Router page is about
// 110 KB, so the budget leaves each page little of its own.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { matchedRoutes, pageJavaScript, readClientManifest } from "./js-budget";
import { DIRECT_PUBLIC_PAGES, LINKED_PUBLIC_PAGES } from "./public-page-urls.js";

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const KB = 1024;

/** The landing page's budget, and every other public page's. */
const LANDING_BUDGET = 125 * KB;
const PAGE_BUDGET = 130 * KB;

/** Every page a visitor can open without an account (a URL per public route). */
const PUBLIC_PAGES = [...DIRECT_PUBLIC_PAGES, ...LINKED_PUBLIC_PAGES];

function budgetOf(url: string) {
  return url === "/" ? LANDING_BUDGET : PAGE_BUDGET;
}

describe("JavaScript on public pages", () => {
  const manifest = readClientManifest(BUILD_DIR);

  it("covers every public page route (a new public page gets the budget too)", () => {
    const covered = new Set(PUBLIC_PAGES.flatMap((url) => matchedRoutes(manifest, url)));
    // Pages are routes with a component outside the signed-in layout; "$" sends unknown URLs to /404.
    const signedIn = new Set(["routes/_app"]);
    const isSignedIn = (id: string): boolean => {
      const route = manifest.routes[id];
      if (!route?.parentId) return false;
      return signedIn.has(route.parentId) || isSignedIn(route.parentId);
    };
    const pages = Object.values(manifest.routes)
      .filter((route) => route.hasDefaultExport && route.id !== "routes/_app")
      .filter((route) => !isSignedIn(route.id))
      .map((route) => route.id);
    expect(pages.filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(PUBLIC_PAGES)("%s stays within its budget", (url) => {
    const { gzipBytes, files } = pageJavaScript(BUILD_DIR, manifest, url);
    const budget = budgetOf(url);
    expect(
      gzipBytes,
      `${url}: ${(gzipBytes / KB).toFixed(1)} KB gzip (budget ${budget / KB} KB) in ${files.length} files`,
    ).toBeLessThanOrEqual(budget);
  });
});
