import { formatDateTime } from "~/domain/dates";
import { PHOTO_ANGLE_CHECKLIST, type EvidenceAudit } from "~/domain/claims/evidence-audit";

const BASIS_TEXT = {
  exif: "capture time",
  "exif-camera-clock": "capture time (camera clock, read as local)",
  upload: "upload time (no capture time in the photo)",
} as const;

/** What the marketplace will look at before paying: photos in their windows for every claimed part. */
export function EvidenceCheck({ audit, timeZone }: { audit: EvidenceAudit; timeZone: string }) {
  return (
    <div className="space-y-4 text-sm">
      <p className="text-slate-700">
        Pre-trip photos count from {formatDateTime(audit.preTripWindow.from, timeZone)} to the trip
        start; post-trip photos until {formatDateTime(audit.postTripWindow.to, timeZone)}.
      </p>
      {audit.problems.length > 0 ? (
        <ul
          role="list"
          aria-label="Likely to be denied"
          className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900"
        >
          {audit.problems.map((problem) => (
            <li key={problem.text}>
              {problem.text}.
              {problem.fix ? (
                <span className="block font-medium">→ {capitalize(problem.fix)}.</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
          Every claimed part has a post-trip photo in its window, and there are pre-trip photos in
          theirs.
        </p>
      )}
      <ul className="divide-y divide-slate-100" aria-label="Claimed parts">
        {audit.panels.map((panel) => (
          <li key={panel.panelLabel} className="flex flex-wrap justify-between gap-2 py-2">
            <span className="font-medium text-slate-900">{panel.panelLabel}</span>
            <span className={panel.ok ? "text-emerald-800" : "text-red-800"}>
              {panel.postTripPhoto !== null
                ? `Post-trip photo ${panel.postTripPhoto}`
                : "No post-trip photo in window"}
              {panel.ok ? " · ready" : ""}
            </span>
          </li>
        ))}
      </ul>
      {audit.checks.length > 0 ? (
        <ul className="space-y-2 text-amber-950" aria-label="To check">
          {audit.checks.map((check) => (
            <li key={check.text} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
              {check.text}
              {check.fix ? (
                <>
                  {" "}
                  <span className="font-medium">→ {check.fix}</span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <details>
        <summary className="cursor-pointer font-medium text-slate-900">
          Photos, their times and fingerprints
        </summary>
        <ul className="mt-2 space-y-1 text-slate-700">
          {audit.photos.map((photo) => (
            <li key={photo.id}>
              Photo {photo.number} ({photo.phase === "pre_trip" ? "pre-trip" : "post-trip"}):{" "}
              {formatDateTime(photo.takenAt, timeZone)}, {BASIS_TEXT[photo.basis]}
              {photo.inWindow ? "" : " — outside its window"} · SHA-256{" "}
              <code className="break-all">{photo.sha256}</code>
            </li>
          ))}
        </ul>
      </details>
      <div>
        <p className="font-medium text-slate-900">
          The angles adjusters look for (we can&apos;t tell angles from photos; check them):
        </p>
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {PHOTO_ANGLE_CHECKLIST.map((angle) => (
            <li key={angle}>{angle}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
