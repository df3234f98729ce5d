import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data, Form, useActionData, useFormAction, useNavigation } from "react-router";
import type { Route } from "./+types/mobile-test";
import { Card, Checking, ResultList } from "~/components/mobile-test/result-list";
import { SupportReport } from "~/components/mobile-test/support-report";
import { UploadProgressBar } from "~/components/mobile-test/upload-progress-bar";
import { useClientSnapshot } from "~/components/mobile-test/use-client-snapshot";
import {
  buildReport,
  capabilityRows,
  connectionRows,
  formatBytes,
  MAX_UPLOAD_BYTES,
  PHOTO_FIELD,
  serverRows,
  uploadRows,
  validateSelectedFile,
  viewportRows,
  type UploadOutcome,
  type UploadProgress,
} from "~/lib/mobile-test/diagnostics";
import { sendDiagnosticUpload } from "~/lib/mobile-test/diagnostics.client";
import {
  handleDiagnosticUpload,
  readServerSnapshot,
  REQUESTED_CLIENT_HINTS,
} from "~/lib/mobile-test/diagnostics.server";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";

export function loader({ request }: Route.LoaderArgs) {
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    server: readServerSnapshot(request.headers),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { status, payload } = await handleDiagnosticUpload(request);
  return data(payload, { status });
}

/** Ask Chromium browsers to send network client hints on later requests (shown in "What the server saw"). */
export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Accept-CH", REQUESTED_CLIENT_HINTS);
  return headers;
};

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Mobile Test",
    description:
      "Check your phone's screen, connection, camera upload and photo format before sending damage photos to FleetAssist.",
    path: "/mobile-test",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; progress: UploadProgress; fileSize: number }
  | ({ phase: "done" } & UploadOutcome);

export default function MobileTest({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formAction = useFormAction();
  const snapshot = useClientSnapshot();

  const [upload, setUpload] = useState<UploadState>({ phase: "idle" });
  const abortRef = useRef<(() => void) | null>(null);
  useEffect(() => () => abortRef.current?.(), []);

  const sections = useMemo(
    () =>
      snapshot
        ? {
            viewport: viewportRows(snapshot.viewport),
            connection: connectionRows(snapshot.connection),
            capabilities: capabilityRows(snapshot.capabilities),
          }
        : null,
    [snapshot],
  );
  const server = useMemo(() => serverRows(loaderData.server), [loaderData.server]);

  // A finished XHR upload wins over the result of a JavaScript-off form post.
  const uploadResult = useMemo(
    () =>
      upload.phase === "done"
        ? uploadRows(upload.result, upload.timing)
        : upload.phase === "idle" && actionData
          ? uploadRows(actionData)
          : null,
    [upload, actionData],
  );
  const uploading = upload.phase === "uploading" || navigation.state === "submitting";

  const toCheck = sections
    ? [...sections.viewport, ...sections.connection, ...sections.capabilities].filter(
        (row) => row.status === "check",
      ).length
    : null;

  const report = useMemo(
    () =>
      sections
        ? buildReport({
            generatedAt: new Date(),
            pageUrl: typeof window === "undefined" ? undefined : window.location.href,
            sections: [
              { title: "Screen & browser", rows: sections.viewport },
              { title: "Connection", rows: sections.connection },
              { title: "Camera, photos & storage", rows: sections.capabilities },
              { title: "What the server saw", rows: server },
              { title: "Upload test", rows: uploadResult ?? [] },
            ],
          })
        : "",
    [sections, server, uploadResult],
  );

  const startUpload = useCallback(
    (form: HTMLFormElement) => {
      const body = new FormData(form);
      const file = body.get(PHOTO_FIELD);
      const problem = validateSelectedFile(typeof file === "string" ? null : file);
      if (problem) {
        setUpload({ phase: "done", result: problem, timing: null });
        return;
      }
      const size = (file as File).size;
      const { done, abort } = sendDiagnosticUpload(formAction, body, (progress) =>
        setUpload({ phase: "uploading", progress, fileSize: size }),
      );
      abortRef.current = abort;
      setUpload({ phase: "uploading", progress: { loaded: 0, total: 0 }, fileSize: size });
      void done.then((outcome) => {
        abortRef.current = null;
        setUpload({ phase: "done", ...outcome });
      });
    },
    [formAction],
  );

  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mobile test</h1>
      <p className="mt-2 text-slate-700">
        Open this page on the phone you use for damage photos. It checks your screen, connection and
        camera upload, then lets you copy a report for our support team.
      </p>

      <noscript>
        <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          JavaScript is turned off, so the live checks can't run and will keep showing “Checking…”.
          What our server saw is shown below, and the upload test still works.
        </p>
      </noscript>

      <p aria-live="polite" className="mt-4 text-sm font-medium text-slate-800">
        {toCheck === null
          ? ""
          : toCheck === 0
            ? "All checks passed."
            : `${toCheck} ${toCheck === 1 ? "item needs" : "items need"} a look (marked “Check”).`}
      </p>

      <div className="mt-4 space-y-6">
        <Card id="viewport-heading" title="Screen & browser">
          {sections ? <ResultList rows={sections.viewport} /> : <Checking />}
        </Card>

        <Card id="connection-heading" title="Connection">
          {sections ? <ResultList rows={sections.connection} /> : <Checking />}
        </Card>

        <Card
          id="capabilities-heading"
          title="Camera, photos & storage"
          intro="What the upload button and in-browser photo resizing need."
        >
          {sections ? <ResultList rows={sections.capabilities} /> : <Checking />}
        </Card>

        <Card
          id="server-heading"
          title="What the server saw"
          intro="From your browser's request, so this works even with JavaScript off. The live checks above need JavaScript. Network hints are only sent by some browsers, usually from the second visit."
        >
          <ResultList rows={server} />
        </Card>

        <Card
          id="upload-heading"
          title="Upload test"
          intro={`Take or choose a photo (up to ${formatBytes(MAX_UPLOAD_BYTES)}). We measure it and throw it away; nothing is saved.`}
        >
          <Form
            method="post"
            encType="multipart/form-data"
            onSubmit={(event) => {
              event.preventDefault();
              startUpload(event.currentTarget);
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
                <button type="button" className="btn-outline" onClick={() => abortRef.current?.()}>
                  Cancel
                </button>
              ) : null}
            </div>
          </Form>

          {upload.phase === "uploading" ? <UploadProgressBar upload={upload} /> : null}

          <div aria-live="polite" className="mt-4">
            {uploadResult ? <ResultList rows={uploadResult} /> : null}
          </div>
          {actionData ? (
            // Read by sendDiagnosticUpload (UPLOAD_RESULT_ATTRIBUTE) from the XHR's HTML response.
            <div hidden data-upload-result={JSON.stringify(actionData)} />
          ) : null}
        </Card>

        <Card id="report-heading" title="Send to support">
          <SupportReport report={report} />
        </Card>
      </div>
    </div>
  );
}
