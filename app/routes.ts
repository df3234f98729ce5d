import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { claimsPath, protectionPlanPath } from "./config/marketplace";

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

  // Free tools and the marketplace claims page
  route("claims-roi-calculator", "routes/tools/claims-roi-calculator.tsx"),
  route("fleet-audit-calculator", "routes/tools/fleet-audit-calculator.tsx"),
  route("guest-message-templates", "routes/tools/guest-message-templates.tsx"),
  route(protectionPlanPath.slice(1), "routes/tools/protection-plan.tsx"),
  route("file-guest-insurance", "routes/tools/file-guest-insurance.tsx"),
  route("file-guest-insurance/letter.pdf", "routes/tools/file-guest-insurance.pdf.ts"),
  route(claimsPath.slice(1), "routes/tools/marketplace-claims.tsx"),

  // Accounts
  route("auth", "routes/auth.tsx"),
  route("logout", "routes/logout.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("invite/:token", "routes/invite.tsx"),
  route("account", "routes/account.tsx"),
  route("account/switch", "routes/account.switch.ts"),

  // Damage estimates
  route("app", "routes/estimates/app.tsx"),
  route("analysis/:reportId", "routes/estimates/analysis.tsx"),
  route("analysis/:reportId/pdf", "routes/estimates/analysis.pdf.ts"),
  route("photos/:photoId", "routes/estimates/photo.ts"),
  route("share/:token", "routes/estimates/share.tsx"),
  route("share/:token/pdf", "routes/estimates/share.pdf.ts"),
  route("share/:token/photos/:photoId", "routes/estimates/share.photo.ts"),
  route("diagram-demo", "routes/estimates/diagram-demo.tsx"),
  route("diagram-demo/:reportId", "routes/estimates/diagram-demo.report.tsx"),
  route("dashboard", "routes/dashboard/index.tsx"),
  route("dashboard/vehicles/new", "routes/dashboard/vehicle-new.tsx"),
  route("dashboard/vehicle/:vehicleId", "routes/dashboard/vehicle.tsx"),
  route("dashboard/rates", "routes/dashboard/rates.tsx"),
  route("dashboard/share-links", "routes/dashboard/share-links.tsx"),
  route("diagram-dashboard/:vehicleId", "routes/dashboard/diagram.tsx"),

  // Resource routes
  route("healthz", "routes/healthz.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("api/demo-leads", "routes/api.demo-leads.ts"),
  route("api/user", "routes/api/user.ts"),
  route("api/login", "routes/api/login.ts"),
  route("api/register", "routes/api/register.ts"),
  route("api/concierge/register", "routes/api/concierge-register.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("api/request-password-reset", "routes/api/request-password-reset.ts"),
  route("api/resend-verification", "routes/api/resend-verification.ts"),
  route("api/user/available-accounts", "routes/api/available-accounts.ts"),
  route("api/user/switch-account", "routes/api/switch-account.ts"),
  route("api/user/vehicles", "routes/api/vehicles.ts"),
  route("api/dashboard", "routes/api/dashboard.ts"),
  route("api/photos", "routes/api/photos.ts"),
  route("api/analysis", "routes/api/analysis.ts"),
  route("api/analysis/:reportId", "routes/api/analysis.report.ts"),
  route("api/analysis/:reportId/findings", "routes/api/analysis.findings.ts"),
  route("api/analysis/:reportId/pdf", "routes/api/analysis.pdf.ts"),

  route("*", "routes/catchall.ts"),
] satisfies RouteConfig;
