import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "~/components/form-field";
import type { FormResult } from "~/lib/http/form";
import { useSchemaForm } from "~/lib/http/form";
import { tripFormSchema } from "~/lib/trips/trip-form";
import { TripFields, type TripFieldsMetadata } from "./trip-fields";

/** The trip form of "Add a trip" and of a trip's page; a real form post without JavaScript. */
export function TripForm({
  lastResult,
  defaultValue,
  vehicles,
  accountTimeZone,
  submitLabel,
}: {
  lastResult?: FormResult;
  defaultValue: Record<string, string>;
  vehicles: { id: string; label: string }[];
  accountTimeZone: string;
  submitLabel: string;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(tripFormSchema, lastResult, { id: "trip", defaultValue });
  return (
    <Form method="post" className="space-y-5" {...getFormProps(form)}>
      <FormErrors form={form} />
      <TripFields
        fields={fields as unknown as TripFieldsMetadata}
        vehicles={vehicles}
        accountTimeZone={accountTimeZone}
      />
      <button type="submit" className="btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
