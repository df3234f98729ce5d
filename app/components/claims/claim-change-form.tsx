import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormErrors, FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { claimChangeFormSchema } from "~/lib/claims/claim-input";
import { useSchemaForm, type FormResult } from "~/lib/http/form";

/**
 * Moves the claim to one of the statuses it can take next, with the amounts and a note; a draft
 * also takes the amount claimed (it can start before the amount is known).
 */
export function ClaimChangeForm({
  nextStatuses,
  lastResult,
  draft,
  claimedDollars,
}: {
  nextStatuses: { id: string; label: string }[];
  lastResult?: FormResult;
  draft: boolean;
  /** The amount claimed so far, "1250.00", or empty. */
  claimedDollars: string;
}) {
  const busy = useNavigation().state === "submitting";
  // Not the section's heading id: Conform finds its form by id when it revalidates.
  const [form, fields] = useSchemaForm(claimChangeFormSchema, lastResult, {
    id: "claim-change-form",
    defaultValue: { claimed: claimedDollars },
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <FormErrors form={form} />
      {draft ? (
        <FormField
          field={fields.claimed}
          label="Amount claimed, $"
          inputMode="decimal"
          hint="The estimate's total, a shop's quote or the invoice. Filing needs it."
        />
      ) : null}
      <SelectField field={fields.status} label="New status">
        <option value="">No change (add a note)</option>
        {nextStatuses.map((status) => (
          <option key={status.id} value={status.id}>
            {status.label}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          field={fields.approved}
          label="Amount approved, $"
          inputMode="decimal"
          hint="For a partial approval; a full one approves the amount claimed."
        />
        <FormField
          field={fields.paid}
          label="Amount paid, $"
          inputMode="decimal"
          hint="When it's paid; empty means the amount approved."
        />
      </div>
      <FormField field={fields.note} label="Note" maxLength={2000} />
      <button type="submit" className="btn-primary" disabled={busy}>
        Save
      </button>
    </Form>
  );
}
