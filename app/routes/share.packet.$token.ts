import type { Route } from "./+types/share.packet.$token";
import { resolvePacketToken } from "~/lib/claims/packet-links.server";
import { claimPacketResponse } from "~/lib/claims/packet.server";

/** GET /share/packet/{token}: the claim's evidence packet (PDF) while the link is live. */
export async function loader({ params }: Route.LoaderArgs) {
  const shared = resolvePacketToken(params.token);
  if (!shared) throw new Response("Not Found", { status: 404 });
  return claimPacketResponse(shared.accountId, shared.claimId, "share-link");
}
