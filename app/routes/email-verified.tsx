import { Link } from "react-router";
import type { Route } from "./+types/email-verified";
import { Icon } from "~/components/icons";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";

export function loader() {
  return { origin: new URL(env().PUBLIC_URL).origin };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Email verified",
    path: "/email-verified",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

export default function EmailVerified() {
  return (
    <div className="container-page flex max-w-xl flex-col items-center py-20 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
        <Icon name="check" className="h-8 w-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Email verified</h1>
      <p className="mt-4 text-lg text-slate-700">
        Your email has been successfully verified. Thank you! You can now create estimates, invite
        your team and receive claim reminders by email.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/app" className="btn-primary px-6 py-3 text-base">
          Create your Free AI Estimate
        </Link>
        <Link to="/" className="btn-ghost px-6 py-3 text-base">
          Back to the home page
        </Link>
      </div>
    </div>
  );
}
