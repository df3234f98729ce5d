import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { FormAlert, FormField } from "~/components/form-field";
import { accountLabel, roleBadge } from "~/lib/auth/account-labels";
import {
  accountMembers,
  availableAccounts,
  changeMemberRole,
  inviteMember,
  pendingInvitations,
  removeMember,
  revokeInvitation,
} from "~/lib/auth/accounts.server";
import {
  changePasswordSchema,
  deleteSchema,
  inviteSchema,
  memberSchema,
  profileSchema,
} from "~/lib/auth/account-schemas";
import { requireSession } from "~/lib/auth/guards.server";
import { changePassword, deleteUser, updateProfile } from "~/lib/auth/profile.server";
import { sendVerificationEmail } from "~/lib/auth/service.server";
import { destroySession, destroyUserSessions, listUserSessions } from "~/lib/auth/session.server";
import { env } from "~/lib/runtime/env.server";
import { formValues, parseForm, readForm, type FieldErrors } from "~/lib/http/form.server";
import { pageMeta } from "~/lib/ui/meta";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import type { Toast } from "~/lib/ui/toast";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { useActionToast } from "~/lib/ui/toast-store";

type Intent =
  | "profile"
  | "password"
  | "resend"
  | "signout-others"
  | "signout-all"
  | "invite"
  | "role"
  | "remove"
  | "revoke"
  | "delete";

