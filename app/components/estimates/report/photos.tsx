import { formatDateTime } from "~/domain/dates";
import { PHOTO_PHASE_LABELS } from "~/domain/estimate/labels";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { PhotoWithBoxes } from "~/components/estimates/photo-with-boxes";
import {
  bytesText,
  captureParts,
  DateTimeCell,
  formatCaptureTime,
  gpsText,
  hashNote,
  photoCaption,
  zonedParts,
  type ReportFinding,
  type ReportPhoto,
} from "./format";
import { Section, WideTable } from "./parts";

const EVIDENCE_COLUMNS = ["Photo", "Phase", "Taken", "Uploaded", "SHA-256 of the original", "GPS"];

function PhotoFigure({
  photo,
  findings,
  shareMode,
  timeZone,
}: {
  photo: ReportPhoto;
  findings: ReportFinding[];
  shareMode: boolean;
  timeZone: string;
}) {
  const onPhoto = findings.filter((finding) => finding.photoId === photo.id);
  const numbers = onPhoto.map((finding) => finding.number);
  return (
    <figure id={`photo-${photo.number}`} className="scroll-mt-24 print:break-inside-avoid">
      <PhotoWithBoxes
        photo={photo}
        boxes={onPhoto}
        alt={`Photo ${photo.number}, ${photo.phase === "pre_trip" ? "before" : "after"} the trip`}
        linkToFull
      />
      <figcaption className="mt-2 text-xs text-slate-700">
        <span className="font-semibold text-slate-900">{photoCaption(photo, timeZone)}</span>
        {numbers.length > 0 ? (
          <span className="block text-slate-600">
            Marked: {numbers.length === 1 ? "finding" : "findings"} {numbers.join(", ")}
          </span>
        ) : null}
        {!shareMode && photo.warnings.length > 0 ? (
          <span className="no-print mt-1 block rounded-md bg-amber-50 px-2 py-1 text-amber-900">
            {photo.warnings.map((warning) => warning.message).join(" ")}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

function PhotoGrid({
  photos,
  findings,
  shareMode,
  timeZone,
}: {
  photos: ReportPhoto[];
  findings: ReportFinding[];
  shareMode: boolean;
  timeZone: string;
}) {
  return (
    <div className="mt-3 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-2 print:gap-4">
      {photos.map((photo) => (
        <PhotoFigure
          key={photo.id}
          photo={photo}
          findings={findings}
          shareMode={shareMode}
          timeZone={timeZone}
        />
      ))}
    </div>
  );
}

export function PhotosSection({ report, shareMode }: { report: ReportView; shareMode: boolean }) {
  const { photos, findings } = report;
  if (photos.length === 0) return null;
  const before = photos.filter((photo) => photo.phase === "pre_trip");
  const after = photos.filter((photo) => photo.phase === "post_trip");
  const grouped = before.length > 0 && after.length > 0;
  return (
    <Section
      id="report-photos"
      title="Photos"
      intro="Boxes mark each finding; the number matches the findings table. Dashed boxes are damage that was already there. Open a photo for full size."
    >
      {grouped ? (
        <>
          <h3 className="mt-5 text-base font-semibold text-slate-900 print:break-after-avoid">
            Before the trip
          </h3>
          <PhotoGrid
            photos={before}
            findings={findings}
            shareMode={shareMode}
            timeZone={report.display.timeZone}
          />
          <h3 className="mt-8 text-base font-semibold text-slate-900 print:mt-5 print:break-after-avoid">
            After the trip
          </h3>
          <PhotoGrid
            photos={after}
            findings={findings}
            shareMode={shareMode}
            timeZone={report.display.timeZone}
          />
        </>
      ) : (
        <PhotoGrid
          photos={photos}
          findings={findings}
          shareMode={shareMode}
          timeZone={report.display.timeZone}
        />
      )}
    </Section>
  );
}

export function EvidenceSection({ report, shareMode }: { report: ReportView; shareMode: boolean }) {
  const { photos } = report;
  const { timeZone } = report.display;
  if (photos.length === 0) return null;
  return (
    <Section
      id="report-evidence"
      title="Photo evidence"
      className="print:break-before-page"
      intro="The SHA-256 fingerprint identifies each original photo file: a copy of the original that hasn't been changed gives exactly the same fingerprint, and any edit changes it completely."
    >
      <WideTable
        className="mt-4"
        caption="Evidence for each photo: phase, capture and upload times, fingerprint and location"
        columns={EVIDENCE_COLUMNS}
      >
        {photos.map((photo) => (
          <tr
            key={photo.id}
            data-evidence={photo.number}
            className="align-top print:break-inside-avoid"
          >
            <th scope="row" className="py-2 pr-3 font-semibold whitespace-nowrap text-slate-900">
              Photo {photo.number}
              <span className="block text-xs font-normal text-slate-600">
                {bytesText(photo.originalBytes)} original
              </span>
            </th>
            <td className="py-2 pr-3 whitespace-nowrap text-slate-800">
              {PHOTO_PHASE_LABELS[photo.phase]}
            </td>
            <td className="py-2 pr-3 text-slate-800">
              <DateTimeCell
                parts={photo.capturedAt ? captureParts(photo.capturedAt) : null}
                fallback={photo.capturedAt ?? "Not in photo"}
              />
            </td>
            <td className="py-2 pr-3 text-slate-800">
              <DateTimeCell
                parts={zonedParts(photo.uploadedAt, timeZone)}
                fallback={photo.uploadedAt}
              />
            </td>
            <td className="py-2 pr-3">
              {/* 32 characters a line: the 64-digit hash always reads as two even halves. */}
              <code className="block w-[32ch] font-mono text-xs break-all text-slate-900">
                {photo.originalSha256}
              </code>
              <span className="block text-xs text-slate-600">{hashNote(photo.hashedBy)}</span>
            </td>
            <td className="py-2 text-slate-800 tabular-nums">{gpsText(photo, shareMode)}</td>
          </tr>
        ))}
      </WideTable>

      <ul className="mt-4 space-y-3 sm:hidden">
        {photos.map((photo) => (
          <li key={photo.id} className="rounded-xl border border-slate-200 p-3 text-sm">
            <p className="font-semibold text-slate-900">
              Photo {photo.number} · {PHOTO_PHASE_LABELS[photo.phase]}{" "}
              <span className="text-xs font-normal text-slate-600">
                ({bytesText(photo.originalBytes)} original)
              </span>
            </p>
            <dl className="mt-1 space-y-1">
              <div>
                <dt className="inline text-slate-600">Taken: </dt>
                <dd className="inline text-slate-900">
                  {photo.capturedAt ? formatCaptureTime(photo.capturedAt) : "Not in photo"}
                </dd>
              </div>
              <div>
                <dt className="inline text-slate-600">Uploaded: </dt>
                <dd className="inline text-slate-900">
                  {formatDateTime(photo.uploadedAt, timeZone)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">SHA-256 {hashNote(photo.hashedBy)}:</dt>
                <dd className="font-mono text-xs break-all text-slate-900">
                  {photo.originalSha256}
                </dd>
              </div>
              <div>
                <dt className="inline text-slate-600">GPS: </dt>
                <dd className="inline text-slate-900">{gpsText(photo, shareMode)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </Section>
  );
}
