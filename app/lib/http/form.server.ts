import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/** Zod issues → the first message per field, as the forms render them. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Text fields of a posted form (files ignored, values capped) for re-rendering after an error. */
export function formValues(form: FormData, omit: string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && !omit.includes(key)) values[key] = value.slice(0, 1000);
  }
  return values;
}

/** One zod schema per form: parsed data, or the first message for each field. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
): { ok: true; data: z.infer<S> } | { ok: false; fieldErrors: FieldErrors } {
  const result = schema.safeParse(
    Object.fromEntries([...form].filter(([, v]) => typeof v === "string")),
  );
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, fieldErrors: fieldErrorsOf(result.error.issues) };
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
