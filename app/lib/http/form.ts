import {
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { Toast } from "../ui/toast";

/**
 * The form contract (docs/decisions/0013-forms-with-conform.md): one zod schema per form feeds
 * the native constraints (what a browser without JavaScript checks), Conform's validation in the
 * browser and the action's parse, so all three give the same messages.
 */

/** Conform's submission result: field errors, form errors (key "") and the values to show again. */
export type FormResult = SubmissionResult<string[]>;

/** What every form action answers with when it doesn't redirect. */
export interface FormReply<Intent extends string = string> {
  /** Which of a page's forms was posted (pages with several forms, one action). */
  intent?: Intent;
  result: FormResult;
  toast?: Toast;
}

/**
 * Parses a posted form with its schema. Values reach the schema as posted ("" stays ""): the
 * schemas say themselves what an empty field means.
 */
export function parseSubmission<Schema extends z.ZodType>(
  form: FormData | URLSearchParams,
  schema: Schema,
) {
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}

/** Field errors of a reply, first message per field, for components that take plain strings. */
export function errorsOf(result: FormResult | undefined): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (messages?.[0]) errors[name || "form"] = messages[0];
  }
  return errors;
}

/** The posted values of a reply as strings (hidden fields such as passwords are left out). */
export function valuesOf(result: FormResult | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(result?.initialValue ?? {})) {
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/**
 * Conform's state for one form: validates on blur and then as the user types, shows the
 * server's reply after a post, and focuses the first invalid field. `defaultValue` is what the
 * fields show before any post and after a reply that resets the form (a saved profile, the
 * preselected option of a select).
 */
export function useSchemaForm<Schema extends z.ZodObject>(
  schema: Schema,
  lastResult: FormResult | undefined,
  options: { id?: string; defaultValue?: DefaultValue<z.input<Schema>> } = {},
) {
  return useForm({
    id: options.id,
    defaultValue: options.defaultValue,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
}

/** Native constraint attributes of a field, from its schema. */
export function constraintsOf(field: FieldMetadata<unknown>) {
  return {
    required: field.required,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
  };
}
