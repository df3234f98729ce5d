import type { Route } from "./+types/dashboard.inbox.email.$emailId";
import { requireSession } from "~/lib/auth/guards.server";
import { inboundOriginal } from "~/lib/inbox/unread-emails.server";

/** GET /dashboard/inbox/email/{id}: a received email's original, the exact bytes received. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const raw = await inboundOriginal(session.accountId, params.emailId);
  if (raw === null) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(raw), {
    headers: {
      // No charset: the message declares its own, part by part.
      "Content-Type": "message/rfc822",
      "Content-Length": String(raw.length),
      "Content-Disposition": `attachment; filename="email-${params.emailId.slice(0, 8)}.eml"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
