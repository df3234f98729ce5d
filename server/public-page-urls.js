// The public pages (a URL per public route), for the JavaScript budget test
// (server/js-budget.test.ts) and `npm run bench:pages` (scripts/bench-pages.js).

/**
 * Pages a visitor opens directly; bench:pages measures these.
 * @type {readonly string[]}
 */
export const DIRECT_PUBLIC_PAGES = [
  "/",
  "/damage-estimates",
  "/join-concierge",
  "/terms",
  "/privacy",
  "/email-verified",
  "/mobile-test",
  "/404",
  "/auth",
  "/reset-password",
  "/claims-roi-calculator",
  "/fleet-audit-calculator",
  "/guest-message-templates",
  "/turo-protection-plan",
  "/file-guest-insurance",
  "/turo-claims",
  "/diagram-demo",
];

/**
 * Pages reached through a link with a token, a report id or a redirect; only the budget test
 * covers these.
 * @type {readonly string[]}
 */
export const LINKED_PUBLIC_PAGES = [
  "/verify-email",
  "/invite/token",
  "/logout",
  "/diagram-demo/report-id",
  "/share/token",
  "/repair-quote/token",
];
