/**
 * The forms of the new-estimate page (/app): the first car (`VehicleFormSchema`) and the photo
 * upload, whose files are read by the streaming multipart reader and staged by `stageFiles`; this
 * schema states the rest of the upload form (ADR 0013).
 */
import { z } from "zod";
import { PHOTO_PHASES } from "~/domain/estimate/taxonomy";
import type { FormReply } from "~/lib/http/form";
import type { PhotoJson, UploadRejection } from "./photos.server";

export const CHOOSE_VEHICLE_MESSAGE = "Choose one of your vehicles.";

export const uploadFormSchema = z.object({
  vehicleId: z.string({ error: CHOOSE_VEHICLE_MESSAGE }).min(1, CHOOSE_VEHICLE_MESSAGE),
  /** When the photos were taken; anything else counts as after the trip. */
  phase: z.enum(PHOTO_PHASES).catch("post_trip"),
  /** AI analysis, or the host marks the damage by hand. */
  mode: z.enum(["ai", "manual"]).catch("ai"),
  /** The trip the damage is from: a trip id, "auto" (find it from the photos) or "none". */
  tripId: z.string().trim().max(100).optional(),
  /** "1": the host has seen the photos' warnings and goes on with them. */
  acceptWarnings: z.string().optional(),
});

export type NewEstimateIntent = "home-state" | "add-vehicle" | "upload";

/**
 * The page's reply: the form contract's, plus the photos staged so far and the files refused,
 * shown again with their warnings (the check step without JavaScript).
 */
export type NewEstimateReply = FormReply<NewEstimateIntent> & {
  staged?: PhotoJson[];
  rejections?: UploadRejection[];
};
