/**
 * The evidence check of a damage claim, before filing: for every claimed part, a post-trip photo
 * taken inside its window, and pre-trip photos inside theirs (taken at most 24 hours before the
 * trip started; post-trip at most 24 hours after it ended). A photo's time is its EXIF capture
 * time; without one, its upload time, and the check says so. Dark or blurry photos are flagged.
 */
import { marketplace } from "~/config/marketplace";
import { TRIP_PHOTO_RULE } from "~/domain/marketplace-rules";
import { resolveWallClock, naiveMsToWallClock } from "~/domain/zoned-time";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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

/** Photos or parts that share one cause, said once, with what to do about it. */
export interface EvidenceGroup {
  /** "3 photos (2, 4, 5): no capture time and uploaded 3 days after the trip". */
  text: string;
  /** "upload the originals from the phone's camera roll"; null when there is nothing to do. */
  fix: string | null;
  /** The photos it covers (none for a part's problem). */
  photos: number[];
}

export interface EvidenceAudit {
  preTripWindow: { from: number; to: number };
  postTripWindow: { from: number; to: number };
  photos: AuditedPhoto[];
  panels: PanelEvidence[];
  /** Problems that make a denial likely, grouped by cause: for the claim page, never the packet. */
  problems: EvidenceGroup[];
  /** Photo facts to fix or check, grouped by cause. */
  checks: EvidenceGroup[];
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

type Window = "before-window" | "after-window";

/** Why a photo sits outside its window, read from its time. */
function windowProblem(
  phase: AuditPhoto["phase"],
  at: number,
  pre: { from: number; to: number },
  post: { from: number; to: number },
): { side: Window; text: string } | null {
  if (phase === "pre_trip" && at < pre.from)
    return { side: "before-window", text: "more than 24 hours before the trip started" };
  if (phase === "pre_trip" && at > pre.to)
    return { side: "after-window", text: "after the trip started" };
  if (phase === "post_trip" && at < post.from)
    return { side: "before-window", text: "before the trip ended" };
  if (phase === "post_trip" && at > post.to)
    return { side: "after-window", text: "more than 24 hours after the trip ended" };
  return null;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "3 days", "2 to 3 days", "5 hours": how long after the trip's end photos were uploaded. */
function delayText(delays: number[]): string {
  const min = Math.min(...delays);
  const max = Math.max(...delays);
  const inDays = min >= DAY_MS;
  const unit = inDays ? DAY_MS : HOUR_MS;
  const low = Math.floor(min / unit);
  const high = Math.floor(max / unit);
  const word = inDays ? "day" : "hour";
  return low === high ? plural(low, word) : `${low} to ${plural(high, word)}`;
}

const FIXES = {
  "no-capture-time":
    "upload the originals from the phone's camera roll (they carry the capture time)",
  "camera-clock": null,
  "taken-late": "add any photos of the same spots taken inside the window",
  "taken-early": "add pre-trip photos taken in the 24 hours before the trip, if you have them",
  "taken-during-trip": "check the trip's times; if the car came back early, correct the trip's end",
  quality: "add a sharper, well-lit photo of the same spot",
} as const;
type Cause = keyof typeof FIXES;

interface PhotoFacts {
  number: number;
  causes: Cause[];
  /** Words per cause, before grouping ("taken more than 24 hours after the trip ended"). */
  words: Partial<Record<Cause, string>>;
  /** Upload delay after the trip's end, for "uploaded 3 days after the trip". */
  lateUploadMs: number | null;
}

function photoFacts(
  photo: AuditedPhoto,
  window: { side: Window; text: string } | null,
  endAt: number,
): PhotoFacts {
  const facts: PhotoFacts = { number: photo.number, causes: [], words: {}, lateUploadMs: null };
  const add = (cause: Cause, words: string) => {
    facts.causes.push(cause);
    facts.words[cause] = words;
  };
  if (photo.basis === "upload") add("no-capture-time", "no capture time");
  if (photo.basis === "exif-camera-clock")
    add("camera-clock", "a capture time without a time zone, read as the trip's local time");
  if (window) {
    const verb = photo.basis === "upload" ? "uploaded" : "taken";
    const cause: Cause =
      photo.phase === "pre_trip"
        ? window.side === "before-window"
          ? "taken-early"
          : "taken-during-trip"
        : window.side === "after-window"
          ? "taken-late"
          : "taken-during-trip";
    if (photo.basis === "upload" && photo.phase === "post_trip" && window.side === "after-window") {
      facts.lateUploadMs = photo.takenAt - endAt;
      add(cause, "uploaded {delay} after the trip");
    } else {
      add(cause, `${verb} ${window.text}`);
    }
  }
  const quality = photo.warnings.map((code) => WARNING_TEXT[code]).filter(Boolean);
  if (quality.length > 0) add("quality", quality.join(" and "));
  return facts;
}

/** Photos with the same causes, said once: "3 photos (2, 4, 5): no capture time and … → fix". */
function groupPhotoFacts(all: PhotoFacts[]): EvidenceGroup[] {
  const groups = new Map<string, PhotoFacts[]>();
  for (const facts of all) {
    if (facts.causes.length === 0) continue;
    const key = facts.causes.map((cause) => `${cause}:${facts.words[cause]}`).join("|");
    groups.set(key, [...(groups.get(key) ?? []), facts]);
  }
  return [...groups.values()].map((members) => {
    const [first] = members as [PhotoFacts];
    const numbers = members.map((member) => member.number);
    const delays = members.map((member) => member.lateUploadMs).filter((ms) => ms !== null);
    const words = first.causes
      .map((cause) => first.words[cause]!)
      .map((text) => (delays.length > 0 ? text.replace("{delay}", delayText(delays)) : text));
    const label =
      numbers.length === 1
        ? `Photo ${numbers[0]}`
        : `${numbers.length} photos (${numbers.join(", ")})`;
    const fix = first.causes.map((cause) => FIXES[cause]).find((text) => text !== null) ?? null;
    return { text: `${label}: ${words.join(" and ")}`, fix, photos: numbers };
  });
}

function joinLabels(labels: string[]): string {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

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
  const windows = new Map<string, { side: Window; text: string } | null>();
  const photos = input.photos.map((photo): AuditedPhoto => {
    const { at, basis } = photoTime(photo, trip.timeZone);
    const window = windowProblem(photo.phase, at, preTripWindow, postTripWindow);
    windows.set(photo.id, window);
    const problem =
      window === null
        ? null
        : photo.phase === "post_trip" && window.side === "before-window"
          ? "taken before the trip ended (if the car came back early, correct the trip's end time)"
          : `taken ${window.text}`;
    return { ...photo, takenAt: at, basis, inWindow: problem === null, problem };
  });
  const byId = new Map(photos.map((photo) => [photo.id, photo]));

  const preTripInWindow = photos.filter((photo) => photo.phase === "pre_trip" && photo.inWindow);
  const claimed = input.findings.filter((finding) => !finding.preExisting);
  const panelLabels = [...new Set(claimed.map((finding) => finding.panelLabel))];
  const noPreTrip = preTripInWindow.length === 0;
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
    if (noPreTrip) problems.push("no pre-trip photo inside its window");
    return {
      panelLabel,
      postTripPhoto: inWindow?.number ?? null,
      ok: problems.length === 0,
      problems,
    };
  });

