import type { Route } from "./+types/dashboard.inbox.email.$emailId";
import { requireSession } from "~/lib/auth/guards.server";
import { inboundOriginal } from "~/lib/inbox/inbound.server";

/** GET /dashboard/inbox/email/{id}: a received email's original, as the .eml file it was. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const raw = inboundOriginal(session.accountId, params.emailId);
  if (raw === null) throw new Response("Not Found", { status: 404 });
  return new Response(raw, {
    headers: {
      "Content-Type": "message/rfc822",
      "Content-Disposition": `attachment; filename="email-${params.emailId.slice(0, 8)}.eml"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
