import { FormField } from "~/components/form-field";
import { profileSchema, type AccountReply } from "~/lib/auth/account-schemas";
import { AccountForm, ResultAlert, useAccountForm, SubmitButton } from "./account-form";
import { CardSection } from "~/components/card-section";

export function ProfileSection({
  user,
  reply,
}: {
  user: { firstName: string | null; lastName: string | null; username: string; email: string };
  reply?: AccountReply;
}) {
  const { form, fields, success } = useAccountForm(profileSchema, reply, "profile", {
    defaultValue: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      username: user.username,
      email: user.email,
    },
  });
  return (
    <CardSection id="profile-heading" title="Profile">
      <AccountForm form={form} intent="profile" className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ResultAlert success={success} error={form.errors?.[0]} id={form.errorId} />
        </div>
        <FormField field={fields.firstName} label="First name" maxLength={60} />
        <FormField field={fields.lastName} label="Last name" maxLength={60} />
        <FormField field={fields.username} label="Username" minLength={3} maxLength={30} />
        <FormField
          field={fields.email}
          label="Email"
          type="email"
          hint="Changing it sends a verification link to the new address."
        />
        <div className="sm:col-span-2">
          <SubmitButton className="btn-primary">Save profile</SubmitButton>
        </div>
      </AccountForm>
    </CardSection>
  );
}
