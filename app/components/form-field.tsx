import type { InputHTMLAttributes, ReactNode } from "react";
import { constraintsOf, type FieldState, type FormState } from "~/lib/http/server-form";

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name"> {
  label: string;
  /**
   * The field's state (Conform's metadata, or `useServerForm`'s): name, constraints, error and
   * the value to show again.
   */
  field?: FieldState;
  /** Without `field` (forms that are not Conform's, such as the demo form). */
  name?: string;
  error?: string;
  hint?: string;
  /** Prefix for ids when one page has two forms with the same field names. */
  idPrefix?: string;
}

/** A labeled input whose error and hint are announced to screen readers. */
export function FormField({
  field,
  name = field?.name ?? "",
  label,
  error = field?.errors?.[0],
  hint,
  idPrefix = "",
  ...input
}: FormFieldProps) {
  const id = `${idPrefix}${name}`;
  // A password is never shown again after a post.
  const shownAgain =
    field && input.type !== "password" && typeof field.initialValue === "string"
      ? { defaultValue: field.initialValue }
      : {};
  const fromField = field ? { ...constraintsOf(field), ...shownAgain } : {};
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        key={field?.key}
        id={id}
        name={name}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...fromField}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The ids of a field's hint and error (`aria-describedby`), for fields built by hand. */
export function describedBy(id: string, notes: { hint?: unknown; error?: unknown }) {
  const ids = [notes.hint ? `${id}-hint` : "", notes.error ? `${id}-error` : ""].filter(Boolean);
  return ids.join(" ") || undefined;
}

/** A field's hint and error under it, with the ids `describedBy` names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A form-level message: an error (announced at once) or a success note. */
export function FormAlert({
  message,
  tone = "error",
  id,
}: {
  message?: string | null;
  tone?: "error" | "success";
  /** The form's error id (Conform's `form.errorId`), which the form's aria-describedby names. */
  id?: string;
}) {
  if (!message) return null;
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg px-3 py-2 text-sm ${tone === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
    >
      {message}
    </p>
  );
}

/** A form's own error (not a field's), where the form's aria-describedby points. */
export function FormErrors({ form }: { form: Pick<FormState, "errors" | "errorId"> }) {
  return <FormAlert id={form.errorId} message={form.errors?.[0]} />;
}
