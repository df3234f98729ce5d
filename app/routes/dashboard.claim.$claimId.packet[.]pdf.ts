import type { Route } from "./+types/dashboard.claim.$claimId.packet[.]pdf";
import { requireSession } from "~/lib/auth/guards.server";
import { claimPacketResponse } from "~/lib/claims/packet.server";

/** GET /dashboard/claim/{id}/packet.pdf: the claim's evidence packet. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  return claimPacketResponse(session.accountId, params.claimId, { userId: session.user.id });
}
