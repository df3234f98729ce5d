import { freeTools } from "./free-tools";
import { claimsPath } from "./marketplace";

/** Public pages listed in sitemap.xml (pages that exist; noindex pages are left out). */
export const publicPages = [
  { path: "/", priority: "1.0" },
  { path: "/damage-estimates", priority: "0.9" },
  { path: "/join-concierge", priority: "0.8" },
  ...freeTools.map((tool) => ({ path: tool.path, priority: "0.8" })),
  { path: claimsPath, priority: "0.8" },
  { path: "/mobile-test", priority: "0.3" },
  { path: "/terms", priority: "0.2" },
  { path: "/privacy", priority: "0.2" },
];
