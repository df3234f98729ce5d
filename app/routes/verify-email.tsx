import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/verify-email";
import { verifyEmail } from "~/lib/auth/service.server";
import { peekToken } from "~/lib/auth/tokens.server";
import { env } from "~/lib/runtime/env.server";
import { errorsOf, parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";

const INVALID =
  "This verification link is invalid, already used or expired. Sign in and ask for a new one.";

/**
 * The emailed link opens a page with a button: mail scanners that prefetch links cannot use up
 * the single-use token, and no GET changes state.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = peekToken(token, "verify_email") !== null;
  return data(
    { origin: new URL(env().PUBLIC_URL).origin, token: valid ? token : null },
    { status: valid ? 200 : 400 },
  );
}

/** The button's hidden field: the emailed token. */
const verifySchema = z.object({ token: z.string() });

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = form ? parseSubmission(form, verifySchema) : null;
  if (submission?.status !== "success" || !verifyEmail(submission.value.token)) {
    return formReply(submission, { status: 400, formError: INVALID, hideFields: ["token"] });
  }
  throw redirect("/email-verified");
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Verify your email",
    path: "/verify-email",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const error = errorsOf(actionData?.result).form ?? (loaderData.token ? null : INVALID);
  return (
    <div className="container-page flex max-w-md flex-col items-center py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Verify your email</h1>
      {error ? (
        <>
          <p role="alert" className="mt-4 text-slate-700">
            {error}
          </p>
          <Link to="/account" className="btn-primary mt-8">
            Go to Account Settings
          </Link>
        </>
      ) : (
        <>
          <p className="mt-4 text-slate-700">
            Confirm that this address is yours to finish setting up your account.
          </p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <button type="submit" className="btn-primary px-6 py-3">
              Verify my email
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
