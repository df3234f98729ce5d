import type { Route } from "./+types/logos.$name";
import { logoByName } from "~/lib/accounts/logo.server";

/**
 * GET /logos/{name}.png: an account's business logo, for its reports and share pages. The name is
 * 128 random bits, new for every upload, so the file never changes under its URL.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const name = /^([0-9a-f]{32})\.png$/.exec(params.name)?.[1];
  const bytes = name ? await logoByName(name) : null;
  if (!bytes) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
