/**
 * The first-run checklist on the dashboard: the five things that make the product useful to a
 * host, each ticked by what the account already holds, until all are done.
 */
import { marketplace } from "~/config/marketplace";

export interface SetupFacts {
  hasVehicles: boolean;
  hasTrips: boolean;
  /** A forwarded marketplace email has arrived. */
  hasForwardedEmail: boolean;
  hasKnowledge: boolean;
  /** Someone else is a member, or an invitation is waiting. */
  hasTeam: boolean;
}

export interface SetupItem {
  id: keyof SetupFacts;
  label: string;
  detail: string;
  href: string;
  done: boolean;
}

const ITEMS: ReadonlyArray<Omit<SetupItem, "done">> = [
  {
    id: "hasVehicles",
    label: "Add your cars",
    detail: "Estimates, damage history and host plans are kept per car.",
    href: "/dashboard/vehicles/new",
  },
  {
    id: "hasTrips",
    label: "Import your trips",
    detail: `${marketplace.name}'s trip export sets every claim deadline.`,
    href: "/dashboard/trips",
  },
  {
    id: "hasForwardedEmail",
    label: `Forward ${marketplace.name}'s emails`,
    detail: "Guest messages and trip notices reach your inbox and the drafts.",
    href: "/dashboard/inbox#forwarding",
  },
  {
    id: "hasKnowledge",
    label: "Fill the knowledge base",
    detail: "Pickup, parking and rules: what reply drafts answer from.",
    href: "/dashboard/inbox/knowledge",
  },
  {
    id: "hasTeam",
    label: "Invite your team or VA",
    detail: "Share the claims and the inbox, each with their own sign-in.",
    href: "/account#team-heading",
  },
];

/** The checklist, or null once every item is done. */
export function setupChecklist(facts: SetupFacts): SetupItem[] | null {
  const items = ITEMS.map((item) => ({ ...item, done: facts[item.id] }));
  return items.every((item) => item.done) ? null : items;
}
