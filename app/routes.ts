import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("damage-estimates", "routes/damage-estimates.tsx"),
  route("concierge", "routes/concierge.ts"),
  route("join-concierge", "routes/join-concierge.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("email-verified", "routes/email-verified.tsx"),
  route("mobile-test", "routes/mobile-test.tsx"),
  route("404", "routes/not-found.tsx"),

  // Resource routes
  route("healthz", "routes/healthz.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("api/demo-leads", "routes/api.demo-leads.ts"),

  route("*", "routes/catchall.ts"),
] satisfies RouteConfig;
