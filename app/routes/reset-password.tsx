import { Form, Link, type AppLoadContext } from "react-router";
import type { Route } from "./+types/reset-password";
import { FormAlert, FormField } from "~/components/form-field";
import { RESET_LINK_INVALID } from "~/lib/auth/messages";
import { newPasswordSchema, resetRequestSchema } from "~/lib/auth/schemas";
import { requestPasswordReset, resetPassword } from "~/lib/auth/service.server";
import { peekToken } from "~/lib/auth/tokens.server";
import { env } from "~/lib/runtime/env.server";
import { errorsOf, formConstraints, parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { formProps, useServerForm } from "~/lib/http/server-form";
import { pageMeta } from "~/lib/ui/meta";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import type { Toast } from "~/lib/ui/toast";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { useActionToast } from "~/lib/ui/toast-store";
import { intentSchema, postedFields, type IntentHandlers } from "~/lib/http/intent";

/** Asking for a link, or choosing the new password with one. */
type Intent = "request" | "reset";

/** Never sent back to the page. */
const SECRETS = ["password", "confirmPassword", "token"];

export const RESET_SENT: Toast = {
  id: "reset-sent",
  title: "Password Reset Email Sent",
  description:
    "If an account with that email exists, we've sent instructions to reset your password",
  variant: "default",
};

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    token: token ?? null,
    tokenValid: token ? peekToken(token, "reset_password") !== null : false,
    // The forms validate on the server; the browser gets the schemas' native constraints.
    constraints: {
      request: formConstraints(resetRequestSchema),
      reset: formConstraints(newPasswordSchema),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form)
    return formReply<Intent>(null, { status: 400, formError: "We couldn't read that form." });
  const { intent } = postedFields(form, resetPostSchema);
  return resetIntents[intent]({ form, context });
}

const resetIntents = {
  reset: ({ form }) => reset(form),
  request: ({ form, context }) => requestLink(form, context),
} satisfies IntentHandlers<Intent, { form: FormData; context: AppLoadContext }>;

/** The page's two forms: a new password (`reset`), or the email for a link (no intent). */
const resetPostSchema = intentSchema(["reset", "request"], { fallback: "request" });

async function reset(form: FormData) {
  const submission = parseSubmission(form, newPasswordSchema);
  if (submission.status !== "success") {
    return formReply<Intent>(submission, {
      status: 400,
      intent: "reset",
      // The token is hidden: its error is the link's.
      formError: submission.error?.token ? RESET_LINK_INVALID : undefined,
      hideFields: SECRETS,
    });
  }
  const result = await resetPassword(submission.value.token, submission.value.password);
  if (!result.ok)
    return formReply<Intent>(submission, {
      status: result.status,
      intent: "reset",
      formError: result.message,
      hideFields: SECRETS,
    });
  return redirectWithToast("/auth", {
    title: "Password updated",
    description: "Sign in with your new password.",
  });
}

function requestLink(form: FormData, context: AppLoadContext) {
  const submission = parseSubmission(form, resetRequestSchema);
  if (!checkRateLimit(clientIp(context), "reset").allowed) {
    return formReply<Intent>(submission, {
      status: 429,
      intent: "request",
      formError: RATE_LIMIT_MESSAGE,
      toast: {
        id: `reset-${Date.now()}`,
        title: "Request Failed",
        description: RATE_LIMIT_MESSAGE,
        variant: "destructive",
      },
    });
  }
  if (submission.status !== "success")
    return formReply<Intent>(submission, { status: 400, intent: "request" });
  // The same answer whether or not the address has an account.
  requestPasswordReset(submission.value.email);
  return formReply<Intent>(submission, {
    intent: "request",
    toast: { ...RESET_SENT, id: `reset-${Date.now()}` },
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Reset your password",
    path: "/reset-password",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const settingPassword = loaderData.token !== null;
  const intent: Intent = settingPassword ? "reset" : "request";
  // A reply without an intent (an unreadable post) belongs to the form on the page.
  const lastResult =
    actionData && (actionData.intent ?? intent) === intent ? actionData.result : undefined;
  const [form, fields] = useServerForm(
    lastResult,
    { ...loaderData.constraints.request, ...loaderData.constraints.reset }, // no shared names
    { id: intent },
  );
  const sent = !settingPassword && lastResult?.status === "success";
  // A post for the other form (a used link posted to /reset-password, say) still reaches the person.
  const other = lastResult ? {} : errorsOf(actionData?.result);
  const message = form.errors?.[0] ?? other.form ?? Object.values(other)[0];

  return (
    <div className="container-page flex max-w-md flex-col py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {settingPassword ? "Choose a new password" : "Reset your password"}
      </h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {settingPassword && !loaderData.tokenValid ? (
          <>
            <FormAlert message={RESET_LINK_INVALID} />
            <Link to="/reset-password" className="btn-primary mt-4">
              Request a new link
            </Link>
          </>
        ) : settingPassword ? (
          <Form method="post" className="space-y-4" {...formProps(form)}>
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <FormAlert message={message} />
            <FormField
              field={fields.password}
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              hint="At least 8 characters. Signing in with it ends your other sessions."
            />
            <FormField
              field={fields.confirmPassword}
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              required
            />
            <button type="submit" className="btn-primary w-full py-3">
              Set new password
            </button>
          </Form>
        ) : (
          <Form method="post" className="space-y-4" {...formProps(form)}>
            <input type="hidden" name="intent" value="request" />
            {sent ? (
              <FormAlert
                tone="success"
                message={`${RESET_SENT.title}. ${RESET_SENT.description}.`}
              />
            ) : (
              <FormAlert message={message} />
            )}
            <p className="text-slate-700">
              Enter the email of your account and we'll send you a link to choose a new password.
            </p>
            <FormField
              field={fields.email}
              label="Email"
              type="email"
              autoComplete="email"
              required
            />
            <button type="submit" className="btn-primary w-full py-3">
              Send reset link
            </button>
            <p className="text-center text-sm">
              <Link to="/auth" className="text-brand-700 underline">
                Back to sign in
              </Link>
            </p>
          </Form>
        )}
      </div>
    </div>
  );
}
