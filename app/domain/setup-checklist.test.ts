import { describe, expect, it } from "vitest";
import { setupChecklist } from "./setup-checklist";

const none = {
  hasVehicles: false,
  hasTrips: false,
  hasForwardedEmail: false,
  hasKnowledge: false,
  hasTeam: false,
};

describe("setup checklist", () => {
  it("lists the five first steps, each linking to its page, ticked by what the account holds", () => {
    const items = setupChecklist({ ...none, hasVehicles: true, hasKnowledge: true })!;
    expect(items.map((item) => [item.label, item.href, item.done])).toEqual([
      ["Add your cars", "/dashboard/vehicles/new", true],
      ["Import your trips", "/dashboard/trips", false],
      ["Forward Turo's emails", "/dashboard/inbox#forwarding", false],
      ["Fill the knowledge base", "/dashboard/inbox/knowledge", true],
      ["Invite your team or VA", "/account#team-heading", false],
    ]);
  });

  it("goes away once everything is done", () => {
    const all = Object.fromEntries(Object.keys(none).map((key) => [key, true])) as typeof none;
    expect(setupChecklist(all)).toBeNull();
    expect(setupChecklist({ ...all, hasTeam: false })).toHaveLength(5);
  });
});
