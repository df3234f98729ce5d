import type { Route } from "./+types/account";
import { BusinessSection } from "~/components/account/business-section";
import { RemindersSection } from "~/components/account/reminders-section";
import { DeleteSection } from "~/components/account/delete-section";
import { PasswordSection } from "~/components/account/password-section";
import { ProfileSection } from "~/components/account/profile-section";
import { SessionsSection } from "~/components/account/sessions-section";
import { TeamSection } from "~/components/account/team-section";
import { VerifyEmailBanner } from "~/components/account/verify-email-banner";
import { FormAlert } from "~/components/form-field";
import {
  changeMemberRole,
  changePassword,
  deleteAccount,
  removeLogo,
  saveBusiness,
  saveReminders,
  uploadLogo,
  inviteMember,
  removeMember,
  resendVerification,
  revokeInvitation,
  saveProfile,
  signOutEverywhere,
  signOutOtherDevices,
  type AccountActionResult,
  type IntentHandler,
} from "~/lib/auth/account-intents.server";
import { accountLabel, roleBadge } from "~/lib/auth/account-labels";
import {
  accountIntentSchema,
  type AccountIntent,
  type AccountReply,
} from "~/lib/auth/account-schemas";
import { accountMembers, availableAccounts, pendingInvitations } from "~/lib/auth/accounts.server";
import { requireSession } from "~/lib/auth/guards.server";
import { logoUrl } from "~/lib/accounts/logo.server";
import { accountPreferences, accountReminderSettings } from "~/lib/accounts/preferences.server";
import { DEFAULT_TIME_ZONE } from "~/domain/dates";
import { listTimeZones } from "~/domain/zoned-time";
import { listUserSessions } from "~/lib/auth/session.server";
import { parseSubmission, strayReplyMessage } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";
import { useActionToast } from "~/lib/ui/toast-store";

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
    business: isOwner ? businessSettings(session.accountId) : null,
    reminders: isOwner ? accountReminderSettings(session.accountId) : null,
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

function businessSettings(accountId: string) {
  const preferences = accountPreferences(accountId);
  return {
    businessName: preferences.businessName,
    logoUrl: logoUrl(preferences.logoKey),
    timeZone: preferences.timeZone ?? DEFAULT_TIME_ZONE,
    units: preferences.units,
    otherTimeZones: listTimeZones(),
  };
}

/** Each form of the page posts its intent; one function answers each. */
const intents = {
  profile: saveProfile,
  password: changePassword,
  resend: resendVerification,
  "signout-others": signOutOtherDevices,
  "signout-all": signOutEverywhere,
  invite: inviteMember,
  role: changeMemberRole,
  remove: removeMember,
  revoke: revokeInvitation,
  delete: deleteAccount,
  business: saveBusiness,
  logo: uploadLogo,
  "remove-logo": removeLogo,
  reminders: saveReminders,
} satisfies Record<AccountIntent, IntentHandler>;

export async function action({ request, context }: Route.ActionArgs): Promise<AccountActionResult> {
  const session = await requireSession(request);
  const form = await readForm(request);
  if (!form) return formReply<AccountIntent>(null, { status: 400 });
  const posted = parseSubmission(form, accountIntentSchema);
  if (posted.status !== "success")
    return formReply<AccountIntent>(null, { status: 400, formError: "Unknown action." });
  return intents[posted.value.intent]({ session, form, request, context });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Account Settings",
    path: "/account",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

/**
 * The answer to a post that no section below shows: an unreadable body, an unknown intent, or a
 * section this person doesn't see (the team for a VA, resend once verified).
 */
function unshownMessage(
  reply: AccountReply | undefined,
  sectionShown: Partial<Record<AccountIntent, boolean>>,
): { message: string; tone: "error" | "success" } | null {
  if (!reply || (reply.intent && sectionShown[reply.intent] !== false)) return null;
  if (reply.success) return { message: reply.success, tone: "success" };
  const message = strayReplyMessage(reply);
  return message ? { message, tone: "error" } : null;
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, team, sessions } = loaderData;
  useActionToast(actionData?.toast);
  const unshown = unshownMessage(actionData, {
    resend: !user.emailVerified,
    invite: team !== null,
    role: team !== null,
    remove: team !== null,
    revoke: team !== null,
    business: loaderData.business !== null,
    logo: loaderData.business !== null,
    "remove-logo": loaderData.business !== null,
    reminders: loaderData.reminders !== null,
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

      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} reply={actionData} />}
      <ProfileSection user={user} reply={actionData} />
      {loaderData.business ? (
        <BusinessSection settings={loaderData.business} reply={actionData} />
      ) : null}
      {loaderData.reminders ? (
        <RemindersSection settings={loaderData.reminders} reply={actionData} />
      ) : null}
      <PasswordSection reply={actionData} />
      <SessionsSection sessions={sessions} reply={actionData} />
      {team ? <TeamSection team={team} reply={actionData} /> : null}
      <DeleteSection username={user.username} reply={actionData} />
    </div>
  );
}
