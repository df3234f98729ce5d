import { buttonSchema, type AccountReply } from "~/lib/auth/account-schemas";
import { AccountForm, ResultAlert, useAccountForm, SubmitButton } from "./account-form";

/** Until the email is verified: a reminder and a button that sends the link again. */
export function VerifyEmailBanner({ email, reply }: { email: string; reply?: AccountReply }) {
  const { form, success } = useAccountForm(buttonSchema, reply, "resend");
  return (
    <div className="rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <p className="font-medium text-amber-900">Please verify your email address ({email}).</p>
      <p className="mt-1 text-sm text-amber-900">
        We sent you a link when you registered. It expires after 24 hours.
      </p>
      <AccountForm form={form} intent="resend" className="mt-3">
        <SubmitButton className="btn-outline bg-white">Resend verification email</SubmitButton>
      </AccountForm>
      <div className="mt-3">
        <ResultAlert success={success} error={form.errors?.[0]} id={form.errorId} />
      </div>
    </div>
  );
}
