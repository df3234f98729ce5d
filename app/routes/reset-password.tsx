import { data, Form, Link } from "react-router";
import type { Route } from "./+types/reset-password";
import { FormAlert, FormField } from "~/components/form-field";
import { newPasswordSchema, RESET_LINK_INVALID, resetRequestSchema } from "~/lib/auth/schemas";
import { requestPasswordReset, resetPassword } from "~/lib/auth/service.server";
import { peekToken } from "~/lib/auth/tokens.server";
import { env } from "~/lib/runtime/env.server";
import { formValues, parseForm, readForm, type FieldErrors } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import type { Toast } from "~/lib/ui/toast";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { useActionToast } from "~/lib/ui/toast-store";

export const RESET_SENT: Toast = {
  id: "reset-sent",
  title: "Password Reset Email Sent",
  description:
    "If an account with that email exists, we've sent instructions to reset your password",
  variant: "default",
};

interface ActionData {
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  formError?: string;
  sent?: boolean;
  toast?: Toast;
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    token: token ?? null,
    tokenValid: token ? peekToken(token, "reset_password") !== null : false,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form)
    return data<ActionData>(
      { fieldErrors: {}, values: {}, formError: "We couldn't read that form." },
      { status: 400 },
    );
  const values = formValues(form, ["password", "confirmPassword", "token"]);

  if (form.get("intent") === "reset") {
    const parsed = parseForm(newPasswordSchema, form);
    if (!parsed.ok) {
      const { token: badToken, ...fieldErrors } = parsed.fieldErrors;
      return data<ActionData>(
        { fieldErrors, values, formError: badToken ? RESET_LINK_INVALID : undefined },
        { status: 400 },
      );
    }
    const result = await resetPassword(parsed.data.token, parsed.data.password);
    if (!result.ok)
      return data<ActionData>(
        { fieldErrors: {}, values, formError: result.message },
        { status: result.status },
      );
    return redirectWithToast("/auth", {
      title: "Password updated",
      description: "Sign in with your new password.",
    });
  }

  if (!checkRateLimit(clientIp(context), "reset").allowed) {
    const toast: Toast = {
      id: `reset-${Date.now()}`,
      title: "Request Failed",
      description: RATE_LIMIT_MESSAGE,
      variant: "destructive",
    };
    return data<ActionData>(
      { fieldErrors: {}, values, formError: RATE_LIMIT_MESSAGE, toast },
      { status: 429 },
    );
  }
  const parsed = parseForm(resetRequestSchema, form);
  if (!parsed.ok)
    return data<ActionData>({ fieldErrors: parsed.fieldErrors, values }, { status: 400 });
  // The same answer whether or not the address has an account.
  requestPasswordReset(parsed.data.email);
  return data<ActionData>({
    fieldErrors: {},
    values,
    sent: true,
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
  const errors = actionData?.fieldErrors ?? {};
  useActionToast(actionData?.toast);
  const settingPassword = loaderData.token !== null;
  // An error on a field this form doesn't show (a crafted post) still reaches the person.
  const shownFields = settingPassword ? ["password", "confirmPassword"] : ["email"];
  const formError =
    actionData?.formError ??
    Object.entries(errors).find(([field]) => !shownFields.includes(field))?.[1];

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
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <FormAlert message={formError} />
            <FormField
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              error={errors.password}
              hint="At least 8 characters. Signing in with it ends your other sessions."
            />
            <FormField
              name="confirmPassword"
              label="Repeat the new password"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmPassword}
            />
            <button type="submit" className="btn-primary w-full py-3">
              Set new password
            </button>
          </Form>
        ) : (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="request" />
            {actionData?.sent ? (
              <FormAlert
                tone="success"
                message={`${RESET_SENT.title}. ${RESET_SENT.description}.`}
              />
            ) : (
              <FormAlert message={formError} />
            )}
            <p className="text-slate-700">
              Enter the email of your account and we'll send you a link to choose a new password.
            </p>
            <FormField
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              defaultValue={actionData?.values.email}
              error={errors.email}
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
