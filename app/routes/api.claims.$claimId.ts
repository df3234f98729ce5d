import type { Route } from "./+types/api.claims.$claimId";
import { requireApiFeature } from "~/lib/billing/gates.server";
import { accountMembers } from "~/lib/auth/accounts.server";
import { requireApiSession } from "~/lib/auth/guards.server";
import { memberNames } from "~/lib/claims/claim-api.server";
import { claimChangeApiSchema } from "~/lib/claims/claim-input";
import { changeClaim, claimHistory, claimJson, getClaim } from "~/lib/claims/claims.server";
import { recordEvent } from "~/lib/analytics/server";
import { catchInputError } from "~/lib/http/input-error";
import { inputErrorJson, readJsonInput } from "~/lib/http/json-input.server";
import { jsonError, methodNotAllowed, NOT_FOUND, privateJson } from "~/lib/http/json";
import { getTrip } from "~/lib/trips/trips.server";

function claimResponse(accountId: string, claimId: string, status = 200) {
  const claim = getClaim(accountId, claimId);
  const trip = claim ? getTrip(accountId, claim.tripId) : undefined;
  if (!claim || !trip) return jsonError(404, NOT_FOUND);
  return privateJson(
    {
      claim: claimJson(
        claim,
        trip,
        claimHistory(accountId, claim.id),
        Date.now(),
        memberNames(accountMembers(accountId)),
      ),
    },
    { status },
  );
}

/** GET /api/claims/{id}: the claim with `status`, `history` and `deadlines`; 404 if not this account's. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  return claimResponse(session.accountId, params.claimId);
}

/**
 * PATCH /api/claims/{id} (JSON: status, claimedCents — while a draft — approvedCents, paidCents,
 * note) → 200 { claim }; a move the claim can't make → 409; a missing amount (filing without the
 * amount claimed, too) → 400.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("GET, PATCH");
  const session = await requireApiSession(request);
  requireApiFeature(session, "claims");
  const input = await readJsonInput(request, claimChangeApiSchema, "Check the change.");
  if (!input.ok) return input.response;
  const actor = { accountId: session.accountId, userId: session.user.id, role: session.role };
  return catchInputError(
    () => {
      if (!changeClaim(actor, params.claimId, input.data)) return jsonError(404, NOT_FOUND);
      recordEvent(
        "feature_usage",
        { feature: "claims", action: input.data.status ?? "note" },
        session.user.id,
      );
      return claimResponse(session.accountId, params.claimId);
    },
    (error) => inputErrorJson(error, { onField: true }),
  );
}
