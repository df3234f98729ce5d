/**
 * The one check for redirect targets that come from a request (`redirectTo` fields and query
 * parameters): only a path on our own site may become a Location header.
 *
 * The target is resolved the way a browser resolves a Location header, and the result is judged,
 * not the raw text: `/.//evil.example` and `/..//evil.example` look like paths but resolve to
 * `//evil.example`, which a browser reads as another host. So:
 * - it must be a string of at most 2000 characters starting with "/";
 * - control characters are refused outright: browsers drop tabs and newlines from URLs (so
 *   `/\t/evil.example` becomes `//evil.example`), and a CR/LF cannot go into a header;
 * - resolved against a placeholder origin it must stay on that origin;
 * - the resolved path must not start with `//` or `/\`, and must not hide a slash or backslash
 *   in a percent-escape (`/%2F%2Fevil.example`, `/%5Cevil.example`, double-encoded `%252F`):
 *   a proxy or a second decoding would turn those into another host.
 * The path is returned as the URL parser serializes it (ASCII, percent-encoded, dot segments
 * resolved), so what we check is exactly what we send.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || to.length > 2000 || !to.startsWith("/")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || leavesTheSite(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

const PLACEHOLDER_ORIGIN = "http://redirect.invalid";

/**
 * Whether a resolved path starts like another host, or hides a slash or backslash in a
 * percent-escape (our own paths never contain one), at any depth of encoding.
 */
function leavesTheSite(pathname: string): boolean {
  let current = pathname;
  // A path still changing after three rounds of decoding is not one of ours.
  for (let round = 0; round < 4; round++) {
    if (current.startsWith("//") || current.includes("\\") || /%(2f|5c)/i.test(current)) {
      return true;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}
