import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { FormErrors, FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { useSchemaForm, type FormResult } from "~/lib/http/form";
import {
  confirmRepairSchema,
  recordQuoteSchema,
  requestQuoteSchema,
} from "~/lib/repairs/repair-input";

type Estimates = { id: string; label: string }[];

function EstimateSelect({
  field,
  estimates,
}: {
  field: Parameters<typeof SelectField>[0]["field"];
  estimates: Estimates;
}) {
  return (
    <SelectField field={field} label="Estimate">
      <option value="">Choose a finalized estimate</option>
      {estimates.map((estimate) => (
        <option key={estimate.id} value={estimate.id}>
          {estimate.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * What every repair form shares: its intent, the form's errors, the estimate it is about, and the
 * submit button; the form's own fields go between.
 */
function RepairForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  estimateField,
  estimates,
  submitLabel,
  submitClassName,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: string;
  estimateField: Parameters<typeof SelectField>[0]["field"];
  estimates: Estimates;
  submitLabel: string;
  submitClassName: "btn-primary" | "btn-outline";
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <div className="sm:col-span-2">
        <EstimateSelect field={estimateField} estimates={estimates} />
      </div>
      {children}
      <div className="sm:col-span-2">
        <button type="submit" className={submitClassName} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

/** Emails a shop the estimate and a link to answer with its quote. */
export function RequestQuoteForm({
  estimates,
  lastResult,
}: {
  estimates: Estimates;
  lastResult?: FormResult;
}) {
  const [form, fields] = useSchemaForm(requestQuoteSchema, lastResult, { id: "request-quote" });
  return (
    <RepairForm
      form={form}
      intent="request"
      estimateField={fields.reportId}
      estimates={estimates}
      submitLabel="Email the quote request"
      submitClassName="btn-primary"
    >
      <FormField field={fields.shopName} idPrefix="request-" label="Shop" maxLength={120} />
      <FormField field={fields.shopEmail} idPrefix="request-" label="Shop's email" type="email" />
    </RepairForm>
  );
}

/** A quote the host got by phone or on paper. */
export function RecordQuoteForm({
  estimates,
  lastResult,
}: {
  estimates: Estimates;
  lastResult?: FormResult;
}) {
  const [form, fields] = useSchemaForm(recordQuoteSchema, lastResult, { id: "record-quote" });
  return (
    <RepairForm
      form={form}
      intent="record"
      estimateField={fields.reportId}
      estimates={estimates}
      submitLabel="Save quote"
      submitClassName="btn-outline"
    >
      <FormField field={fields.shopName} idPrefix="record-" label="Shop" maxLength={120} />
      <FormField field={fields.amount} idPrefix="record-" label="Quote, $" inputMode="decimal" />
      <FormField
        field={fields.days}
        idPrefix="record-"
        label="Working days (optional)"
        inputMode="numeric"
      />
      <FormField
        field={fields.details}
        idPrefix="record-"
        label="Remarks (optional)"
        maxLength={4000}
      />
    </RepairForm>
  );
}

/** The repair is done: the invoice, the day, the shop. */
export function ConfirmRepairForm({
  estimates,
  lastResult,
}: {
  estimates: Estimates;
  lastResult?: FormResult;
}) {
  const [form, fields] = useSchemaForm(confirmRepairSchema, lastResult, { id: "confirm-repair" });
  return (
    <RepairForm
      form={form}
      intent="confirm"
      estimateField={fields.reportId}
      estimates={estimates}
      submitLabel="Confirm the repair"
      submitClassName="btn-primary"
    >
      <FormField
        field={fields.invoice}
        idPrefix="confirm-"
        label="Final invoice, $"
        inputMode="decimal"
      />
      <FormField field={fields.repairedOn} idPrefix="confirm-" label="Finished on" type="date" />
      <FormField
        field={fields.shopName}
        idPrefix="confirm-"
        label="Shop (optional)"
        maxLength={120}
      />
    </RepairForm>
  );
}
