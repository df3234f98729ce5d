import { Form } from "react-router";
import { ResultList } from "~/components/mobile-test/result-list";
import { UploadProgressBar } from "~/components/mobile-test/upload-progress-bar";
import type { UploadState } from "~/components/mobile-test/use-diagnostic-upload";
import {
  formatBytes,
  MAX_UPLOAD_BYTES,
  PHOTO_FIELD,
  type CheckRow,
} from "~/lib/mobile-test/diagnostics";
import { CardSection } from "~/components/card-section";

/** "Upload test": a photo form that posts without JavaScript, with progress and cancel with it. */
export function UploadTestCard({
  upload,
  uploading,
  result,
  posted,
  onStart,
  onCancel,
}: {
  upload: UploadState;
  uploading: boolean;
  result: CheckRow[] | null;
  /** What the action answered a form post (also read from the XHR's HTML response). */
  posted: unknown;
  onStart: (form: HTMLFormElement) => void;
  onCancel: () => void;
}) {
  return (
    <CardSection
      id="upload-heading"
      title="Upload test"
      description={`Take or choose a photo (up to ${formatBytes(MAX_UPLOAD_BYTES)}). We measure it and throw it away; nothing is saved.`}
    >
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={(event) => {
          event.preventDefault();
          onStart(event.currentTarget);
        }}
        className="space-y-3"
      >
        <div>
          <label className="label" htmlFor="photo">
            Photo
          </label>
          <input
            id="photo"
            name={PHOTO_FIELD}
            type="file"
            accept="image/*"
            capture="environment"
            aria-describedby="photo-help"
            className="input file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-brand-700"
          />
          <p id="photo-help" className="mt-1 text-xs text-slate-600">
            On most phones this opens the camera.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={uploading}>
            {uploading ? "Uploading…" : "Upload test photo"}
          </button>
          {upload.phase === "uploading" ? (
            <button type="button" className="btn-outline" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      </Form>

      {upload.phase === "uploading" ? <UploadProgressBar upload={upload} /> : null}

      <div aria-live="polite" className="mt-4">
        {result ? <ResultList rows={result} /> : null}
      </div>
      {posted ? (
        // Read by sendDiagnosticUpload (UPLOAD_RESULT_ATTRIBUTE) from the XHR's HTML response.
        <div hidden data-upload-result={JSON.stringify(posted)} />
      ) : null}
    </CardSection>
  );
}
