import { Form, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { recordEvent } from "~/lib/analytics/server";
import { destroySession, getCurrentSession } from "~/lib/auth/session.server";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

export async function loader({ request }: Route.LoaderArgs) {
  // Signing out changes state, so GET only offers the button.
  if (!(await getCurrentSession(request))) throw redirect("/");
  return { origin: new URL(env().PUBLIC_URL).origin };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await getCurrentSession(request);
  const clearCookie = await destroySession(request);
  if (session) recordEvent("session_ended", {}, session.user.id);
  return redirectWithToast(
    "/",
    { title: "Logged out" },
    { headers: { "Set-Cookie": clearCookie } },
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Log out",
    path: "/logout",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

export default function Logout() {
  return (
    <div className="container-page flex max-w-md flex-col items-center py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Log out of FleetAssist?</h1>
      <p className="mt-3 text-slate-700">You can sign back in any time.</p>
      <Form method="post" className="mt-8">
        <button type="submit" className="btn-primary px-6 py-3">
          Logout
        </button>
      </Form>
    </div>
  );
}
