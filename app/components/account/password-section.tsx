import { FormField } from "~/components/form-field";
import { changePasswordSchema, type AccountReply } from "~/lib/auth/account-schemas";
import { AccountForm, ResultAlert, useAccountForm, SubmitButton } from "./account-form";
import { CardSection } from "~/components/card-section";

export function PasswordSection({ reply }: { reply?: AccountReply }) {
  const { form, fields } = useAccountForm(changePasswordSchema, reply, "password");
  return (
    <CardSection
      id="password-heading"
      title="Password"
      description="Changing your password signs you out everywhere else."
    >
      <AccountForm form={form} intent="password" className="grid gap-4">
        <ResultAlert error={form.errors?.[0]} id={form.errorId} />
        <FormField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <FormField
          field={fields.newPassword}
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          maxLength={128}
        />
        <FormField
          field={fields.confirmPassword}
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
        />
        <div>
          <SubmitButton className="btn-primary">Change password</SubmitButton>
        </div>
      </AccountForm>
    </CardSection>
  );
}
