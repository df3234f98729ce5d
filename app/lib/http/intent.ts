import { z } from "zod";
import { parseSubmission } from "./form";

/**
 * The one way a route action handles a post (docs/decisions/0042-one-posted-form-style.md): the
 * posted `intent` goes through `intentSchema`, a table maps each intent to its handler, and each
 * handler reads every field it uses (typed ones, hidden ids, a button's value) through a schema
 * and answers with `formReply` or a redirect.
 */

/** The intents a schema made by `intentSchema` accepts. */
export type IntentOf<Schema extends z.ZodType<{ intent: string }>> = z.output<Schema>["intent"];

/** What a route's table of handlers is: one function per intent of its forms. */
export type IntentHandlers<Intent extends string, Post> = Record<
  Intent,
  (post: Post) => unknown | Promise<unknown>
>;

/**
 * The schema of a page's `intent` field: one of `intents`. Anything else is refused with
 * `message`, or, with `fallback`, read as that intent (a page whose main form posts no intent).
 */
export function intentSchema<const Intents extends readonly [string, ...string[]]>(
  intents: Intents,
  options: { message: string } | { fallback: Intents[number] },
) {
  const intent =
    "fallback" in options
      ? z.enum(intents).catch(options.fallback)
      : z.enum(intents, { error: options.message });
  return z.object({ intent });
}

/** A posted field as `form.get` gave it, read as text: "" when missing (or a file). */
export const postedText = z.string().catch("");

/**
 * A posted field read as `String(form.get(name) ?? "")` reads it: "" when missing, and a file as
 * "[object File]", which no text field accepts, so a file where text belongs is refused rather
 * than read as an empty answer.
 */
export const postedString = z
  .unknown()
  .optional()
  .transform((value) => (value === undefined ? "" : String(value)));

/** A checkbox: true when posted as "on". */
export const postedCheckbox = z
  .unknown()
  .optional()
  .transform((value) => value === "on");

/** Every value posted under one name, as text (what `getAll` gave, each through `String`). */
export const postedTexts = z
  .unknown()
  .optional()
  .transform((value) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String),
  );

/** A posted entry as it came (text, a file, or undefined when missing), for a parser of its own. */
export const postedEntry = z
  .custom<FormDataEntryValue>((value) => typeof value === "string" || value instanceof File)
  .optional()
  .catch(undefined);

/**
 * The fields of a post that nobody types (ids in hidden inputs, a button's value), through a
 * schema whose every field has a fallback (`postedText`, `.catch(…)`), so it never refuses.
 */
export function postedFields<Schema extends z.ZodType>(
  form: FormData,
  schema: Schema,
): z.output<Schema> {
  const submission = parseSubmission(form, schema);
  if (submission.status !== "success") {
    throw new Error("A schema of posted fields refused a post: give every field a fallback.");
  }
  return submission.value as z.output<Schema>;
}
