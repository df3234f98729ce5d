/**
 * The signed-in part of the product (the protected routes). Navigating into one of these
 * shows the full-screen "Loading..." spinner while the session is checked; public pages show
 * the page skeleton instead.
 */
const PROTECTED_PREFIXES = [
  "/concierge-dashboard",
  "/app",
  "/dashboard",
  "/diagram-dashboard",
  "/account",
  "/subscription",
  "/checkout",
  "/repair-quote",
  "/analysis",
];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
