import { useForm, type DefaultValue } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { FormResult } from "./form-result";
import type { FieldConstraints } from "./server-form";

export {
  errorsOf,
  strayReplyMessage,
  valuesOf,
  type FormReply,
  type FormResult,
} from "./form-result";
export { constraintsOf } from "./server-form";

/**
 * The form contract (docs/decisions/0013-forms-with-conform.md): one zod schema per form feeds
 * the native constraints (what a browser without JavaScript checks), Conform's validation in the
 * browser and the action's parse, so all three give the same messages.
 */

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
    constraint: schemaConstraints(schema),
    // Messages appear when the host submits, then update as they type. Validating on blur moved
    // the submit button under the pointer when a message appeared, and the click missed.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
  });
}

type ZodInternals = {
  _zod: {
    def: { type: string; checks?: ZodInternals[]; check?: string } & Record<string, unknown>;
  };
};

/** The schema of `type` under optional, default, nullable, catch and pipe wrappers, if any. */
function unwrap(schema: ZodInternals, type: string): ZodInternals | null {
  const def = schema._zod.def;
  if (def.type === type) return schema;
  const inner = (def.type === "pipe" ? [def.in, def.out] : [def.innerType]).filter(Boolean);
  for (const candidate of inner) {
    const found = unwrap(candidate as ZodInternals, type);
    if (found) return found;
  }
  return null;
}

/**
 * Conform's constraints plus string lengths: the installed zod keeps `min`/`max` of a string only
 * in its checks, where `getZodConstraint` doesn't look, so `minLength`/`maxLength` are added here.
 */
export function schemaConstraints(schema: z.ZodObject) {
  const constraints = getZodConstraint(schema);
  // A form schema may be an object piped through a preprocess step (the vehicle form's VIN fill).
  const object = unwrap(schema as unknown as ZodInternals, "object");
  const shape = (object?._zod.def.shape ?? {}) as Record<string, ZodInternals>;
  for (const [name, field] of Object.entries(shape)) {
    const string = unwrap(field, "string");
    for (const check of string?._zod.def.checks ?? []) {
      const def = check._zod.def as { check?: string; minimum?: number; maximum?: number };
      const constraint = (constraints[name] ??= {});
      if (def.check === "min_length") constraint.minLength = def.minimum;
      if (def.check === "max_length") constraint.maxLength = def.maximum;
    }
  }
  return constraints;
}

/**
 * A schema's native constraints for a form that validates on the server only (`useServerForm`):
 * computed in the loader, so the browser gets the attributes without zod.
 */
export function formConstraints<Schema extends z.ZodObject>(
  schema: Schema,
): Record<keyof Schema["shape"] & string, FieldConstraints> {
  const all = schemaConstraints(schema);
  const object = unwrap(schema as unknown as ZodInternals, "object");
  const constraints: Record<string, FieldConstraints> = {};
  const shape = (object?._zod.def.shape ?? {}) as Record<string, z.ZodType>;
  for (const [name, field] of Object.entries(shape)) {
    const { minLength, maxLength, min, max, step } = all[name] ?? {};
    // Required means "a missing value is refused": read from the field itself, because a field
    // that is optional inside a transform (`days`) looks required to the walk over the schema.
    const required = !field.safeParse(undefined).success;
    constraints[name] = { required, minLength, maxLength, min, max, step };
  }
  return constraints as Record<keyof Schema["shape"] & string, FieldConstraints>;
}
