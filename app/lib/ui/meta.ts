import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "FleetAssist";
export const DEFAULT_TITLE = "AI Inbox and Claims Assistant for rental fleets";
export const DEFAULT_DESCRIPTION =
  "FleetAssist answers your guests around the clock, turns damage photos into line-by-line repair estimates in about 60 seconds, and tracks every claim until you are paid.";
export const DAMAGE_ESTIMATES_DESCRIPTION =
  "AI-powered vehicle damage assessment and repair cost estimation. Get accurate damage reports and quotes instantly.";
export const KEYWORDS =
  "car rental host, Turo host, fleet management, damage claims, AI damage estimate, repair cost estimate, guest inbox automation, virtual assistant for hosts";
export const THEME_COLOR = "#4361ee";

interface PageMetaInput {
  /** The page's own title; the site name is appended. Omit for the default title. */
  title?: string;
  description?: string;
  /** Path of the canonical URL, e.g. "/damage-estimates". */
  path: string;
  /** Absolute site origin, from the root loader (PUBLIC_URL). */
  origin: string;
  noIndex?: boolean;
}

/** Title, description, keywords, canonical link, Open Graph and Twitter tags for one page. */
export function pageMeta({
  title,
  description = DEFAULT_DESCRIPTION,
  path,
  origin,
  noIndex,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE;
  const url = new URL(path, origin).toString();
  const image = new URL("/og-image.png", origin).toString();
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { name: "keywords", content: KEYWORDS },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(noIndex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/**
 * Meta for a page behind a sign-in or a private link: kept out of search engines. The origin comes
 * from the page's loader; the fallback only serves when the loader failed.
 */
export function privatePageMeta(
  title: string,
  path: string,
  data: { origin: string } | undefined,
): MetaDescriptor[] {
  return pageMeta({ title, path, origin: data?.origin ?? "http://localhost", noIndex: true });
}

/** Structured data: a free web application (an offer priced 0 USD). */
export function softwareApplicationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: SITE_NAME,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    url: origin,
    description: DEFAULT_DESCRIPTION,
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
  };
}
