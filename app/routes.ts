import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { claimsPath, protectionPlanPath } from "./config/marketplace";

// Every route module's file name mirrors its URL: segments joined by ".", params as "$name",
// a literal dot as "[.]"; layout routes start with "_" and add no URL segment
// (docs/decisions/0012-route-layout.md).
export default [
  index("routes/_index.tsx"),
  route("damage-estimates", "routes/damage-estimates.tsx"),
  route("concierge", "routes/concierge.ts"),
  route("join-concierge", "routes/join-concierge.tsx"),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("email-verified", "routes/email-verified.tsx"),
  route("mobile-test", "routes/mobile-test.tsx"),
  route("404", "routes/404.tsx"),

  // Free tools and the marketplace pages, in the tools layout (the way to the other tools).
  // The marketplace pages' URLs come from app/config/marketplace.ts (e.g. /turo-claims), so their
  // files are named by what they are.
  layout("routes/_tools.tsx", [
    route("claims-roi-calculator", "routes/claims-roi-calculator.tsx"),
    route("fleet-audit-calculator", "routes/fleet-audit-calculator.tsx"),
    route("guest-message-templates", "routes/guest-message-templates.tsx"),
    route(protectionPlanPath.slice(1), "routes/marketplace-protection-plan.tsx"),
    route("file-guest-insurance", "routes/file-guest-insurance.tsx"),
    route(claimsPath.slice(1), "routes/marketplace-claims.tsx"),
  ]),
  route("file-guest-insurance/letter.pdf", "routes/file-guest-insurance.letter[.]pdf.ts"),

  // Accounts
  route("auth", "routes/auth.tsx"),
  route("logout", "routes/logout.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("invite/:token", "routes/invite.$token.tsx"),
  route("account/switch", "routes/account.switch.ts"),

  // Public report pages
  route("share/:token", "routes/share.$token.tsx"),
  route("diagram-demo", "routes/diagram-demo.tsx"),
  route("diagram-demo/:reportId", "routes/diagram-demo.$reportId.tsx"),
  // A shop answers a quote request through its emailed link, without an account.
  route("repair-quote/:token", "routes/repair-quote.$token.tsx"),

  // The signed-in pages: the layout requires the session once and keeps the header on errors.
  layout("routes/_app.tsx", [
    route("account", "routes/account.tsx"),
    route("app", "routes/app.tsx"),
    route("analysis/:reportId", "routes/analysis.$reportId.tsx"),
    route("dashboard", "routes/dashboard.tsx"),
    route("concierge-dashboard", "routes/concierge-dashboard.tsx"),
    ...prefix("dashboard", [
      route("vehicles/new", "routes/dashboard.vehicles.new.tsx"),
      route("vehicle/:vehicleId", "routes/dashboard.vehicle.$vehicleId.tsx"),
      route("vehicle/:vehicleId/host-plans", "routes/dashboard.vehicle.$vehicleId.host-plans.tsx"),
      route("rates", "routes/dashboard.rates.tsx"),
      route("share-links", "routes/dashboard.share-links.tsx"),
      route("trips", "routes/dashboard.trips.tsx"),
      route("trips/new", "routes/dashboard.trips.new.tsx"),
      route("trip/:tripId", "routes/dashboard.trip.$tripId.tsx"),
      route("claims", "routes/dashboard.claims.tsx"),
      route("claims/new", "routes/dashboard.claims.new.tsx"),
      route("claim/:claimId", "routes/dashboard.claim.$claimId.tsx"),
      route("inbox", "routes/dashboard.inbox.tsx"),
      route("inbox/knowledge", "routes/dashboard.inbox.knowledge.tsx"),
      route("inbox/setup", "routes/dashboard.inbox.setup.tsx"),
      route(
        "inbox/email/:emailId/guest-message",
        "routes/dashboard.inbox.email.$emailId.guest-message.tsx",
      ),
      route("inbox/:conversationId", "routes/dashboard.inbox.$conversationId.tsx"),
    ]),
    route("diagram-dashboard/:vehicleId", "routes/diagram-dashboard.$vehicleId.tsx"),
    route("repair-quote", "routes/repair-quote.tsx"),
    route("subscription", "routes/subscription.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("checkout/success", "routes/checkout.success.tsx"),
  ]),

  // Resource routes (files, JSON, health). They answer on their own, outside any layout:
  // signed-out requests get what each route decides (a redirect or a JSON 401).
  route("analysis/:reportId/pdf", "routes/analysis.$reportId.pdf.ts"),
  route("dashboard/claim/:claimId/packet.pdf", "routes/dashboard.claim.$claimId.packet[.]pdf.ts"),
  route("dashboard/inbox/new-address", "routes/dashboard.inbox.new-address.ts"),
  route("photos/:photoId", "routes/photos.$photoId.ts"),
  route("logos/:name", "routes/logos.$name.ts"),
  route("share/:token/pdf", "routes/share.$token.pdf.ts"),
  route("share/packet/:token", "routes/share.packet.$token.ts"),
  route("dashboard/inbox/email/:emailId", "routes/dashboard.inbox.email.$emailId.ts"),
  route("share/:token/photos/:photoId", "routes/share.$token.photos.$photoId.ts"),
  route("healthz", "routes/healthz.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  ...prefix("api", [
    route("demo-leads", "routes/api.demo-leads.ts"),
    route("user", "routes/api.user.ts"),
    route("login", "routes/api.login.ts"),
    route("register", "routes/api.register.ts"),
    route("concierge/register", "routes/api.concierge.register.ts"),
    route("logout", "routes/api.logout.ts"),
    route("request-password-reset", "routes/api.request-password-reset.ts"),
    route("resend-verification", "routes/api.resend-verification.ts"),
    route("user/available-accounts", "routes/api.user.available-accounts.ts"),
    route("user/switch-account", "routes/api.user.switch-account.ts"),
    route("user/time-zone", "routes/api.user.time-zone.ts"),
    route("user/vehicles", "routes/api.user.vehicles.ts"),
    route("dashboard", "routes/api.dashboard.ts"),
    route("photos", "routes/api.photos.ts"),
    route("analysis", "routes/api.analysis.ts"),
    route("analysis/:reportId", "routes/api.analysis.$reportId.ts"),
    route("analysis/:reportId/findings", "routes/api.analysis.$reportId.findings.ts"),
    route("analysis/:reportId/finalize", "routes/api.analysis.$reportId.finalize.ts"),
    route("analysis/:reportId/revisions", "routes/api.analysis.$reportId.revisions.ts"),
    route("analysis/:reportId/pdf", "routes/api.analysis.$reportId.pdf.ts"),
    route("trips", "routes/api.trips.ts"),
    route("trips/import", "routes/api.trips.import.ts"),
    route("claims", "routes/api.claims.ts"),
    route("claims/:claimId", "routes/api.claims.$claimId.ts"),
    route("claims/:claimId/packet.pdf", "routes/api.claims.$claimId.packet[.]pdf.ts"),
    route("inbound", "routes/api.inbound.ts"),
    route("inbound/email/:token", "routes/api.inbound.email.$token.ts"),
    route("inbound/email/:token/mime", "routes/api.inbound.email.$token.mime.ts"),
    route("conversations", "routes/api.conversations.ts"),
    route("knowledge", "routes/api.knowledge.ts"),
    route("conversations/:conversationId", "routes/api.conversations.$conversationId.ts"),
    route(
      "conversations/:conversationId/drafts",
      "routes/api.conversations.$conversationId.drafts.ts",
    ),
    route("repair-confirmations", "routes/api.repair-confirmations.ts"),
    route("stripe/webhook", "routes/api.stripe.webhook.ts"),
  ]),

  route("*", "routes/$.ts"),
] satisfies RouteConfig;
