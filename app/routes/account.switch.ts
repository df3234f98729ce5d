import type { Route } from "./+types/account.switch";
import { requireSession } from "~/lib/auth/guards.server";
import { switchAccount } from "~/lib/auth/switch.server";
import { readForm } from "~/lib/http/form.server";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { redirect } from "react-router";
import { z } from "zod";
import { postedEntry, postedFields } from "~/lib/http/intent";

/** The switcher's fields, each checked where it is used (an unreadable body has neither). */
const switchSchema = z.object({ redirectTo: postedEntry, accountId: postedEntry });

/** The form-post version of the account switch (works without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  const fields = form ? postedFields(form, switchSchema) : {};
  const redirectTo = safeRedirect(fields.redirectTo, "/account");
  const accountId = fields.accountId;
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
