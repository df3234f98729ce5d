/** How long a read-only share link can work (shared by the share form and the server check). */
export const SHARE_LINK_DAYS = [7, 30, 90] as const;
export const DEFAULT_SHARE_LINK_DAYS = 30;

/** "Dana Okafor", or "Dana Okafor (no longer on the team)" once they have left the account. */
export function shareLinkCreatorLabel(creator: { name: string; stillMember: boolean }) {
  return creator.stillMember ? creator.name : `${creator.name} (no longer on the team)`;
}
