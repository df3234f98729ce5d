/**
 * Which trip an estimate's photos belong to. A photo fits a trip when it was taken from a day
 * before the trip started (pre-trip photos) to three days after it ended (post-trip photos: the
 * marketplace wants them within a day, but a host who photographs late still means that trip;
 * the evidence check flags the late ones). The trip most photos fit wins; on a tie, the one that
 * ended closest to the last photo.
 */
import { photoTime, type AuditPhoto } from "~/domain/claims/evidence-audit";
import { TRIP_PHOTO_RULE } from "~/domain/marketplace-rules";
import type { TripMatchBasis } from "./trip";

const HOUR_MS = 3_600_000;
/** How long after a trip ended its post-trip photos are still taken to be of it. */
const POST_TRIP_SLACK_HOURS = 72;

export interface TripCandidate {
  id: string;
  startAt: number;
  endAt: number;
  timeZone: string;
}

export type TripPhoto = Pick<AuditPhoto, "capturedAt" | "uploadedAt">;

export function suggestTrip(
  trips: readonly TripCandidate[],
  photos: readonly TripPhoto[],
): { tripId: string; basis: Exclude<TripMatchBasis, "host"> } | null {
  let best: { trip: TripCandidate; fits: number; distance: number; exif: boolean } | null = null;
  for (const trip of trips) {
    const times = photos.map((photo) => photoTime(photo, trip.timeZone));
    const from = trip.startAt - TRIP_PHOTO_RULE.preTripMaxHoursBeforeStart * HOUR_MS;
    const to = trip.endAt + POST_TRIP_SLACK_HOURS * HOUR_MS;
    const fitting = times.filter((time) => time.at >= from && time.at <= to);
    if (fitting.length === 0) continue;
    const last = Math.max(...fitting.map((time) => time.at));
    const distance = Math.abs(last - trip.endAt);
    if (
      !best ||
      fitting.length > best.fits ||
      (fitting.length === best.fits && distance < best.distance)
    ) {
      best = {
        trip,
        fits: fitting.length,
        distance,
        exif: fitting.some((time) => time.basis !== "upload"),
      };
    }
  }
  if (!best) return null;
  return { tripId: best.trip.id, basis: best.exif ? "capture-times" : "upload-times" };
}
