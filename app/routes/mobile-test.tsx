import { useMemo } from "react";
import { data, useActionData, useFormAction, useNavigation } from "react-router";
import type { Route } from "./+types/mobile-test";
import { Checking, ChecksSummary, ResultList } from "~/components/mobile-test/result-list";
import { SupportReport } from "~/components/mobile-test/support-report";
import { UploadTestCard } from "~/components/mobile-test/upload-test-card";
import { useClientSnapshot } from "~/components/mobile-test/use-client-snapshot";
import { useDiagnosticUpload } from "~/components/mobile-test/use-diagnostic-upload";
import {
  buildReport,
  capabilityRows,
  connectionRows,
  serverRows,
  uploadRows,
  viewportRows,
} from "~/lib/mobile-test/diagnostics";
import {
  handleDiagnosticUpload,
  readServerSnapshot,
  REQUESTED_CLIENT_HINTS,
} from "~/lib/mobile-test/diagnostics.server";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";
import { CardSection } from "~/components/card-section";

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

export default function MobileTest({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const formAction = useFormAction();
  const snapshot = useClientSnapshot();

  const { upload, startUpload, cancelUpload } = useDiagnosticUpload(formAction);

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

      <ChecksSummary sections={sections} />

      <div className="mt-4 space-y-6">
        <CardSection id="viewport-heading" title="Screen & browser">
          {sections ? <ResultList rows={sections.viewport} /> : <Checking />}
        </CardSection>

        <CardSection id="connection-heading" title="Connection">
          {sections ? <ResultList rows={sections.connection} /> : <Checking />}
        </CardSection>

        <CardSection
          id="capabilities-heading"
          title="Camera, photos & storage"
          description="What the upload button and in-browser photo resizing need."
        >
          {sections ? <ResultList rows={sections.capabilities} /> : <Checking />}
        </CardSection>

        <CardSection
          id="server-heading"
          title="What the server saw"
          description="From your browser's request, so this works even with JavaScript off. The live checks above need JavaScript. Network hints are only sent by some browsers, usually from the second visit."
        >
          <ResultList rows={server} />
        </CardSection>

        <UploadTestCard
          upload={upload}
          uploading={uploading}
          result={uploadResult}
          posted={actionData}
          onStart={startUpload}
          onCancel={cancelUpload}
        />

        <CardSection id="report-heading" title="Send to support">
          <SupportReport report={report} />
        </CardSection>
      </div>
    </div>
  );
}
