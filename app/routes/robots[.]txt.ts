import { env } from "~/lib/runtime/env.server";

export function loader() {
  const origin = new URL(env().PUBLIC_URL).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /app",
    "Disallow: /dashboard",
    "Disallow: /account",
    "Disallow: /analysis/",
    "Disallow: /404",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
