import { describe, expect, it } from "vitest";
import {
  accountLabel,
  fleetSizeLabel,
  initials,
  roleBadge,
  showAccountSwitcher,
  type AvailableAccount,
} from "./account-labels";

const account = (
  over: Partial<AvailableAccount> & { owner?: Partial<AvailableAccount["accountOwner"]> } = {},
) => ({
  accountId: "a1",
  role: "va",
  isOwnAccount: false,
  ...over,
  accountOwner: {
    firstName: "Maya",
    lastName: "Lopez",
    email: "maya@fleet.test",
    conciergeFleetSize: 12,
    ...over.owner,
  },
});

describe("account display rules", () => {
  it("labels accounts with the fallbacks: My Account, names, email, Unknown Account", () => {
    expect(accountLabel(account({ isOwnAccount: true }))).toBe("My Account");
    expect(accountLabel(account())).toBe("Maya Lopez's Account");
    expect(accountLabel(account({ owner: { lastName: null } }))).toBe("maya@fleet.test's Account");
    expect(accountLabel(account({ owner: { firstName: null, lastName: null, email: null } }))).toBe(
      "Unknown Account",
    );
  });

  it("badges roles: Owner purple, Team blue, VA green, others raw in gray", () => {
    expect(roleBadge("primary")).toEqual({
      label: "Owner",
      className: expect.stringContaining("purple"),
    });
    expect(roleBadge("team_member")).toEqual({
      label: "Team",
      className: expect.stringContaining("blue"),
    });
    expect(roleBadge("va")).toEqual({ label: "VA", className: expect.stringContaining("green") });
    expect(roleBadge("auditor")).toEqual({
      label: "auditor",
      className: expect.stringContaining("slate"),
    });
  });

  it("shows the switcher only for several accounts or someone else's", () => {
    expect(showAccountSwitcher([account({ isOwnAccount: true })])).toBe(false);
    expect(showAccountSwitcher([account()])).toBe(true);
    expect(showAccountSwitcher([account({ isOwnAccount: true }), account()])).toBe(true);
    expect(showAccountSwitcher([])).toBe(false);
  });

  it("builds avatar initials", () => {
    expect(initials({ firstName: "maya", lastName: "lopez", username: "ml" })).toBe("ML");
    expect(initials({ firstName: "Maya", lastName: "", username: "fleetqueen" })).toBe("FL");
    expect(initials({ username: "x" })).toBe("X");
    expect(initials({})).toBe("U");
  });

  it("shows N/A for a missing fleet size", () => {
    expect(fleetSizeLabel(null)).toBe("N/A");
    expect(fleetSizeLabel(0)).toBe("0");
  });
});
