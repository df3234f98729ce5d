import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";
import { randomText } from "~/tests/support/random-text";

const APP = "https://app.example";

/** What a browser does with the Location header we would send. */
const landsOn = (location: string) => new URL(location, `${APP}/auth`);

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/account")).toBe("/account");
    expect(safeRedirect("/invite/abc_DEF-123?x=1#top")).toBe("/invite/abc_DEF-123?x=1#top");
    expect(safeRedirect("/dashboard?next=%2Faccount", "/f")).toBe("/dashboard?next=%2Faccount");
    expect(safeRedirect("/a/./b/../c", "/f")).toBe("/a/c");
  });

  it.each([
    // Paths a browser resolves to a protocol-relative URL (another host).
    ["/.//evil.example"],
    ["/..//evil.example"],
    ["/./..//evil.example"],
    ["/%2e//evil.example"],
    ["/%2E%2E//evil.example"],
    ["/a/..//evil.example"],
    ["//evil.example"],
    ["//evil"],
    ["///evil.example"],
    ["/\\evil"],
    ["/\\\\evil.example"],
    ["\\\\evil.example"],
    ["\\/evil.example"],
    ["/.\\/evil.example"],
    // Encoded slashes and backslashes: a proxy or a second decoding turns them into the above.
    ["/%2F%2Fevil.example"],
    ["/%2f%2fevil.example"],
    ["/%5Cevil.example"],
    ["/%5cevil.example"],
    ["/%252F%252Fevil.example"],
    ["%2F%2Fevil.example"],
    ["%5C%5Cevil.example"],
    // Absolute URLs and other schemes.
    ["https://evil"],
    ["https://evil.example/account"],
    ["http:evil.example"],
    ["http:/evil.example"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    // Relative and empty.
    ["account"],
    ["evil.example"],
    [""],
    [" /account"],
    // Browsers drop tabs and newlines in URLs: these would become //evil.example.
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["/.\t//evil.example"],
    // A CR/LF must never reach a Location header.
    ["/account\r\nSet-Cookie: x=1"],
    ["/\u0000/evil"],
    ["/account\u007f"],
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/fallback")).toBe("/fallback");
  });

  it("refuses anything that is not a string", () => {
    for (const target of [undefined, null, 42, ["/account"], { to: "/account" }]) {
      expect(safeRedirect(target, "/fallback")).toBe("/fallback");
    }
  });

  it("refuses very long targets", () => {
    expect(safeRedirect("/" + "a".repeat(2001), "/fallback")).toBe("/fallback");
  });

  it("defaults to the home page", () => {
    expect(safeRedirect("https://evil")).toBe("/");
  });

  it("returns an ASCII path that fits a Location header", () => {
    const target = safeRedirect("/account?name=Zoë\u2028x");
    expect(target.startsWith("/account?name=Zo")).toBe(true);
    expect(target).toMatch(/^[\x20-\x7e]+$/);
  });

  // Pieces that make redirects go wrong, so generated strings hit the interesting cases often.
  const fragment = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2F",
    "%2f",
    "%5C",
    "%5c",
    "%2e",
    "%252F",
    "\t",
    "\n",
    "\r",
    " ",
    "\u0000",
    "evil.example",
    "https:",
    "javascript:",
    ":",
    "@",
    "?",
    "#",
    "%",
    "a",
    "é",
  );
  const hostile = fc.oneof(
    ...randomText(60),
    fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join("")),
    fc.array(fragment, { maxLength: 12 }).map((parts) => "/" + parts.join("")),
  );

  it("property: the answer is the fallback or a single-slash path on our own origin", () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const out = safeRedirect(input, "/fallback");
        if (out === "/fallback") return;
        expect(out.startsWith("/")).toBe(true);
        expect(out.startsWith("//")).toBe(false);
        expect(out.startsWith("/\\")).toBe(false);
        expect(out).toMatch(/^[\x21-\x7e]+$/);
        expect(new URL(out, APP).origin).toBe(APP);
        expect(landsOn(out).origin).toBe(APP);
      }),
      { numRuns: 5000 },
    );
  });
});
