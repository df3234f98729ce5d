import { useState } from "react";
import { copyTextToClipboard } from "~/lib/mobile-test/diagnostics.client";
import { useHydrated } from "~/lib/ui/use-hydrated";

/** Copies the diagnostics report for support (JavaScript only; without it, a screenshot). */
export function SupportReport({ report }: { report: string }) {
  const hydrated = useHydrated();
  const [copyStatus, setCopyStatus] = useState("");
  const [showReport, setShowReport] = useState(false);

  async function copyReport() {
    const copied = await copyTextToClipboard(report);
    setCopyStatus(
      copied
        ? "Report copied. Paste it into your message to support."
        : "Couldn't copy automatically. Select the report text below and copy it.",
    );
    if (!copied) setShowReport(true);
  }

  return hydrated ? (
    <>
      <button
        type="button"
        className="btn-outline"
        disabled={!report}
        onClick={() => void copyReport()}
      >
        Copy report
      </button>
      <p aria-live="polite" className="mt-2 text-sm text-slate-700">
        {copyStatus}
      </p>
      <details
        className="mt-2"
        open={showReport}
        onToggle={(event) => setShowReport(event.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          Show report text
        </summary>
        <label htmlFor="report-text" className="label mt-2">
          Report
        </label>
        <textarea
          id="report-text"
          readOnly
          value={report}
          rows={10}
          className="input font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
      </details>
    </>
  ) : (
    <p className="text-sm text-slate-600">
      Copying a report needs JavaScript. Without it, take a screenshot of this page and send it to
      support.
    </p>
  );
}
