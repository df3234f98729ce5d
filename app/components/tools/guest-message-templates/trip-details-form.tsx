import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { ToolField } from "~/components/tool-fields";
import {
  SMOKING_FEE_CHOICES,
  smokingFeeText,
  TEMPLATE_FIELDS,
  type TemplateField,
  type TemplateQuery,
} from "~/lib/tools/guest-message-templates-query";

const COMMON_FIELDS = TEMPLATE_FIELDS.filter((spec) => spec.common);
const DETAIL_FIELDS = TEMPLATE_FIELDS.filter((spec) => !spec.common);

/** The trip's details every template is filled from; the rarer ones fold away. */
export function TripDetailsForm({
  values,
  errors,
  stage,
  onChange,
}: {
  values: TemplateQuery["values"];
  errors: TemplateQuery["errors"];
  stage: TemplateQuery["stage"];
  onChange: (event: FormEvent<HTMLFormElement>) => void;
}) {
  // Open the "details" section when the page was opened with any of them filled in (read once,
  // so the section never snaps shut while the host clears a field).
  const [detailsOpen] = useState(() =>
    DETAIL_FIELDS.some((spec) => Boolean(values[spec.param]) || Boolean(errors[spec.param])),
  );
  return (
    <Form
      method="get"
      onChange={onChange}
      className="self-start rounded-2xl border border-slate-200 p-5 sm:p-6 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
      aria-label="Trip details"
    >
      <h2 className="text-lg font-semibold text-slate-900">Trip details</h2>
      <p className="mt-1 text-sm text-slate-600">
        Fill in what you know; anything left blank shows as a [placeholder] in the messages.
      </p>
      <div className="mt-5 grid gap-4">
        {COMMON_FIELDS.map((spec) => (
          <TemplateInput
            key={spec.param}
            spec={spec}
            value={values[spec.param] ?? ""}
            error={errors[spec.param]}
          />
        ))}
      </div>
      <details className="group mt-6 rounded-xl border border-slate-200" open={detailsOpen}>
        <summary className="cursor-pointer rounded-xl px-4 py-3 font-medium text-slate-900 hover:bg-slate-50">
          Details for return, damage and fee messages
        </summary>
        <div className="grid gap-4 px-4 pb-4">
          {DETAIL_FIELDS.map((spec) => (
            <TemplateInput
              key={spec.param}
              spec={spec}
              value={values[spec.param] ?? ""}
              error={errors[spec.param]}
            />
          ))}
        </div>
      </details>
      <input type="hidden" name="stage" value={stage ?? ""} />
      <button type="submit" className="btn-primary mt-6 w-full">
        Fill in the templates
      </button>
    </Form>
  );
}

function TemplateInput({
  spec,
  value,
  error,
}: {
  spec: TemplateField;
  value: string;
  error: string | undefined;
}) {
  if (spec.kind === "money") {
    return (
      <ToolField
        id={spec.param}
        label={spec.label}
        kind="money"
        defaultValue={value}
        error={error}
        hint={`For example ${spec.example.replace(/^\$/, "")}`}
      />
    );
  }
  const errorId = `${spec.param}-error`;
  const common = {
    id: spec.param,
    name: spec.param,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: "input",
  } as const;
  return (
    <div>
      <label htmlFor={spec.param} className="label">
        {spec.label}
      </label>
      {spec.kind === "smoking" ? (
        // Chrome matches a <select> as :read-only; keep it white like the other fields.
        <select {...common} className="input">
          <option value="">Choose the fee</option>
          {SMOKING_FEE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {smokingFeeText(choice)}
            </option>
          ))}
        </select>
      ) : spec.kind === "datetime" ? (
        <input {...common} type="datetime-local" />
      ) : (
        <input
          {...common}
          type="text"
          maxLength={spec.maxLength}
          placeholder={`e.g. ${spec.example}`}
          autoComplete="off"
        />
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
