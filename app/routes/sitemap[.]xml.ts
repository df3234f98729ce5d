import { publicPages } from "~/config/public-pages";
import { env } from "~/lib/runtime/env.server";

export function loader() {
  const origin = new URL(env().PUBLIC_URL).origin;
  const urls = publicPages
    .map(
      (page) =>
        `  <url><loc>${new URL(page.path, origin).toString()}</loc><priority>${page.priority}</priority></url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
