import { data, Form, Link } from "react-router";
import type { Route } from "./+types/invite.$token";
import { roleBadge } from "~/lib/auth/account-labels";
import { acceptInvitation, findInvitation, invitationIsFor } from "~/lib/auth/accounts.server";
import { getCurrentSession } from "~/lib/auth/session.server";
import { switchAccount } from "~/lib/auth/switch.server";
import { env } from "~/lib/runtime/env.server";
import { errorsOf } from "~/lib/http/form";
import { formReply } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

const DEAD =
  "This invitation is invalid, already used or expired. Ask the account owner to invite you again.";

const wrongUser = (invited: string, signedInAs: string) =>
  `This invitation was sent to ${invited}, but you're signed in as ${signedInAs}. Log out and sign in or register with ${invited} to accept it.`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = findInvitation(params.token);
  const session = await getCurrentSession(request);
  const origin = new URL(env().PUBLIC_URL).origin;
  if (!found)
    return data(
      { origin, invitation: null, signedIn: Boolean(session), notForYou: null },
      { status: 404 },
    );
  const owner =
    [found.ownerFirstName, found.ownerLastName].filter(Boolean).join(" ") || found.ownerEmail;
  const notForYou =
    session && !invitationIsFor(found.invitation, session.user)
      ? wrongUser(found.invitation.email, session.user.email)
      : null;
  return data(
    {
      origin,
      signedIn: Boolean(session),
      notForYou,
      invitation: { owner, role: found.invitation.role, email: found.invitation.email },
    },
    { status: notForYou ? 403 : 200 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await getCurrentSession(request);
  if (!session) {
    return redirectWithToast(
      `/auth?${new URLSearchParams({ redirectTo: `/invite/${params.token}` })}`,
      {
        title: "Sign in to accept the invitation",
      },
    );
  }
  const accepted = acceptInvitation(params.token, session.user);
  if (!accepted.ok) {
    const found = accepted.reason === "wrong-user" ? findInvitation(params.token) : undefined;
    return found
      ? formReply(null, {
          status: 403,
          formError: wrongUser(found.invitation.email, session.user.email),
        })
      : formReply(null, { status: 404, formError: DEAD });
  }
  // Straight into the account they joined.
  const switched = await switchAccount(session, accepted.accountId, request, context);
  if (!switched.ok) return formReply(null, { status: 404, formError: DEAD });
  switched.headers.append("Location", "/account");
  return new Response(null, { status: 303, headers: switched.headers });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Invitation",
    path: "/invite",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

export default function Invite({ loaderData, actionData, params }: Route.ComponentProps) {
  const { invitation, signedIn, notForYou } = loaderData;
  const actionError = errorsOf(actionData?.result).form;
  const redirectTo = `/invite/${params.token}`;
  return (
    <div className="container-page flex max-w-lg flex-col items-center py-16 text-center">
      {!invitation ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Invitation not found</h1>
          <p role="alert" className="mt-4 text-slate-700">
            {actionError ?? DEAD}
          </p>
        </>
      ) : actionError || notForYou ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Can't accept this invitation</h1>
          <p role="alert" className="mt-4 text-slate-700">
            {actionError ?? notForYou}
          </p>
          {notForYou ? (
            <Link to="/logout" className="btn-outline mt-8 px-6 py-3">
              Log out
            </Link>
          ) : null}
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900">Join {invitation.owner}'s account</h1>
          <p className="mt-4 text-slate-700">
            You're invited as{" "}
            <span
              className={`rounded px-1.5 py-0.5 text-sm font-semibold ${roleBadge(invitation.role).className}`}
            >
              {roleBadge(invitation.role).label}
            </span>{" "}
            (sent to {invitation.email}).
          </p>
          {signedIn ? (
            // Joining switches accounts, and a switch reloads the whole page: nothing
            // cached from the previous account, the header's account switcher included, survives.
            <Form method="post" reloadDocument className="mt-8">
              <button type="submit" className="btn-primary px-6 py-3">
                Accept and join
              </button>
            </Form>
          ) : (
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link
                to={`/auth?${new URLSearchParams({ mode: "register", redirectTo })}`}
                className="btn-primary px-6 py-3"
              >
                Create your login
              </Link>
              <Link
                to={`/auth?${new URLSearchParams({ redirectTo })}`}
                className="btn-outline px-6 py-3"
              >
                I already have one: Sign In
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}
