import { roleBadge } from "~/lib/auth/account-labels";
import type { AccountIntent, AccountReply } from "~/lib/auth/account-schemas";
import { errorsOf } from "~/lib/http/form";
import { useFormat } from "~/lib/ui/preferences";
import { ResultAlert } from "./account-form";
import { InviteForm } from "./invite-form";
import { MemberForms, RevokeForm, type TeamMember } from "./team-rows";
import { CardSection } from "~/components/card-section";

export interface PendingInvitation {
  id: number;
  email: string;
  role: string;
  expiresAt: string;
}

/** The forms in the lists below; each answer shows above the list. */
const ROW_INTENTS: AccountIntent[] = ["role", "remove", "revoke"];

export function TeamSection({
  team,
  reply,
}: {
  team: { members: TeamMember[]; invitations: PendingInvitation[] };
  reply?: AccountReply;
}) {
  const { dateTime } = useFormat();
  const rowReply = reply?.intent && ROW_INTENTS.includes(reply.intent) ? reply : undefined;
  return (
    <CardSection
      id="team-heading"
      title="Team members"
      description="Invite team members and virtual assistants to work in your account with their own login."
    >
      <ResultAlert success={rowReply?.success} error={errorsOf(rowReply?.result).form} />
      <ul className="divide-y divide-slate-100">
        {team.members.map((member) => (
          <li
            key={member.userId}
            className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-slate-900">
                {[member.firstName, member.lastName].filter(Boolean).join(" ") || member.username}{" "}
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-semibold ${roleBadge(member.role).className}`}
                >
                  {roleBadge(member.role).label}
                </span>
              </p>
              <p className="truncate text-slate-600">{member.email}</p>
            </div>
            {member.role === "primary" ? null : <MemberForms member={member} />}
          </li>
        ))}
      </ul>
      {team.invitations.length > 0 ? (
        <>
          <h3 className="mt-6 text-sm font-semibold text-slate-900">Pending invitations</h3>
          <ul className="mt-2 divide-y divide-slate-100">
            {team.invitations.map((invite) => (
              <li key={invite.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 truncate text-slate-800">
                  {invite.email} · {roleBadge(invite.role).label} · expires{" "}
                  {dateTime(invite.expiresAt)}
                </span>
                <RevokeForm invitationId={invite.id} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <InviteForm reply={reply} />
    </CardSection>
  );
}
