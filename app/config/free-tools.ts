import { marketplace, protectionPlanPath } from "./marketplace";

/** The five free tools, in the order the footer and the tools' own navigation list them. */
export const freeTools = [
  {
    path: "/claims-roi-calculator",
    name: "Claims ROI Calculator",
    summary:
      "How much damage money your fleet leaves on the table, and what recovering it faster is worth.",
  },
  {
    path: "/fleet-audit-calculator",
    name: "Fleet Audit Calculator",
    summary: `Monthly net profit per car after ${marketplace.name}'s share and your costs, and the cars losing money.`,
  },
  {
    path: "/guest-message-templates",
    name: "Guest Message Templates",
    summary:
      "Copy-ready messages for every stage of a trip: booking, pickup, returns, reviews, damage and tolls.",
  },
  {
    path: protectionPlanPath,
    name: "Check Guest's Protection Plan",
    summary: "What the guest owes at most, what your plan pays, your deductible and lost income.",
  },
  {
    path: "/file-guest-insurance",
    name: "File with Guest's Insurance",
    summary:
      "A professional claim letter to the guest's insurer with an evidence checklist, printable and as a PDF.",
  },
] as const;