  // Parts with the same missing post-trip evidence, said once.
  const problems: EvidenceGroup[] = [];
  if (noPreTrip && claimed.length > 0) {
    problems.push({
      text: photos.some((photo) => photo.phase === "pre_trip")
        ? `No pre-trip photo from the 24 hours before the trip: ${marketplace.name} can't tell the damage is new, and every claimed part is likely to be denied`
        : `No pre-trip photos: ${marketplace.name} can't tell the damage is new, charges a fee for missing photos, and every claimed part is likely to be denied`,
      fix: "add the pre-trip photos you took in the 24 hours before the trip",
      photos: [],
    });
  }
  const unshown = panels.filter((panel) => panel.problems.includes("no post-trip photo shows it"));
  if (unshown.length > 0) {
    const labels = unshown.map((panel) => panel.panelLabel);
    problems.push({
      text: `${joinLabels(labels)}: no post-trip photo shows ${labels.length === 1 ? "it" : "them"}, so ${labels.length === 1 ? "this part is" : "these parts are"} likely to be denied`,
      fix: "add a post-trip photo of each from the 24 hours after the trip, or mark the finding on the photo that shows it",
      photos: [],
    });
  }
  const late = panels.filter(
    (panel) =>
      panel.postTripPhoto === null && !panel.problems.includes("no post-trip photo shows it"),
  );
  if (late.length > 0) {
    const labels = late.map((panel) => panel.panelLabel);
    problems.push({
      text: `${joinLabels(labels)}: ${labels.length === 1 ? "its post-trip photo is" : "their post-trip photos are"} outside the 24-hour window, so ${labels.length === 1 ? "this part is" : "these parts are"} likely to be denied`,
      fix: "add photos of the same spots taken inside the window, if you have them",
      photos: [],
    });
  }
  const checks = groupPhotoFacts(
    photos.map((photo) => photoFacts(photo, windows.get(photo.id) ?? null, trip.endAt)),
  );
  return { preTripWindow, postTripWindow, photos, panels, problems, checks };
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
