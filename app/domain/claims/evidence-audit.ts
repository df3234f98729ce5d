/**
 * The evidence check of a damage claim, before filing: for every claimed part, a post-trip photo
 * taken inside its window, and pre-trip photos inside theirs (taken at most 24 hours before the
 * trip started; post-trip at most 24 hours after it ended). A photo's time is its EXIF capture
 * time; without one, its upload time, and the check says so. Dark or blurry photos are flagged.
 */
import { TRIP_PHOTO_RULE } from "../marketplace-rules";
import { resolveWallClock, naiveMsToWallClock } from "../zoned-time";

const HOUR_MS = 3_600_000;

export interface AuditPhoto {
  id: string;
  number: number;
  phase: "pre_trip" | "post_trip";
  /** EXIF capture time ("2026-11-20T14:03:11-08:00", or without an offset: the camera's clock). */
  capturedAt: string | null;
  uploadedAt: number;
  sha256: string;
  /** Quality warnings found at upload ("too-dark", "blurry"…). */
  warnings: string[];
}

export interface AuditFinding {
  panelLabel: string;
  photoId: string | null;
  /** Already there before the trip: not claimed. */
  preExisting: boolean;
}

export type TimeBasis = "exif" | "exif-camera-clock" | "upload";

export interface AuditedPhoto extends AuditPhoto {
  takenAt: number;
  basis: TimeBasis;
  inWindow: boolean;
  /** Why it's outside its window, in words. */
  problem: string | null;
}

export interface PanelEvidence {
  panelLabel: string;
  /** The number of a post-trip photo of this part taken inside the window, or null. */
  postTripPhoto: number | null;
  ok: boolean;
  problems: string[];
}

export interface EvidenceAudit {
  preTripWindow: { from: number; to: number };
  postTripWindow: { from: number; to: number };
  photos: AuditedPhoto[];
  panels: PanelEvidence[];
  /** Problems that make a denial likely, one sentence each. */
  risks: string[];
  /** Things to fix or check that don't by themselves deny the claim. */
  warnings: string[];
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** When a photo was taken: EXIF with its offset, EXIF on the camera's clock read in the trip's zone, or the upload. */
export function photoTime(
  photo: Pick<AuditPhoto, "capturedAt" | "uploadedAt">,
  timeZone: string,
): { at: number; basis: TimeBasis } {
  const text = photo.capturedAt?.trim();
  if (text) {
    if (OFFSET.test(text)) {
      const at = Date.parse(text);
      if (!Number.isNaN(at)) return { at, basis: "exif" };
    } else {
      const naive = Date.parse(`${text.replace(" ", "T")}Z`);
      if (!Number.isNaN(naive)) {
        const resolved = resolveWallClock(naiveMsToWallClock(naive), timeZone);
        const at = resolved.kind === "unique" ? resolved.instantMs : resolved.earlierMs;
        return { at, basis: "exif-camera-clock" };
      }
    }
  }
  return { at: photo.uploadedAt, basis: "upload" };
}

const WARNING_TEXT: Record<string, string> = {
  "too-dark": "too dark",
  blurry: "blurry",
  "too-small": "too small to show detail",
  duplicate: "a duplicate of another photo",
};

export function auditEvidence(input: {
  trip: { startAt: number; endAt: number; timeZone: string };
  photos: AuditPhoto[];
  findings: AuditFinding[];
}): EvidenceAudit {
  const { trip } = input;
  const preTripWindow = {
    from: trip.startAt - TRIP_PHOTO_RULE.preTripMaxHoursBeforeStart * HOUR_MS,
    to: trip.startAt,
  };
  const postTripWindow = {
    from: trip.endAt,
    to: trip.endAt + TRIP_PHOTO_RULE.postTripMaxHoursAfterEnd * HOUR_MS,
  };
  const photos = input.photos.map((photo): AuditedPhoto => {
    const { at, basis } = photoTime(photo, trip.timeZone);
    const window = photo.phase === "pre_trip" ? preTripWindow : postTripWindow;
    let problem: string | null = null;
    if (photo.phase === "pre_trip" && at < window.from)
      problem = "taken more than 24 hours before the trip started";
    if (photo.phase === "pre_trip" && at > window.to) problem = "taken after the trip started";
    if (photo.phase === "post_trip" && at < window.from) {
      problem =
        "taken before the trip ended (if the car came back early, correct the trip's end time)";
    }
    if (photo.phase === "post_trip" && at > window.to)
      problem = "taken more than 24 hours after the trip ended";
    return { ...photo, takenAt: at, basis, inWindow: problem === null, problem };
  });
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const risks: string[] = [];
  const warnings: string[] = [];

  const preTripInWindow = photos.filter((photo) => photo.phase === "pre_trip" && photo.inWindow);
  const claimed = input.findings.filter((finding) => !finding.preExisting);
  const panelLabels = [...new Set(claimed.map((finding) => finding.panelLabel))];
  const panels = panelLabels.map((panelLabel): PanelEvidence => {
    const shots = claimed
      .filter((finding) => finding.panelLabel === panelLabel && finding.photoId)
      .map((finding) => byId.get(finding.photoId!))
      .filter((photo): photo is AuditedPhoto => photo !== undefined && photo.phase === "post_trip");
    const inWindow = shots.find((photo) => photo.inWindow) ?? null;
    const problems: string[] = [];
    if (!inWindow) {
      problems.push(
        shots.length === 0
          ? "no post-trip photo shows it"
          : `its post-trip photo ${shots.map((photo) => photo.number).join(", ")} is outside the 24-hour window`,
      );
    }
    if (preTripInWindow.length === 0) problems.push("no pre-trip photo inside its window");
    for (const problem of problems) {
      risks.push(`${panelLabel}: ${problem}. This part is likely to be denied.`);
    }
    return {
      panelLabel,
      postTripPhoto: inWindow?.number ?? null,
      ok: problems.length === 0,
      problems,
    };
  });

  for (const photo of photos) {
    if (photo.basis === "upload") {
      warnings.push(
        `Photo ${photo.number} has no capture time: its upload time is used. Upload the original from the phone's camera roll.`,
      );
    }
    if (photo.basis === "exif-camera-clock") {
      warnings.push(
        `Photo ${photo.number}'s capture time has no time zone: it is read as the trip's local time.`,
      );
    }
    if (!photo.inWindow && photo.problem) {
      warnings.push(`Photo ${photo.number} was ${photo.problem}.`);
    }
    const quality = photo.warnings.map((code) => WARNING_TEXT[code]).filter(Boolean);
    if (quality.length > 0) warnings.push(`Photo ${photo.number} is ${quality.join(" and ")}.`);
  }
  if (!photos.some((photo) => photo.phase === "pre_trip")) {
    risks.unshift(
      "No pre-trip photos: without them the marketplace can't tell the damage is new, and charges a fee for missing photos.",
    );
  }
  return { preTripWindow, postTripWindow, photos, panels, risks, warnings };
}

/** The angles the marketplace expects in trip photos; the host confirms them (photos carry no angle). */
export const PHOTO_ANGLE_CHECKLIST = [
  "Each side, front and back",
  "Each corner",
  "All four wheels",
  "The roof",
  "The interior, front and back seats",
  "The odometer and the fuel or charge level",
] as const;
