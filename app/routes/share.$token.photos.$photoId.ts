import type { Route } from "./+types/share.$token.photos.$photoId";
import { photoResponse, readPhotoFile, reportPhotos } from "~/lib/estimates/photos.server";
import { resolveShareToken } from "~/lib/estimates/shares.server";

/** GET /share/{token}/photos/{photoId}: a photo of the shared report, while the link is live. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const shared = resolveShareToken(params.token);
  const photo = shared
    ? reportPhotos(shared.report.id).find((p) => p.id === params.photoId)
    : undefined;
  const size = new URL(request.url).searchParams.get("size") === "thumb" ? "thumb" : "display";
  const bytes = photo ? await readPhotoFile(photo, size) : null;
  if (!bytes) throw new Response("Not Found", { status: 404 });
  // A revoked link must stop working at once, so nothing is cached.
  return photoResponse(bytes, "no-store");
}
