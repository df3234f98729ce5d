import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "~/lib/ui/toast";

/**
 * What a form action answers, and the two readers of it that plain components use. Kept apart
 * from `form.ts` so a page that only shows a server's reply (the demo form) doesn't download
 * Conform and zod.
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
 * The message of a reply that none of the page's forms shows: one without an intent (an unknown
 * action, an unreadable body) or for a form the page doesn't show now. Its form's message, else
 * its first field's, for the page to show above its forms.
 */
export function strayReplyMessage(
  reply: FormReply | undefined,
  shownIntents: readonly string[] = [],
): string | undefined {
  if (!reply || (reply.intent && shownIntents.includes(reply.intent))) return undefined;
  const { form, ...fields } = errorsOf(reply.result);
  return form ?? Object.values(fields)[0];
}
