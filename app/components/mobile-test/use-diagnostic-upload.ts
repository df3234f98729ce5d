import { useCallback, useEffect, useRef, useState } from "react";
import {
  PHOTO_FIELD,
  validateSelectedFile,
  type UploadOutcome,
  type UploadProgress,
} from "~/lib/mobile-test/diagnostics";
import { sendDiagnosticUpload } from "~/lib/mobile-test/diagnostics.client";

export type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; progress: UploadProgress; fileSize: number }
  | ({ phase: "done" } & UploadOutcome);

/**
 * The test photo's upload with JavaScript: sent by XHR to the route's action (for its progress),
 * cancelable, and aborted when the page goes away.
 */
export function useDiagnosticUpload(formAction: string) {
  const [upload, setUpload] = useState<UploadState>({ phase: "idle" });
  const abortRef = useRef<(() => void) | null>(null);
  useEffect(() => () => abortRef.current?.(), []);

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

  const cancelUpload = useCallback(() => abortRef.current?.(), []);
  return { upload, startUpload, cancelUpload };
}
