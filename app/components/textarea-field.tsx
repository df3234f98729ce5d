import type { FieldMetadata } from "@conform-to/react";
import { FieldNotes } from "~/components/form-field";

/**
 * A labeled textarea for a Conform field: the posted value after a refused post, else
 * `defaultValue`; its error below it, tied with aria-describedby.
 */
export function TextareaField({
  field,
  label,
  defaultValue = "",
  maxLength,
  required = true,
  rows,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  defaultValue?: string;
  maxLength?: number;
  required?: boolean;
  rows?: number;
}) {
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <textarea
        id={field.id}
        name={field.name}
        className="input min-h-32"
        required={required}
        rows={rows}
        maxLength={maxLength}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${field.id}-error` : undefined}
      />
      <FieldNotes id={field.id} error={error} />
    </div>
  );
}
