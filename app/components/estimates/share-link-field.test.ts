import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { copyToClipboard, shareLink, ShareLinkField, shareTitle } from "./share-link-field";

const URL_ = "https://fleetassist.app/share/abc123";

describe("ShareLinkField", () => {
  it("renders only the labelled, read-only input on the server (no dead buttons without JavaScript)", () => {
    const html = renderToStaticMarkup(
      createElement(ShareLinkField, { url: URL_, title: shareTitle("2019 Toyota Corolla") }),
    );
    expect(html).toContain('<label for="share-url" class="sr-only">Share link</label>');
    expect(html).toMatch(
      /<input id="share-url" readOnly="" [^>]*value="https:\/\/fleetassist\.app\/share\/abc123"/,
    );
    expect(html).not.toContain("<button");
    expect(html).not.toContain("aria-live");
  });
});

describe("copyToClipboard", () => {
  it("copies with the Clipboard API", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    expect(await copyToClipboard(URL_, { writeText })).toBe("copied");
    expect(writeText).toHaveBeenCalledWith(URL_);
  });

  it("asks for a copy by hand when the API is missing or refused", async () => {
    expect(await copyToClipboard(URL_, undefined)).toBe("by-hand");
    const refused = vi.fn(() => Promise.reject(new DOMException("denied", "NotAllowedError")));
    expect(await copyToClipboard(URL_, { writeText: refused })).toBe("by-hand");
  });
});

describe("shareLink", () => {
  const data = { title: shareTitle("2019 Toyota Corolla"), url: URL_ };

  it("passes the title and URL to the share sheet", async () => {
    const share = vi.fn(() => Promise.resolve());
    expect(await shareLink(share, data)).toBe("shared");
    expect(share).toHaveBeenCalledWith({
      title: "Damage estimate: 2019 Toyota Corolla",
      url: URL_,
    });
  });

  it("treats closing the share sheet as a silent cancel and anything else as a failure", async () => {
    const abort = () => Promise.reject(new DOMException("canceled", "AbortError"));
    expect(await shareLink(abort, data)).toBe("canceled");
    const refused = () => Promise.reject(new DOMException("no", "NotAllowedError"));
    expect(await shareLink(refused, data)).toBe("failed");
  });
});
