import { Form, Link, redirect, useNavigation, type AppLoadContext } from "react-router";
import type { Route } from "./+types/auth";
import { FormErrors, FormField } from "~/components/form-field";
import { RegistrationFields } from "~/components/registration-fields";
import { registerAndSignIn } from "~/lib/auth/register.server";
import { loginSchema, registerSchema, registrationMessage } from "~/lib/auth/schemas";
import { logIn } from "~/lib/auth/service.server";
import { getCurrentSession } from "~/lib/auth/session.server";
import { env } from "~/lib/runtime/env.server";
import { formConstraints, parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { formProps, useServerForm } from "~/lib/http/server-form";
import { safeRedirect } from "~/lib/http/safe-redirect";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { useActionToast } from "~/lib/ui/toast-store";
import { intentSchema, postedFields, type IntentHandlers } from "~/lib/http/intent";

/** Where people land after signing in when nothing asked for a page. */
export const DEFAULT_AFTER_SIGN_IN = "/dashboard";
/** New hosts land where they verify their email first. */
export const DEFAULT_AFTER_REGISTER = "/account";

type Mode = "login" | "register";

/**
 * "Try It Free" goes to the estimate tool, which sends a signed-out visitor here: someone new,
 * so the page opens on the registration form rather than "Welcome back".
 */
const FIRST_RUN_PATHS = ["/app"];

function opensRegistration(redirectTo: string): boolean {
  const path = redirectTo.split(/[?#]/)[0] ?? "";
  return FIRST_RUN_PATHS.includes(path);
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("redirectTo");
  // Empty unless the visitor came from a protected page: the action then picks by mode.
  const redirectTo = requested ? safeRedirect(requested, DEFAULT_AFTER_SIGN_IN) : "";
  if (await getCurrentSession(request)) throw redirect(redirectTo || DEFAULT_AFTER_SIGN_IN);
  const asked = url.searchParams.get("mode");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    mode: (asked === "register" || asked === "login"
      ? asked
      : opensRegistration(redirectTo)
        ? "register"
        : "login") as Mode,
    redirectTo,
    // The forms validate on the server; the browser gets the schemas' native constraints.
    constraints: { login: formConstraints(loginSchema), register: formConstraints(registerSchema) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return formReply<Mode>(null, { status: 400, intent: "login" });
  const { intent } = postedFields(form, authPostSchema);
  return authIntents[intent]({ form, request, context });
}

const authIntents = {
  register: ({ form, request, context }) => register(form, request, context),
  login: ({ form, request, context }) => signIn(form, request, context),
} satisfies IntentHandlers<Mode, { form: FormData; request: Request; context: AppLoadContext }>;

/** The page's two forms: registration, or signing in (anything else). */
const authPostSchema = intentSchema(["register", "login"], { fallback: "login" });

async function signIn(form: FormData, request: Request, context: AppLoadContext) {
  const submission = parseSubmission(form, loginSchema);
  if (submission.status !== "success")
    return formReply<Mode>(submission, { status: 400, intent: "login", hideFields: ["password"] });
  const result = await logIn(submission.value, request, context);
  if (!result.ok) {
    return formReply<Mode>(submission, {
      status: result.status,
      intent: "login",
      formError: result.message,
      hideFields: ["password"],
      toast: {
        id: `login-${Date.now()}`,
        title: "Login failed",
        description: result.message || "Login failed",
        variant: "destructive",
      },
      headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {},
    });
  }
  return redirectWithToast(
    safeRedirect(submission.value.redirectTo || null, DEFAULT_AFTER_SIGN_IN),
    { title: "Welcome back!" },
    { headers: { "Set-Cookie": result.value.setCookie } },
  );
}

async function register(form: FormData, request: Request, context: AppLoadContext) {
  const submission = parseSubmission(form, registerSchema);
  if (submission.status !== "success")
    return formReply<Mode>(submission, {
      status: 400,
      intent: "register",
      hideFields: ["password"],
    });
  const outcome = await registerAndSignIn(submission.value, request, context);
  if (!outcome.ok) {
    const message = registrationMessage(outcome.error, false);
    return formReply<Mode>(submission, {
      status: outcome.status,
      intent: "register",
      formError: message,
      fieldErrors: outcome.field ? { [outcome.field]: message } : undefined,
      hideFields: ["password"],
      toast: {
        id: `register-${Date.now()}`,
        title: "Registration failed",
        description: message,
        variant: "destructive",
      },
    });
  }
  return redirectWithToast(
    safeRedirect(submission.value.redirectTo || null, DEFAULT_AFTER_REGISTER),
    {
      title: "Account created successfully!",
      description: "Check your email to verify your account.",
    },
    { headers: { "Set-Cookie": outcome.setCookie } },
  );
}

/** A refused sign-in (429 locked or rate limited, 503 busy) tells the client when to retry. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : loaderHeaders;
};

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Sign in",
    description: "Sign in to FleetAssist or create a free account.",
    path: "/auth",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  const mode = actionData?.intent ?? loaderData.mode;
  const [form, fields] = useServerForm(
    actionData?.intent === mode ? actionData.result : undefined,
    // Both forms' fields, the shown form's constraints last (both have a password).
    mode === "login"
      ? { ...loaderData.constraints.register, ...loaderData.constraints.login }
      : { ...loaderData.constraints.login, ...loaderData.constraints.register },
    { id: mode },
  );
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData?.toast);
  const tab = (target: Mode, label: string) => (
    <Link
      to={`?${new URLSearchParams({ mode: target, redirectTo: loaderData.redirectTo })}`}
      replace
      aria-current={mode === target ? "page" : undefined}
      className={`flex-1 rounded-lg px-4 py-2 text-center text-sm font-semibold ${
        mode === target
          ? "bg-white text-brand-700 shadow-sm"
          : "text-slate-700 hover:text-slate-900"
      }`}
    >
      {label}
    </Link>
  );

  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page flex max-w-md flex-col py-12 sm:py-16">
        <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {mode === "login" ? "Sign in to FleetAssist" : "Create your free account"}
        </h1>
        <p className="mt-2 text-center text-slate-700">
          {mode === "login"
            ? "Welcome back."
            : "Your first AI estimate is free. No credit card needed."}
        </p>
        <nav
          aria-label="Sign in or register"
          className="mt-8 flex gap-1 rounded-xl bg-slate-100 p-1"
        >
          {tab("login", "Sign In")}
          {tab("register", "Register")}
        </nav>

        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <Form method="post" className="space-y-4" key={mode} {...formProps(form)}>
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <FormErrors form={form} />
            {mode === "login" ? (
              <>
                <FormField
                  field={fields.identifier}
                  label="Username or email"
                  autoComplete="username"
                />
                <FormField
                  field={fields.password}
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                />
                <button type="submit" className="btn-primary w-full py-3" disabled={busy}>
                  {busy ? "Signing in..." : "Sign In"}
                </button>
                <p className="text-center text-sm">
                  <Link to="/reset-password" className="text-brand-700 underline">
                    Forgot your password?
                  </Link>
                </p>
              </>
            ) : (
              <>
                <RegistrationFields fields={fields} />
                <button type="submit" className="btn-primary w-full py-3" disabled={busy}>
                  {busy ? "Creating your account..." : "Create account"}
                </button>
                <p className="text-center text-xs text-slate-600">
                  By creating an account you agree to the{" "}
                  <Link to="/terms" className="underline">
                    Terms of Service
                  </Link>{" "}
                  and{" "}
                  <Link to="/privacy" className="underline">
                    Privacy Policy
                  </Link>
                  .
                </p>
              </>
            )}
          </Form>
        </div>
      </div>
    </div>
  );
}
