/** The type guard for a form's `intent`: true for one of `intents` (a list `as const`). */
export function intentGuard<const Intents extends readonly string[]>(intents: Intents) {
  return (value: unknown): value is Intents[number] => intents.includes(value as string);
}
