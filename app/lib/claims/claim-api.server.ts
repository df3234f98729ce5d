import { jsonError } from "~/lib/http/json";
import { ClaimInputError } from "./claims.server";

/** A claim change the rules refuse, as the API's error shape; anything else is rethrown. */
export function claimInputErrorResponse(error: unknown): Response {
  if (!(error instanceof ClaimInputError)) throw error;
  return jsonError(error.status, error.message, { fieldErrors: { [error.field]: error.message } });
}

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
