import { data } from "react-router";
import type { Submission } from "@conform-to/react";
import type { FieldErrors } from "~/domain/validation";
import type { Toast } from "~/lib/ui/toast";
import type { FormReply, FormResult } from "./form";
import type { InputError } from "./input-error";

/** Zod issues → the first message per field (JSON API bodies). */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Reads a form body without ever throwing (a malformed body is a 400, not a 500). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one place that may call it
    return await request.formData();
  } catch {
    return null;
  }
}

export const UNREADABLE_FORM_MESSAGE = "We couldn't read that form. Please try again.";
export const STALE_FORM_MESSAGE = "This form was out of date. Reload the page and try again.";

/**
 * The form's message when the schema refused a field the page doesn't show (a hidden id or flag,
 * wrong only in an old or edited page): a field error there would be invisible.
 */
export function hiddenFieldRefusal(
  submission: Submission<unknown>,
  shownFields: readonly string[],
): string | undefined {
  const errors = submission.status === "error" ? submission.error : null;
  const refused = Object.keys(errors ?? {}).filter(
    (name) => name !== "" && !shownFields.includes(name),
  );
  return refused.length > 0 ? STALE_FORM_MESSAGE : undefined;
}

interface ResultOptions {
  /** A message for the whole form, shown above its fields. */
  formError?: string;
  /** Messages the server found (the schema's own are already in the submission). */
  fieldErrors?: FieldErrors;
  /** Fields never sent back to the page, such as passwords. */
  hideFields?: string[];
  /** Clears the form: it worked and the page stays. */
  resetForm?: boolean;
}

/** A submission's result with the server's own messages added; no submission = unreadable body. */
export function formResult(
  submission: Submission<unknown> | null,
  { formError, fieldErrors, hideFields, resetForm }: ResultOptions = {},
): FormResult {
  if (!submission)
    return { status: "error", error: { "": [formError ?? UNREADABLE_FORM_MESSAGE] } };
  const extraFieldErrors = Object.fromEntries(
    Object.entries(fieldErrors ?? {}).flatMap(([name, message]) =>
      message ? [[name, [message]]] : [],
    ),
  );
  return submission.reply({
    formErrors: formError ? [formError] : undefined,
    fieldErrors: fieldErrors ? extraFieldErrors : undefined,
    hideFields,
    resetForm,
  });
}

interface ReplyOptions<Intent extends string> extends ResultOptions {
  status?: number;
  intent?: Intent;
  toast?: Toast;
  headers?: HeadersInit;
}

/** The one way a form action answers without redirecting: `{ intent?, result, toast? }`. */
export function formReply<Intent extends string = string>(
  submission: Submission<unknown> | null,
  { status = 200, intent, toast, headers, ...result }: ReplyOptions<Intent> = {},
) {
  return data<FormReply<Intent>>(
    { intent, result: formResult(submission, result), toast },
    { status, headers },
  );
}

/**
 * A refusal from lib (`InputError`) as the form's reply: its status, its message for the whole
 * form and, unless `onField` is false, on its field too (`fieldNames` maps lib's name of a field
 * to the form's, such as claimedCents → claimed).
 */
export function inputErrorReply<Intent extends string = string>(
  submission: Submission<unknown> | null,
  error: InputError,
  {
    intent,
    onField = true,
    fieldNames = {},
  }: { intent?: Intent; onField?: boolean; fieldNames?: Record<string, string> } = {},
) {
  const field = error.field === undefined ? undefined : (fieldNames[error.field] ?? error.field);
  return formReply<Intent>(submission, {
    status: error.status,
    intent,
    formError: error.message,
    fieldErrors: onField && field !== undefined ? { [field]: error.message } : undefined,
  });
}
