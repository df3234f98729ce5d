import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { CardSection } from "~/components/card-section";
import { FormErrors } from "~/components/form-field";
import { TextareaField } from "~/components/textarea-field";
import { useSchemaForm, type FormResult } from "~/lib/http/form";
import { holdingReplySchema } from "~/lib/inbox/inbox-forms";

/** The host's own holding reply, for guests a person has to answer. */
export function HoldingReplyForm({
  value,
  placeholder,
  lastResult,
  busy,
}: {
  value: string;
  placeholder: string;
  lastResult: FormResult | undefined;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(holdingReplySchema, lastResult, {
    id: "holding-reply-form",
    defaultValue: { holdingReply: value },
  });
  return (
    <CardSection
      id="holding-reply"
      title="Holding reply"
      description={`What a guest gets at once when a person has to answer (trip changes, money, damage, access before the trip…). Write {guest} for the guest's first name; leave it empty for the default: "${placeholder}"`}
    >
      <Form method="post" className="space-y-3" {...getFormProps(form)}>
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="holding-reply" />
        <TextareaField
          field={fields.holdingReply}
          label="Your holding reply"
          defaultValue={value}
          maxLength={600}
          required={false}
        />
        <button type="submit" className="btn-outline" disabled={busy}>
          Save the holding reply
        </button>
      </Form>
    </CardSection>
  );
}
