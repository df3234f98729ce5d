import { useState } from "react";
import type { z } from "zod";
import { useSchemaForm, type FormResult } from "./form";

/**
 * `useSchemaForm` for a form that edits something saved (a vehicle, the shop rates): until the
 * first post it shows the saved values. The values are read once: render the form with a `key`
 * of them, so a save starts a fresh form showing what was stored.
 */
export function useSavedValuesForm<Schema extends z.ZodObject>(
  schema: Schema,
  saved: Record<string, string>,
  lastResult: FormResult | undefined,
  options: { id: string },
) {
  const [savedResult] = useState<FormResult>(() => ({ initialValue: saved }));
  return useSchemaForm(schema, lastResult ?? savedResult, options);
}
