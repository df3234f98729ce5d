import { protectionPlanPath } from "./marketplace";

/** The five free tools, in the order the footer lists them. */
export const freeTools = [
  { path: "/claims-roi-calculator", name: "Claims ROI Calculator" },
  { path: "/fleet-audit-calculator", name: "Fleet Audit Calculator" },
  { path: "/guest-message-templates", name: "Guest Message Templates" },
  { path: protectionPlanPath, name: "Check Guest's Protection Plan" },
  { path: "/file-guest-insurance", name: "File with Guest's Insurance" },
] as const;
