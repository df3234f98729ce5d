import type { FieldMetadata } from "@conform-to/react";
import { describedBy, FieldNotes, FormField } from "~/components/form-field";
import { inviteSchema, type AccountReply } from "~/lib/auth/account-schemas";
import { AccountForm, ResultAlert, useAccountForm, SubmitButton } from "./account-form";

export function InviteForm({ reply }: { reply?: AccountReply }) {
  const { form, fields, success } = useAccountForm(inviteSchema, reply, "invite", {
    defaultValue: { role: "va" },
  });
  return (
    <AccountForm
      form={form}
      intent="invite"
      className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
    >
      <div className="sm:col-span-3">
        <ResultAlert success={success} error={form.errors?.[0]} id={form.errorId} />
      </div>
      <FormField field={fields.email} idPrefix="invite-" label="Invite by email" type="email" />
      <RoleSelect field={fields.role} />
      <SubmitButton className="btn-primary">Send invitation</SubmitButton>
    </AccountForm>
  );
}

/** The invited person's role (VA unless the owner picks Team). */
function RoleSelect({ field }: { field: FieldMetadata<unknown> }) {
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor="invite-role" className="label">
        Role
      </label>
      <select
        key={field.key}
        id="invite-role"
        name={field.name}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy("invite-role", { error })}
      >
        <option value="va">VA</option>
        <option value="team_member">Team</option>
      </select>
      <FieldNotes id="invite-role" error={error} />
    </div>
  );
}
