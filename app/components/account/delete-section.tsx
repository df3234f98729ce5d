import { useMemo } from "react";
import { FormField } from "~/components/form-field";
import { deleteSchema, type AccountReply } from "~/lib/auth/account-schemas";
import { AccountForm, useAccountForm, SubmitButton } from "./account-form";
import { CardSection } from "~/components/card-section";

export function DeleteSection({ username, reply }: { username: string; reply?: AccountReply }) {
  const schema = useMemo(() => deleteSchema(username), [username]);
  const { form, fields } = useAccountForm(schema, reply, "delete");
  return (
    <CardSection
      id="delete-heading"
      title="Delete account"
      description="Deletes your login, your account and everything in it. This cannot be undone."
    >
      <AccountForm
        form={form}
        intent="delete"
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <FormField
          field={fields.confirm}
          idPrefix="delete-"
          label={`Type your username (${username}) to confirm`}
          autoComplete="off"
        />
        <SubmitButton className="btn bg-red-600 text-white hover:bg-red-700">
          Delete my account
        </SubmitButton>
      </AccountForm>
    </CardSection>
  );
}
