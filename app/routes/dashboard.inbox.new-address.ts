import type { Route } from "./+types/dashboard.inbox.new-address";
import { requireFeature } from "~/lib/billing/gates.server";
import { requireOwner, requireSession } from "~/lib/auth/guards.server";
import { rotateInboundToken } from "~/lib/inbox/inbound-token.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { redirect } from "react-router";

/**
 * POST /dashboard/inbox/new-address (a form post from the inbox's forwarding setup page): the
 * owner replaces the account's inbound token; the old webhook URL and address stop working.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  requireFeature(session, "inbox");
  requireOwner(session);
  rotateInboundToken(session.accountId);
  return redirectWithToast("/dashboard/inbox/setup#new-address", {
    title: "New forwarding address made",
    description:
      "The old address and webhook URL no longer work. Update your email forwarding and your provider's inbound route.",
  });
}

export const loader = () => redirect("/dashboard/inbox/setup#new-address");
