import { useRevalidateEvery } from "~/lib/ui/use-revalidate-every";
import type { ReportView } from "~/lib/estimates/report-view.server";
import { ReportStatusBadge } from "./status-badge";

/** Queued or analyzing: live status with JS, a self-refreshing page without. */
export function ReportProgress({ report }: { report: ReportView }) {
  useRevalidateEvery(2000);
  return (
    <section aria-labelledby="progress-title" className="mx-auto max-w-xl text-center">
      <noscript>
        <meta httpEquiv="refresh" content="3" />
      </noscript>
      <ReportStatusBadge status={report.status} />
      <h1 id="progress-title" className="mt-3 text-2xl font-bold">
        {report.status === "queued" ? "Your photos are in the queue" : "Analyzing your photos…"}
      </h1>
      <p className="mt-2 text-slate-700" role="status" aria-live="polite">
        {report.status === "queued"
          ? `${report.photos.length} photo${report.photos.length === 1 ? "" : "s"} of the ${report.vehicle.title} are waiting for the AI. This usually takes about a minute.`
          : "The AI is looking for dents, scratches, cracks and broken parts. You'll review every finding next."}
      </p>
      <div
        className="mx-auto mt-6 h-2 w-full max-w-sm overflow-hidden rounded-full bg-slate-200"
        aria-hidden="true"
      >
        <div
          className={`h-full bg-brand-500 ${report.status === "queued" ? "w-1/4" : "w-2/3 animate-pulse"}`}
        />
      </div>
      <p className="mt-6 text-sm text-slate-600">This page updates by itself.</p>
    </section>
  );
}
