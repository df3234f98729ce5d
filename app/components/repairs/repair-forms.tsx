import { getFormProps } from "@conform-to/react";
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

/** Emails a shop the estimate and a link to answer with its quote. */
export function RequestQuoteForm({
  estimates,
  lastResult,
}: {
  estimates: Estimates;
  lastResult?: FormResult;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(requestQuoteSchema, lastResult, { id: "request-quote" });
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="request" />
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <div className="sm:col-span-2">
        <EstimateSelect field={fields.reportId} estimates={estimates} />
      </div>
      <FormField field={fields.shopName} idPrefix="request-" label="Shop" maxLength={120} />
      <FormField field={fields.shopEmail} idPrefix="request-" label="Shop's email" type="email" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          Email the quote request
        </button>
      </div>
    </Form>
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
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(recordQuoteSchema, lastResult, { id: "record-quote" });
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="record" />
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <div className="sm:col-span-2">
        <EstimateSelect field={fields.reportId} estimates={estimates} />
      </div>
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
      <div className="sm:col-span-2">
        <button type="submit" className="btn-outline" disabled={busy}>
          Save quote
        </button>
      </div>
    </Form>
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
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(confirmRepairSchema, lastResult, { id: "confirm-repair" });
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="confirm" />
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <div className="sm:col-span-2">
        <EstimateSelect field={fields.reportId} estimates={estimates} />
      </div>
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
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          Confirm the repair
        </button>
      </div>
    </Form>
  );
}
