import { env } from "~/lib/runtime/env.server";

/** The loader of a page that needs nothing but the site's origin (for its canonical and OG tags). */
export function originLoader() {
  return { origin: new URL(env().PUBLIC_URL).origin };
}
