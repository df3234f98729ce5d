/**
 * Ends a loader or action with a 404 page. It never returns, so `getX(...) ?? notFound()` narrows
 * to the found value. The message is the page's explanation (the route's ErrorBoundary shows it).
 */
export function notFound(message = "Not Found"): never {
  throw new Response(message, { status: 404, statusText: "Not Found" });
}
