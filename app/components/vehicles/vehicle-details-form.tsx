import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "~/components/form-field";
import { VehicleFields } from "~/components/vehicle-fields";
import { vehicleFormForBrowser } from "~/lib/vehicles/vehicle-form";
import { useSchemaForm, type FormResult } from "~/lib/http/form";

/**
 * The edit form of a saved vehicle (the "update" intent of its page). Render it with a `key` of
 * the saved values: a save starts a fresh form showing the stored (normalized) values.
 */
export function VehicleDetailsForm({
  saved,
  lastResult,
  busy,
}: {
  /** The saved vehicle's values, shown until the first post. */
  saved: Record<string, string | string[]>;
  lastResult?: FormResult;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(vehicleFormForBrowser, lastResult, {
    id: "edit-vehicle",
    defaultValue: saved,
  });
  return (
    <Form
      method="post"
      className="space-y-4"
      aria-labelledby="details-heading"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="update" />
      <FormErrors form={form} />
      <VehicleFields fields={fields} idPrefix="edit-" showStatus />
      <div className="flex justify-end">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          Save changes
        </button>
      </div>
    </Form>
  );
}
