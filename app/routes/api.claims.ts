import type { Route } from "./+types/api.claims";
import { requireApiFeature } from "~/lib/billing/gates.server";
import { accountMembers } from "~/lib/auth/accounts.server";
import { requireApiSession } from "~/lib/auth/guards.server";
import { memberNames } from "~/lib/claims/claim-api.server";
import { newClaimApiSchema } from "~/lib/claims/claim-input";
import { claimListPage, readClaimListRequest } from "~/lib/claims/claim-list.server";
import { claimHistories, claimHistory, claimJson, createClaim } from "~/lib/claims/claims.server";
import { routeAdvisorRecords } from "~/lib/claims/route-advisor.server";
import { recordEvent } from "~/lib/analytics/server";
import { catchInputError } from "~/lib/http/input-error";
import { inputErrorJson, readJsonInput } from "~/lib/http/json-input.server";
import { jsonError, methodNotAllowed, privateJson } from "~/lib/http/json";
import { getTrip } from "~/lib/trips/trips.server";

/**
 * GET /api/claims[?show=open|finished&status=&limit=&cursor=]: this account's claims, each with
 * its history and deadlines: every claim newest first, or the open ones (oldest trip end first)
 * or finished ones (latest change first). `limit` (50, at most 200) a page; `nextCursor` (null on
 * the last page) asks for the next one. A bad limit, cursor or filter is a 400.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const list = readClaimListRequest(new URL(request.url).searchParams, "all");
  if (!list.ok) return jsonError(400, list.message);
  const page = claimListPage(session.accountId, list.filters, list);
  const names = memberNames(accountMembers(session.accountId));
  const histories = claimHistories(
    session.accountId,
    page.rows.map(({ claim }) => claim.id),
  );
  const advisorRecords = routeAdvisorRecords(session.accountId, page.rows);
  const now = Date.now();
  return privateJson({
    claims: page.rows.map(({ claim, trip }) =>
      claimJson(claim, trip, histories.get(claim.id) ?? [], now, names, advisorRecords),
    ),
    nextCursor: page.nextCursor,
  });
}

/**
 * POST /api/claims (JSON: tripId, kind, optional reportId — a finalized estimate — claimedCents
 * and note) → 201 { claim }, a draft at once even without an amount (its deadlines count from the
 * trip's end; filing needs the amount); 400 { error, fieldErrors }; 404 for another account's
 * trip or estimate; 409 for an estimate without a final revision.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const session = await requireApiSession(request);
  requireApiFeature(session, "claims");
  const input = await readJsonInput(request, newClaimApiSchema, "Check the claim.");
  if (!input.ok) return input.response;
  const actor = { accountId: session.accountId, userId: session.user.id, role: session.role };
  return catchInputError(
    () => {
      const claim = createClaim(actor, input.data);
      recordEvent("feature_usage", { feature: "claims", action: "create" }, session.user.id);
      const trip = getTrip(session.accountId, claim.tripId)!;
      return privateJson(
        {
          claim: claimJson(
            claim,
            trip,
            claimHistory(session.accountId, claim.id),
            Date.now(),
            memberNames(accountMembers(session.accountId)),
          ),
        },
        { status: 201 },
      );
    },
    (error) => inputErrorJson(error, { onField: true }),
  );
}
