import { Link } from "react-router";
import type { Route } from "./+types/email-verified";
import { Icon } from "~/components/icons";
import { getCurrentSession } from "~/lib/auth/session.server";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";

/** Whoever verified is usually signed in (the link opens in the browser they registered in). */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    signedIn: (await getCurrentSession(request)) !== null,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Email verified",
    path: "/email-verified",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

export default function EmailVerified({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page flex max-w-xl flex-col items-center py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <Icon name="check" className="h-8 w-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Email verified</h1>
      <p className="mt-4 text-lg text-slate-700">
        Your email has been successfully verified. Thank you! You can now invite your team and
        receive claim reminders by email.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {loaderData.signedIn ? (
          <Link to="/dashboard" className="btn-primary px-6 py-3 text-base">
            Go to your dashboard
          </Link>
        ) : (
          <Link
            to={`/auth?${new URLSearchParams({ mode: "login", redirectTo: "/dashboard" })}`}
            className="btn-primary px-6 py-3 text-base"
          >
            Sign in to your dashboard
          </Link>
        )}
      </div>
    </div>
  );
}
