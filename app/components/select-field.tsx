import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { describedBy, FieldNotes } from "./form-field";

/** A labeled select bound to a Conform field, with its hint and error announced. */
export function SelectField({
  field,
  label,
  hint,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  const error = field.errors?.[0];
  return (
    <div>
      <label htmlFor={field.id} className="label">
        {label}
      </label>
      <select
        key={field.key}
        id={field.id}
        name={field.name}
        defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.id, { hint, error })}
      >
        {children}
      </select>
      <FieldNotes id={field.id} hint={hint} error={error} />
    </div>
  );
}
