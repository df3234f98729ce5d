import type { Route } from "./+types/account.switch";
import { requireSession } from "~/lib/auth/guards.server";
import { switchAccount } from "~/lib/auth/switch.server";
import { readForm } from "~/lib/http/form.server";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { redirect } from "react-router";

/** The form-post version of the account switch (works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  const redirectTo = safeRedirect(form?.get("redirectTo"), "/account");
  const accountId = form?.get("accountId");
  if (accountId === session.accountId) throw redirect(redirectTo);
  const result = await switchAccount(session, accountId, request, context);
  if (!result.ok) {
    return redirectWithToast(redirectTo, {
      title: "Error",
      description: result.error || "Failed to switch account",
      variant: "destructive",
    });
  }
  return redirect(redirectTo, { headers: result.headers });
}

export const loader = () => redirect("/account");
