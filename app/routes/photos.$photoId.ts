import type { Route } from "./+types/photos.$photoId";
import { requireSession } from "~/lib/auth/guards.server";
import { accountPhoto, photoResponse, readPhotoFile } from "~/lib/estimates/photos.server";

/**
 * GET /photos/{photoId}[?size=thumb]: a photo of the current account. The stored JPEG carries no
 * EXIF or GPS (the pipeline strips them); another account's photo ids answer 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const photo = accountPhoto(session.accountId, params.photoId);
  const size = new URL(request.url).searchParams.get("size") === "thumb" ? "thumb" : "display";
  const bytes = photo ? await readPhotoFile(photo, size) : null;
  if (!bytes) throw new Response("Not Found", { status: 404 });
  return photoResponse(bytes);
}
