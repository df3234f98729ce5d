import { getFormProps, type DefaultValue, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormAlert } from "~/components/form-field";
import type { AccountIntent, AccountReply } from "~/lib/auth/account-schemas";
import { useSchemaForm } from "~/lib/http/form";

/** A form's button: while any post is under way, every button on the page waits for it. */
export function SubmitButton({
  className,
  label,
  children,
}: {
  className: string;
  /** Names the button for screen readers when its text alone is ambiguous. */
  label?: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className={className} disabled={busy} aria-label={label}>
      {children}
    </button>
  );
}

/**
 * Conform's state for one form of the page; the action's reply is this form's only when it
 * posted `intent`. Forms repeated per row pass their own `id` and no reply.
 */
export function useAccountForm<Schema extends z.ZodObject>(
  schema: Schema,
  reply: AccountReply | undefined,
  intent: AccountIntent,
  options: { id?: string; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  const own = reply?.intent === intent ? reply : undefined;
  const [form, fields] = useSchemaForm(schema, own?.result, {
    id: options.id ?? intent,
    defaultValue: options.defaultValue,
  });
  return { form, fields, success: own?.success };
}

/** A form of the page: posts its intent, checked by Conform when JavaScript runs. */
export function AccountForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  className,
  children,
}: {
  form: FormMetadata<Schema>;
  intent: AccountIntent;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className} {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** What a form says after its post: the note when it worked, else its form-level error. */
export function ResultAlert({
  success,
  error,
  id,
}: {
  success?: string;
  error?: string;
  /** The form's error id (`form.errorId`), which the form's aria-describedby names. */
  id?: string;
}) {
  return (
    <FormAlert
      id={success ? undefined : id}
      message={success ?? error}
      tone={success ? "success" : "error"}
    />
  );
}
