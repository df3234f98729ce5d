import { formatBytes, type UploadProgress } from "~/lib/mobile-test/diagnostics";

/** How far the test photo's upload has got (a byte count until the browser knows the total). */
export function UploadProgressBar({
  upload,
}: {
  upload: { progress: UploadProgress; fileSize: number };
}) {
  const { loaded, total } = upload.progress;
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  return (
    <div className="mt-4">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-brand-500 transition-[width]"
          style={{ width: `${percent ?? 5}%` }}
        />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {percent === null
          ? `Uploading ${formatBytes(upload.fileSize)}…`
          : percent >= 100
            ? "Uploaded; waiting for the server…"
            : `${formatBytes(loaded)} of ${formatBytes(total)} (${percent}%)`}
      </p>
    </div>
  );
}
