import type { Route } from "./+types/api.claims.$claimId.packet[.]pdf";
import { requireApiSession } from "~/lib/auth/guards.server";
import { claimPacketResponse } from "~/lib/claims/packet.server";

/** GET /api/claims/{id}/packet.pdf: the claim's evidence packet; 404 for another account's claim. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  return claimPacketResponse(session.accountId, params.claimId, { userId: session.user.id });
}
