/** "Jordan Lee" (or the username) of each member, for a claim's history. */
export function memberNames(
  members: ReadonlyArray<{
    userId: string;
    username: string;
    firstName: string | null;
    lastName: string | null;
  }>,
): Map<string, string> {
  return new Map(
    members.map((member) => [
      member.userId,
      [member.firstName, member.lastName].filter(Boolean).join(" ") || member.username,
    ]),
  );
}
