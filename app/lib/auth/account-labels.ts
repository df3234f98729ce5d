/** Account labels and role badges, shared by the header (browser) and the server. */

export type Role = "primary" | "team_member" | "va";

export interface AvailableAccount {
  accountId: string;
  role: Role | string;
  isOwnAccount: boolean;
  accountOwner: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    conciergeFleetSize: number | null;
  };
}

export interface AvailableAccountsResponse {
  accounts: AvailableAccount[];
  currentAccountId: string;
}

/** 'My Account', "First Last's Account", "{email}'s Account", else 'Unknown Account'. */
export function accountLabel(account: AvailableAccount): string {
  if (account.isOwnAccount) return "My Account";
  const { firstName, lastName, email } = account.accountOwner;
  if (firstName && lastName) return `${firstName} ${lastName}'s Account`;
  if (email) return `${email}'s Account`;
  return "Unknown Account";
}

/** Owner (purple), Team (blue), VA (green); any other role raw, in gray. */
export function roleBadge(role: string): { label: string; className: string } {
  switch (role) {
    case "primary":
      return { label: "Owner", className: "bg-purple-100 text-purple-800" };
    case "team_member":
      return { label: "Team", className: "bg-blue-100 text-blue-800" };
    case "va":
      return { label: "VA", className: "bg-green-100 text-green-800" };
    default:
      return { label: role, className: "bg-slate-100 text-slate-700" };
  }
}

/** The switcher shows only with more than one account or any account that is not the user's own. */
export function showAccountSwitcher(accounts: AvailableAccount[]): boolean {
  return accounts.length > 1 || accounts.some((account) => !account.isOwnAccount);
}

/** Avatar initials: first letters of first and last name; else two letters of the username; else U. */
export function initials(user: {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}) {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const username = user.username?.trim();
  if (username) return username.slice(0, 2).toUpperCase();
  return "U";
}

export function fleetSizeLabel(size: number | null | undefined): string {
  return size === null || size === undefined ? "N/A" : String(size);
}
