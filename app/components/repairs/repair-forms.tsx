import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormErrors, FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { useSchemaForm, type FormResult } from "~/lib/http/form";
import {
  confirmRepairSchema,
  recordQuoteSchema,
  requestQuoteSchema,
} from "~/lib/repairs/repair-input";

type Estimates = { id: string; label: string }[];

/** What the page gives each repair form: the finalized estimates to choose from, its last reply. */
interface RepairFormProps {
  estimates: Estimates;
  lastResult?: FormResult;
}

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
 * submit button; `children` renders the form's own fields between (ids prefixed by the intent).
 */
function RepairForm<Schema extends z.ZodObject<{ reportId: z.ZodType<string> }>>({
  schema,
  intent,
  estimates,
  lastResult,
  submitLabel,
  submitClassName,
  children,
}: RepairFormProps & {
  schema: Schema;
  intent: "request" | "record" | "confirm";
  submitLabel: string;
  submitClassName: "btn-primary" | "btn-outline";
  children: (fields: ReturnType<typeof useSchemaForm<Schema>>[1], idPrefix: string) => ReactNode;
}) {
  const [form, fields] = useSchemaForm(schema, lastResult, { id: FORM_IDS[intent] });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <div className="sm:col-span-2">
        <EstimateSelect field={fields.reportId} estimates={estimates} />
      </div>
      {children(fields, `${intent}-`)}
      <div className="sm:col-span-2">
        <button type="submit" className={submitClassName} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

const FORM_IDS = { request: "request-quote", record: "record-quote", confirm: "confirm-repair" };

/** Emails a shop the estimate and a link to answer with its quote. */
export function RequestQuoteForm(props: RepairFormProps) {
  return (
    <RepairForm
      {...props}
      schema={requestQuoteSchema}
      intent="request"
      submitLabel="Email the quote request"
      submitClassName="btn-primary"
    >
      {(fields, idPrefix) => (
        <>
          <FormField field={fields.shopName} idPrefix={idPrefix} label="Shop" maxLength={120} />
          <FormField
            field={fields.shopEmail}
            idPrefix={idPrefix}
            label="Shop's email"
            type="email"
          />
        </>
      )}
    </RepairForm>
  );
}

/** A quote the host got by phone or on paper. */
export function RecordQuoteForm(props: RepairFormProps) {
  return (
    <RepairForm
      {...props}
      schema={recordQuoteSchema}
      intent="record"
      submitLabel="Save quote"
      submitClassName="btn-outline"
    >
      {(fields, idPrefix) => (
        <>
          <FormField field={fields.shopName} idPrefix={idPrefix} label="Shop" maxLength={120} />
          <FormField
            field={fields.amount}
            idPrefix={idPrefix}
            label="Quote, $"
            inputMode="decimal"
          />
          <FormField
            field={fields.days}
            idPrefix={idPrefix}
            label="Working days (optional)"
            inputMode="numeric"
          />
          <FormField
            field={fields.details}
            idPrefix={idPrefix}
            label="Remarks (optional)"
            maxLength={4000}
          />
        </>
      )}
    </RepairForm>
  );
}

/** The repair is done: the invoice, the day, the shop. */
export function ConfirmRepairForm(props: RepairFormProps) {
  return (
    <RepairForm
      {...props}
      schema={confirmRepairSchema}
      intent="confirm"
      submitLabel="Confirm the repair"
      submitClassName="btn-primary"
    >
      {(fields, idPrefix) => (
        <>
          <FormField
            field={fields.invoice}
            idPrefix={idPrefix}
            label="Final invoice, $"
            inputMode="decimal"
          />
          <FormField
            field={fields.repairedOn}
            idPrefix={idPrefix}
            label="Finished on"
            type="date"
          />
          <FormField
            field={fields.shopName}
            idPrefix={idPrefix}
            label="Shop (optional)"
            maxLength={120}
          />
        </>
      )}
    </RepairForm>
  );
}
