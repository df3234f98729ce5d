import { memberSchema, revokeSchema } from "~/lib/auth/account-schemas";
import { AccountForm, SubmitButton, useAccountForm } from "./account-form";

/**
 * The forms repeated per row of the team lists. Their answers show above the lists, so each form
 * gets its own id and no reply.
 */

export interface TeamMember {
  userId: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
}

/** A member's role and the button that removes them: one form each, per member. */
export function MemberForms({ member }: { member: TeamMember }) {
  const role = useAccountForm(memberSchema, undefined, "role", {
    id: `role-form-${member.userId}`,
  });
  const remove = useAccountForm(memberSchema, undefined, "remove", {
    id: `remove-form-${member.userId}`,
  });
  return (
    <div className="flex gap-2">
      <AccountForm form={role.form} intent="role" className="flex gap-2">
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
        <SubmitButton className="btn-outline">Save</SubmitButton>
      </AccountForm>
      <AccountForm form={remove.form} intent="remove">
        <input type="hidden" name="userId" value={member.userId} />
        <SubmitButton className="btn-ghost text-red-700" label={`Remove ${member.email}`}>
          Remove
        </SubmitButton>
      </AccountForm>
    </div>
  );
}

export function RevokeForm({ invitationId }: { invitationId: number }) {
  const { form } = useAccountForm(revokeSchema, undefined, "revoke", {
    id: `revoke-form-${invitationId}`,
  });
  return (
    <AccountForm form={form} intent="revoke">
      <input type="hidden" name="invitationId" value={invitationId} />
      <SubmitButton className="btn-ghost">Revoke</SubmitButton>
    </AccountForm>
  );
}