interface ActionData {
  intent: Intent;
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  error?: string;
  success?: string;
  toast?: Toast;
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const accounts = availableAccounts(session.user.id);
  const current = accounts.find((a) => a.accountId === session.accountId);
  const isOwner = session.role === "primary";
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    user: session.user,
    role: session.role,
    currentAccountLabel: current ? accountLabel(current) : "My Account",
    sessions: listUserSessions(session.user.id).map((s) => ({
      id: s.idHash.slice(0, 12),
      current: s.idHash === session.idHash,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      userAgent: s.userAgent,
      ip: s.ip,
    })),
    team: isOwner
      ? {
          members: accountMembers(session.accountId).map((m) => ({
            ...m,
            joinedAt: m.joinedAt.toISOString(),
          })),
          invitations: pendingInvitations(session.accountId).map((i) => ({
            ...i,
            expiresAt: i.expiresAt.toISOString(),
          })),
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  const intent = String(form?.get("intent") ?? "") as Intent;
  const values = form
    ? formValues(form, ["currentPassword", "newPassword", "confirmPassword"])
    : {};
  const reply = (status: number, result: Partial<ActionData>, headers: HeadersInit = {}) =>
    data<ActionData>({ intent, fieldErrors: {}, values, ...result }, { status, headers });
  const retryAfter = (seconds: number) => ({ "Retry-After": String(seconds) });
  if (!form) return reply(400, { error: "We couldn't read that form. Please try again." });
  const ownerOnly = () =>
    session.role === "primary"
      ? null
      : reply(403, { error: "Only the account owner can manage the team." });

  switch (intent) {
    case "profile": {
      const parsed = parseForm(profileSchema, form);
      if (!parsed.ok) return reply(400, { fieldErrors: parsed.fieldErrors });
      // A new address gets a verification email: limited like every other email-sending form.
      if (
        parsed.data.email !== session.user.email &&
        !checkRateLimit(clientIp(context), "profile").allowed
      ) {
        return reply(429, { error: RATE_LIMIT_MESSAGE });
      }
      const result = updateProfile(session.user.id, parsed.data);
      if (!result.ok)
        return reply(
          result.status ?? 409,
          {
            fieldErrors: result.field ? { [result.field]: result.message } : {},
            error: result.message,
          },
          result.retryAfterSeconds ? retryAfter(result.retryAfterSeconds) : {},
        );
      return reply(200, { success: result.message });
    }
    case "password": {
      const parsed = parseForm(changePasswordSchema, form);
      if (!parsed.ok) return reply(400, { fieldErrors: parsed.fieldErrors });
      const result = await changePassword(
        session,
        parsed.data.currentPassword,
        parsed.data.newPassword,
        request,
        clientIp(context),
      );
      if (!result.ok)
        return reply(400, {
          fieldErrors: result.field ? { [result.field]: result.message } : {},
          error: result.message,
        });
      // This browser continues under a new session id; every other session ended. A redirect,
      // because this request's loaders would still read the old, now dead, session cookie.
      return redirectWithToast(
        "/account",
        { title: result.message },
        { headers: { "Set-Cookie": result.setCookie } },
      );
    }
    case "resend": {
      if (!checkRateLimit(clientIp(context), "verify").allowed) {
        return reply(429, {
          error: RATE_LIMIT_MESSAGE,
          toast: {
            id: `resend-${Date.now()}`,
            title: "Failed to resend verification email.",
            variant: "destructive",
          },
        });
      }
      if (session.user.emailVerified)
        return reply(409, { error: "Your email is already verified." });
      const mail = sendVerificationEmail(session.user);
      if (!mail.sent) {
        return reply(
          429,
          {
            error: mail.message,
            toast: {
              id: `resend-${Date.now()}`,
              title: "Failed to resend verification email.",
              description: mail.message,
              variant: "destructive",
            },
          },
          retryAfter(mail.retryAfterSeconds),
        );
      }
      return reply(200, {
        success: "Verification Email Sent",
        toast: { id: `resend-${Date.now()}`, title: "Verification Email Sent", variant: "default" },
      });
    }
    case "signout-others":
      destroyUserSessions(session.user.id, session.idHash);
      return reply(200, { success: "Signed out of every other device." });
    case "signout-all": {
      destroyUserSessions(session.user.id);
      return redirectWithToast(
        "/",
        { title: "Logged out" },
        { headers: { "Set-Cookie": await destroySession(request) } },
      );
    }
    case "invite": {
      const denied = ownerOnly();
      if (denied) return denied;
      if (!checkRateLimit(clientIp(context), "invite").allowed)
        return reply(429, { error: RATE_LIMIT_MESSAGE });
      const parsed = parseForm(inviteSchema, form);
      if (!parsed.ok) return reply(400, { fieldErrors: parsed.fieldErrors });
      if (parsed.data.email === session.user.email)
        return reply(400, { fieldErrors: { email: "That's you: you already own this account." } });
      const invited = inviteMember(
        session.accountId,
        session.user,
        parsed.data.email,
        parsed.data.role,
      );
      if (!invited.ok) {
        return reply(
          429,
          { fieldErrors: { email: invited.message }, error: invited.message },
          retryAfter(invited.retryAfterSeconds),
        );
      }
      return reply(200, { success: `Invitation sent to ${parsed.data.email}.`, values: {} });
    }
    case "role":
    case "remove": {
      const denied = ownerOnly();
      if (denied) return denied;
      const parsed = parseForm(memberSchema, form);
      if (!parsed.ok) return reply(400, { error: Object.values(parsed.fieldErrors)[0] });
      const done =
        intent === "remove"
          ? removeMember(session.accountId, parsed.data.userId)
          : parsed.data.role
            ? changeMemberRole(session.accountId, parsed.data.userId, parsed.data.role)
            : false;
      if (!done) return reply(404, { error: "That member is not part of this account." });
      return reply(200, {
        success:
          intent === "remove" ? "Member removed. Their access ended at once." : "Role updated.",
      });
    }
    case "revoke": {
      const denied = ownerOnly();
      if (denied) return denied;
      const id = Number(form.get("invitationId"));
      if (!Number.isInteger(id) || !revokeInvitation(session.accountId, id))
        return reply(404, { error: "Invitation not found." });
      return reply(200, { success: "Invitation revoked." });
    }
    case "delete": {
      const parsed = parseForm(deleteSchema, form);
      if (!parsed.ok || parsed.data.confirm.trim() !== session.user.username) {
        return reply(400, {
          fieldErrors: { confirm: `Type your username, ${session.user.username}, to confirm.` },
        });
      }
      const clearCookie = await destroySession(request);
      deleteUser(session.user.id);
      return redirectWithToast(
        "/",
        { title: "Account deleted", description: "Your account and personal data were removed." },
        { headers: { "Set-Cookie": clearCookie } },
      );
    }
    default:
      return reply(400, { error: "Unknown action." });
  }
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Account Settings",
    path: "/account",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

function Section({
  id,
  title,
  children,
  description,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }) + " UTC";

/** The fields each section shows an error next to. */
const SECTION_FIELDS: Record<Intent, string[]> = {
  profile: ["firstName", "lastName", "username", "email"],
  password: ["currentPassword", "newPassword", "confirmPassword"],
  resend: [],
  "signout-others": [],
  "signout-all": [],
  invite: ["email"],
  role: [],
  remove: [],
  revoke: [],
  delete: ["confirm"],
};

/**
 * The answer to a post that no section below can show: an unknown intent, a section this person
 * doesn't see (the team for a VA, resend once verified) or an error on a field without an input.
 */
function unshownMessage(
  actionData: ActionData | undefined,
  sectionShown: Partial<Record<Intent, boolean>>,
): { message: string; tone: "error" | "success" } | null {
  if (!actionData) return null;
  const { intent, error, success, fieldErrors } = actionData;
  const firstFieldError = Object.values(fieldErrors)[0];
  const known = Object.hasOwn(SECTION_FIELDS, intent);
  if (!known || sectionShown[intent] === false) {
    const message = success ?? error ?? firstFieldError;
    return message ? { message, tone: success ? "success" : "error" } : null;
  }
  const hidden = Object.entries(fieldErrors).find(
    ([field]) => !SECTION_FIELDS[intent].includes(field),
  );
  return hidden?.[1] ? { message: hidden[1], tone: "error" } : null;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, team, sessions } = loaderData;
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData?.toast);
  const result = (intent: Intent) =>
    actionData?.intent === intent ? (
      <FormAlert
        message={actionData.success ?? actionData.error}
        tone={actionData.success ? "success" : "error"}
      />
    ) : null;
  const errors = (intent: Intent) => (actionData?.intent === intent ? actionData.fieldErrors : {});
  const value = (intent: Intent, key: string, fallback: string) =>
    actionData?.intent === intent && actionData.values[key] !== undefined
      ? actionData.values[key]
      : fallback;
  const unshown = unshownMessage(actionData, {
    resend: !user.emailVerified,
    invite: team !== null,
    role: team !== null,
    remove: team !== null,
    revoke: team !== null,
  });

