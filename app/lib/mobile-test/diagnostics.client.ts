/**
 * The browser-only side of the /mobile-test diagnostics page: the live snapshot of the browser's
 * capabilities, the upload with progress, and copying the report. Call these from effects and
 * event handlers only (they read browser globals).
 */
import {
  fallbackUploadFailure,
  readEmbeddedUploadResult,
  type ClientSnapshot,
  type ClientUploadTiming,
  type UploadOutcome,
  type UploadProgress,
} from "./diagnostics";

// ---------------------------------------------------------------------------------------------
// Browser-only snapshot (call from an effect)
// ---------------------------------------------------------------------------------------------

interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
  downlink?: number;
  rtt?: number;
  saveData?: boolean;
}

export function networkInformation(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

function storageWorks(getStorage: () => Storage): boolean {
  try {
    const storage = getStorage();
    const key = "__fleetassist_mobile_test__";
    storage.setItem(key, "1");
    storage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

function orientation(): string | null {
  const type = screen.orientation?.type;
  if (type) return type.startsWith("portrait") ? "Portrait" : "Landscape";
  if (typeof matchMedia === "function") {
    return matchMedia("(orientation: portrait)").matches ? "Portrait" : "Landscape";
  }
  return null;
}

export function collectClientSnapshot(): ClientSnapshot {
  const input = document.createElement("input");
  input.type = "file";
  let canvas2d = false;
  try {
    canvas2d = document.createElement("canvas").getContext("2d") !== null;
  } catch {
    canvas2d = false;
  }
  const connection = networkInformation();
  return {
    viewport: {
      width: window.innerWidth,
      height: window.innerHeight,
      devicePixelRatio: window.devicePixelRatio || 1,
      orientation: orientation(),
      screenWidth: screen.width,
      screenHeight: screen.height,
      userAgent: navigator.userAgent,
    },
    connection: {
      online: navigator.onLine,
      supported: connection !== undefined,
      effectiveType: connection?.effectiveType,
      downlinkMbps: connection?.downlink,
      rttMs: connection?.rtt,
      saveData: connection?.saveData,
    },
    capabilities: {
      captureAttribute: "capture" in input,
      multipleFiles: "multiple" in input,
      mediaDevices: typeof navigator.mediaDevices?.getUserMedia === "function",
      secureContext: window.isSecureContext,
      canvas2d,
      createImageBitmap: typeof window.createImageBitmap === "function",
      offscreenCanvas: typeof OffscreenCanvas !== "undefined",
      uploadProgress: "upload" in new XMLHttpRequest(),
      cookies: navigator.cookieEnabled,
      localStorage: storageWorks(() => window.localStorage),
      sessionStorage: storageWorks(() => window.sessionStorage),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Upload with progress
// ---------------------------------------------------------------------------------------------

const UPLOAD_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * POSTs the form to the route's action with XMLHttpRequest (fetch can't report upload progress)
 * and times the upload. Resolves, never rejects; `abort()` resolves with a "canceled" failure.
 */
export function sendDiagnosticUpload(
  url: string,
  body: FormData,
  onProgress: (progress: UploadProgress) => void,
): { done: Promise<UploadOutcome>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    const sentAt = performance.now();
    let uploadStart = sentAt;
    let uploadEnd: number | null = null;
    let sentBytes = 0;

    xhr.upload.onloadstart = () => {
      uploadStart = performance.now();
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) sentBytes = event.total;
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    };
    xhr.upload.onload = () => {
      uploadEnd = performance.now();
    };

    xhr.onload = () => {
      const now = performance.now();
      const result = readEmbeddedUploadResult(xhr.responseXML) ?? fallbackUploadFailure(xhr.status);
      if (result.ok && sentBytes === 0) sentBytes = result.bytes;
      const timing: ClientUploadTiming | null =
        sentBytes > 0
          ? { sentBytes, uploadMs: (uploadEnd ?? now) - uploadStart, totalMs: now - sentAt }
          : null;
      resolve({ result, timing: result.ok ? timing : null });
    };
    xhr.onerror = () => resolve({ result: fallbackUploadFailure(0), timing: null });
    xhr.ontimeout = () =>
      resolve({
        result: {
          ok: false,
          status: 0,
          error:
            "The upload took more than 5 minutes and was stopped. Try Wi-Fi or a smaller photo.",
        },
        timing: null,
      });
    xhr.onabort = () =>
      resolve({ result: { ok: false, status: 0, error: "Upload canceled." }, timing: null });

    xhr.open("POST", url);
    xhr.responseType = "document";
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}

/** Copies text, falling back to a temporary textarea where the async Clipboard API is missing. */
export async function copyTextToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy path (e.g. non-HTTPS pages, older iOS).
  }
  const textarea = document.createElement("textarea");
  textarea.value = text;
  textarea.setAttribute("readonly", "");
  textarea.style.position = "fixed";
  textarea.style.top = "0";
  textarea.style.opacity = "0";
  document.body.appendChild(textarea);
  try {
    textarea.select();
    textarea.setSelectionRange(0, text.length);
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}
