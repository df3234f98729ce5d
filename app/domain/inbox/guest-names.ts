/**
 * Whether two ways of writing a guest's name mean the same person: the marketplace writes
 * "Jordan L." in its emails where its export says "Jordan Lee". Case, accents and dots don't
 * count; a first name alone never matches (too many guests share one).
 */
function words(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
}

export function sameGuest(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const first = words(a);
  const second = words(b);
  if (first.length < 2 || second.length < 2) return false;
  if (first[0] !== second[0]) return false;
  const lastA = first.at(-1)!;
  const lastB = second.at(-1)!;
  if (lastA === lastB) return true;
  // "L." against "Lee": an initial matches the name it abbreviates.
  return (
    (lastA.length === 1 && lastB.startsWith(lastA)) ||
    (lastB.length === 1 && lastA.startsWith(lastB))
  );
}
