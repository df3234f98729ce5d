import { useEffect } from "react";
import type { FormResult } from "./form-result";

/**
 * Forms on public pages (sign-in, registration, password reset, the shop's quote) validate on the
 * server only, so their pages don't download Conform and zod (about 37 KB gzip). The schema still
 * states the rules once: the loader turns it into native constraints (`formConstraints`), which
 * the browser checks with or without JavaScript, and the action parses the post with it and
 * answers with the schema's messages in the usual `FormReply`.
 */

/** The native constraint attributes of one field (what `constraintsOf` puts on an input). */
export interface FieldConstraints {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
}

/** What a field component needs: its name, constraints, first error and the value to show again. */
export interface FieldState extends FieldConstraints {
  name: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
}

/** What a form's own error needs: its messages and the id its aria-describedby names. */
export interface FormState {
  id: string;
  errorId: string;
  errors?: string[];
}

/** The native constraint attributes of a field. */
export function constraintsOf(field: FieldConstraints): FieldConstraints {
  return {
    required: field.required,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
  };
}

/**
 * A server-validated form's state from the action's last reply: each field's constraints, first
 * errors and the posted value to show again; after a reply with errors, focus moves to the first
 * field the server refused (as it would after a full page load with the message beside it).
 */
export function useServerForm<Name extends string>(
  lastResult: FormResult | undefined,
  constraints: Record<Name, FieldConstraints>,
  { id }: { id: string },
) {
  const errors = lastResult?.error ?? {};
  const values = lastResult?.initialValue ?? {};
  const form: FormState = { id, errorId: `${id}-form-error`, errors: errors[""] ?? undefined };
  const fields = {} as Record<Name, FieldState>;
  for (const name of Object.keys(constraints) as Name[]) {
    fields[name] = {
      ...constraints[name],
      name,
      errors: errors[name] ?? undefined,
      initialValue: values[name],
    };
  }

  useEffect(() => {
    const refused = Object.keys(lastResult?.error ?? {}).filter(
      (name) => name && lastResult?.error?.[name]?.length,
    );
    if (refused.length === 0) return;
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    const first = [...element.elements].find(
      (input) => input instanceof HTMLElement && refused.includes(input.getAttribute("name") ?? ""),
    );
    if (first instanceof HTMLElement) first.focus();
  }, [id, lastResult]);

  return [form, fields] as const;
}

/** The form element's attributes: its id, and its error as its description when it has one. */
export function formProps(form: FormState) {
  return {
    id: form.id,
    "aria-invalid": form.errors?.length ? true : undefined,
    "aria-describedby": form.errors?.length ? form.errorId : undefined,
  };
}
