/**
 * A set of values declared once, as the record of their labels: the list of values (for zod and
 * drizzle enums, which want a non-empty tuple) is read from it in declaration order, so the list
 * and the labels can't disagree.
 */
export function valuesOf<Value extends string>(
  labels: Readonly<Record<Value, string>>,
): readonly [Value, ...Value[]] {
  return Object.keys(labels) as [Value, ...Value[]];
}
