import fc from "fast-check";

/**
 * Random text of up to `maxLength` characters, as two arbitraries to spread into `fc.oneof`:
 * ordinary strings, and strings of any UTF-16 code unit (lone surrogates, controls).
 */
export function randomText(maxLength: number) {
  return [fc.string({ maxLength }), fc.string({ unit: "binary", maxLength })] as const;
}
