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

  route("*", "routes/catchall.ts"),
] satisfies RouteConfig;
