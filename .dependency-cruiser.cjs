/**
 * One-way dependencies, checked in `npm run lint` (ADR 0041; docs/architecture.md says the same).
 *
 * Layers, top to bottom (each may import the layers below it, never one above):
 *   the server entry and jobs wiring (app/entry.*, app/jobs.server.ts)
 *   → routes (app/routes/, app/root.tsx) → page copy (app/content/) → components
 *   → features (app/lib/) → data (db/) → domain (app/domain/) → constants (app/config/).
 * Inside app/lib, FEATURES lists the features top to bottom: a feature imports only the ones
 * listed after it. No circle of any size, anywhere (type-only imports count). server/ (the HTTP
 * entry) imports nothing from app/ or db/: it loads the build and calls what the build exports.
 */

/** app/lib features, top to bottom. */
const FEATURES = [
  "concierge",
  "inbox",
  "claims",
  "repairs",
  "estimates",
  "trips",
  "vehicles",
  "billing",
  "auth",
  "accounts",
  "demo",
  "tools",
  "mobile-test",
  "pdf",
  "paging",
  "http",
  "ui",
  "analytics",
  "email",
  "ai",
  "photos",
  "storage",
  "runtime",
];

const SHELL = "^app/(entry[.](server|client)[.]tsx|jobs[.]server[.]ts|load-context[.]ts)$";
const ROUTES = "^app/(routes/|routes[.]ts$|root[.]tsx$)";

/** Each layer and what sits above it (what it must not import). */
const layers = [
  { name: "server", from: "^server/", above: ["^app/", "^db/"] },
  { name: "routes", from: ROUTES, above: [SHELL] },
  { name: "content", from: "^app/content/", above: [SHELL, ROUTES] },
  { name: "components", from: "^app/components/", above: [SHELL, ROUTES, "^app/content/"] },
  { name: "lib", from: "^app/lib/", above: [SHELL, ROUTES, "^app/content/", "^app/components/"] },
  { name: "db", from: "^db/", above: [SHELL, ROUTES, "^app/(content|components|lib)/"] },
  {
    name: "domain",
    from: "^app/domain/",
    above: [SHELL, ROUTES, "^app/(content|components|lib)/", "^db/"],
  },
  { name: "config", from: "^app/config/", above: ["^app/(?!config/)", "^db/"] },
];

const layerRules = layers.map(({ name, from, above }) => ({
  name: `layer-${name}`,
  comment: `${name} imports only the layers below it (docs/architecture.md).`,
  severity: "error",
  from: { path: from },
  to: { path: above.map((pattern) => `(${pattern})`).join("|") },
}));

const featureRules = FEATURES.map((feature, index) => {
  const notBelow = FEATURES.slice(0, index);
  return {
    name: `feature-${feature}`,
    comment: `app/lib/${feature} imports only the features listed below it in .dependency-cruiser.cjs.`,
    severity: "error",
    from: { path: `^app/lib/${feature}/` },
    to: { path: `^app/lib/(${notBelow.length ? notBelow.join("|") : "$^"})/` },
  };
}).filter((rule) => !rule.to.path.includes("$^"));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No circle of any size, type-only imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-unknown",
      comment: "A new app/lib folder gets its place in FEATURES (and in docs/architecture.md).",
      severity: "error",
      from: { path: `^app/lib/(?!(${FEATURES.join("|")})/)` },
      to: {},
    },
    ...layerRules,
    ...featureRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "[.]test[.]tsx?$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