  return (
    <div className="container-page max-w-3xl space-y-6 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account Settings</h1>
        <p className="mt-1 text-slate-700">
          Working in <strong>{loaderData.currentAccountLabel}</strong>{" "}
          <span
            className={`rounded px-1.5 py-0.5 text-xs font-semibold ${roleBadge(loaderData.role).className}`}
          >
            {roleBadge(loaderData.role).label}
          </span>
        </p>
        {unshown ? (
          <div className="mt-4">
            <FormAlert message={unshown.message} tone={unshown.tone} />
          </div>
        ) : null}
      </div>

      {user.emailVerified ? null : (
        <div className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
          <p className="font-medium text-amber-900">
            Please verify your email address ({user.email}).
          </p>
          <p className="mt-1 text-sm text-amber-900">
            We sent you a link when you registered. It expires after 24 hours.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="btn-outline bg-white" disabled={busy}>
              Resend verification email
            </button>
          </Form>
          <div className="mt-3">{result("resend")}</div>
        </div>
      )}

      <Section id="profile-heading" title="Profile">
        <Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="profile" />
          <div className="sm:col-span-2">{result("profile")}</div>
          <FormField
            name="firstName"
            label="First name"
            required
            maxLength={60}
            defaultValue={value("profile", "firstName", user.firstName ?? "")}
            error={errors("profile").firstName}
          />
          <FormField
            name="lastName"
            label="Last name"
            required
            maxLength={60}
            defaultValue={value("profile", "lastName", user.lastName ?? "")}
            error={errors("profile").lastName}
          />
          <FormField
            name="username"
            label="Username"
            required
            minLength={3}
            maxLength={30}
            defaultValue={value("profile", "username", user.username)}
            error={errors("profile").username}
          />
          <FormField
            name="email"
            label="Email"
            type="email"
            required
            defaultValue={value("profile", "email", user.email)}
            error={errors("profile").email}
            hint="Changing it sends a verification link to the new address."
          />
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              Save profile
            </button>
          </div>
        </Form>
      </Section>

      <Section
        id="password-heading"
        title="Password"
        description="Changing your password signs you out everywhere else."
      >
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="password" />
          {result("password")}
          <FormField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={errors("password").currentPassword}
          />
          <FormField
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={128}
            error={errors("password").newPassword}
          />
          <FormField
            name="confirmPassword"
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            required
            error={errors("password").confirmPassword}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={busy}>
              Change password
            </button>
          </div>
        </Form>
      </Section>

      <Section id="sessions-heading" title="Active sessions">
        {result("signout-others")}
        <ul className="divide-y divide-slate-100">
          {sessions.map((s) => (
            <li key={s.id} className="py-3 text-sm">
              <p className="font-medium text-slate-900">
                {s.userAgent ? s.userAgent.slice(0, 80) : "Unknown device"}{" "}
                {s.current ? (
                  <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600">
                Signed in {dateTime(s.createdAt)} · last active {dateTime(s.lastSeenAt)}
                {s.ip ? ` · ${s.ip}` : ""}
              </p>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Form method="post">
            <input type="hidden" name="intent" value="signout-others" />
            <button type="submit" className="btn-outline w-full" disabled={busy}>
              Sign out other devices
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="signout-all" />
            <button type="submit" className="btn-ghost w-full" disabled={busy}>
              Sign out everywhere
            </button>
          </Form>
        </div>
      </Section>

      {team ? (
        <Section
          id="team-heading"
          title="Team members"
          description="Invite team members and virtual assistants to work in your account with their own login."
        >
          {result("role") ?? result("remove") ?? result("revoke")}
          <ul className="divide-y divide-slate-100">
            {team.members.map((member) => (
              <li
                key={member.userId}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="truncate font-medium text-slate-900">
                    {[member.firstName, member.lastName].filter(Boolean).join(" ") ||
                      member.username}{" "}
                    <span
                      className={`rounded px-1.5 py-0.5 text-xs font-semibold ${roleBadge(member.role).className}`}
                    >
                      {roleBadge(member.role).label}
                    </span>
                  </p>
                  <p className="truncate text-slate-600">{member.email}</p>
                </div>
                {member.role === "primary" ? null : (
                  <div className="flex gap-2">
                    <Form method="post" className="flex gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="userId" value={member.userId} />
                      <label className="sr-only" htmlFor={`role-${member.userId}`}>
                        Role of {member.email}
                      </label>
                      <select
                        id={`role-${member.userId}`}
                        name="role"
                        defaultValue={member.role}
                        className="input py-2"
                      >
                        <option value="team_member">Team</option>
                        <option value="va">VA</option>
                      </select>
                      <button type="submit" className="btn-outline" disabled={busy}>
                        Save
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="userId" value={member.userId} />
                      <button
                        type="submit"
                        className="btn-ghost text-red-700"
                        disabled={busy}
                        aria-label={`Remove ${member.email}`}
                      >
                        Remove
                      </button>
                    </Form>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {team.invitations.length > 0 ? (
            <>
              <h3 className="mt-6 text-sm font-semibold text-slate-900">Pending invitations</h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {team.invitations.map((invite) => (
                  <li
                    key={invite.id}
                    className="flex items-center justify-between gap-3 py-2 text-sm"
                  >
                    <span className="min-w-0 truncate text-slate-800">
                      {invite.email} · {roleBadge(invite.role).label} · expires{" "}
                      {dateTime(invite.expiresAt)}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="invitationId" value={invite.id} />
                      <button type="submit" className="btn-ghost" disabled={busy}>
                        Revoke
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
            <input type="hidden" name="intent" value="invite" />
            <div className="sm:col-span-3">{result("invite")}</div>
            <FormField
              name="email"
              idPrefix="invite-"
              label="Invite by email"
              type="email"
              required
              defaultValue={value("invite", "email", "")}
              error={errors("invite").email}
            />
            <div>
              <label htmlFor="invite-role" className="label">
                Role
              </label>
              <select id="invite-role" name="role" defaultValue="va" className="input">
                <option value="va">VA</option>
                <option value="team_member">Team</option>
              </select>
            </div>
            <button type="submit" className="btn-primary" disabled={busy}>
              Send invitation
            </button>
          </Form>
        </Section>
      ) : null}

      <Section
        id="delete-heading"
        title="Delete account"
        description="Deletes your login, your account and everything in it. This cannot be undone."
      >
        <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="delete" />
          <FormField
            name="confirm"
            idPrefix="delete-"
            label={`Type your username (${user.username}) to confirm`}
            autoComplete="off"
            required
            error={errors("delete").confirm}
          />
          <button
            type="submit"
            className="btn bg-red-600 text-white hover:bg-red-700"
            disabled={busy}
          >
            Delete my account
          </button>
        </Form>
      </Section>
    </div>
  );
}
