import type { ReactNode } from "react";
import type { ClaimTextField } from "~/lib/tools/claim-letter-query";

export function FormGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mt-6 border-t border-slate-200 pt-5">
      <legend className="float-left mb-4 w-full text-base font-semibold text-slate-900">
        {legend}
      </legend>
      <div className="clear-left grid gap-4">{children}</div>
    </fieldset>
  );
}

export function TextInput({
  field,
  value,
  error,
}: {
  field: ClaimTextField;
  value: string;
  error?: string;
}) {
  const id = field.param;
  const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name: id,
    defaultValue: value,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: "input",
  };
  return (
    <div>
      <label htmlFor={id} className="label">
        {field.label}
      </label>
      {field.type === "textarea" ? (
        <textarea {...common} rows={6} maxLength={field.max} />
      ) : (
        <input
          {...common}
          type={field.type ?? "text"}
          maxLength={field.type === "date" ? undefined : field.max}
          autoComplete={field.autoComplete ?? "off"}
        />
      )}
      {field.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {field.hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
