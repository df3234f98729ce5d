/**
 * Pure helpers for the /mobile-test diagnostics page: image-type labels, formatting, the result
 * rows shown on the page, the upload result's shape and the plain-text report hosts send to
 * support. Browser-only code is in `diagnostics.client.ts`, request handling in
 * `diagnostics.server.ts`.
 */
import { sniffImageFormat, type SniffedImageFormat } from "~/lib/photos/image-type";

/** Largest photo the upload test accepts. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Room for multipart boundaries and part headers on top of the photo itself. */
export const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;
/** Over-limit bodies are read and discarded up to this size so the browser can show the 413. */
export const MAX_DRAIN_BYTES = 100 * 1024 * 1024;
/** The form field that carries the photo. */
export const PHOTO_FIELD = "photo";

export const HEIC_HINT =
  "Your phone saves photos as HEIC. Set Camera → Formats → Most Compatible, or we'll ask you to convert to JPEG.";

export const UPLOAD_MESSAGES = {
  unreadable: "We couldn't read that upload. Please try again.",
  noFile: "No photo selected. Choose or take a photo, then tap Upload.",
  wrongField: `No photo found in the upload (expected a file in the "${PHOTO_FIELD}" field).`,
  empty: "That file is empty (0 bytes). Choose or take a photo and try again.",
} as const;

export function tooLargeMessage(bytes?: number): string {
  const limit = formatBytes(MAX_UPLOAD_BYTES);
  const size =
    bytes === undefined || bytes <= 0
      ? "That upload is over"
      : formatBytes(bytes) === limit
        ? "That upload is just over"
        : `That upload is ${formatBytes(bytes)}, over`;
  return `${size} the ${limit} limit. Try a smaller photo, or lower your camera's resolution.`;
}

// ---------------------------------------------------------------------------------------------
// Image type detection
// ---------------------------------------------------------------------------------------------

export type ImageType = SniffedImageFormat | "unknown";

const IMAGE_TYPE_LABELS: Record<ImageType, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  heic: "HEIC/HEIF",
  avif: "AVIF",
  gif: "GIF",
  unknown: "Not a recognized photo format",
};

export function imageTypeLabel(type: ImageType): string {
  return IMAGE_TYPE_LABELS[type];
}

/**
 * The image format of a file from its first bytes ("magic bytes"); 32 bytes are plenty, more is
 * fine. Never trusts the file name or the browser-declared MIME type.
 */
export function detectImageType(bytes: Uint8Array): ImageType {
  return sniffImageFormat(bytes) ?? "unknown";
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

const BYTE_UNITS = ["KB", "MB", "GB"] as const;

/** 1536 → "1.5 KB", 15728640 → "15 MB" (binary units, one decimal, trailing ".0" dropped). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "unknown size";
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit: string = "B";
  for (const next of BYTE_UNITS) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${unit}`;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "unknown";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

export interface Throughput {
  kilobytesPerSecond: number;
  text: string;
}

/** Upload speed from bytes sent and elapsed milliseconds; null when it can't be measured. */
export function computeThroughput(bytes: number, ms: number): Throughput | null {
  if (!Number.isFinite(bytes) || !Number.isFinite(ms) || bytes <= 0 || ms <= 0) return null;
  const kilobytesPerSecond = bytes / 1024 / (ms / 1000);
  const megabitsPerSecond = (bytes * 8) / 1_000_000 / (ms / 1000);
  const kb =
    kilobytesPerSecond >= 100 ? Math.round(kilobytesPerSecond) : kilobytesPerSecond.toFixed(1);
  const mbit =
    megabitsPerSecond >= 10 ? Math.round(megabitsPerSecond) : megabitsPerSecond.toFixed(1);
  return { kilobytesPerSecond, text: `${kb} KB/s (${mbit} Mbit/s)` };
}

interface UaRule {
  pattern: RegExp;
  name: string;
}

const IN_APP_BROWSERS: UaRule[] = [
  { pattern: /FBAN|FBAV|FB_IAB/, name: "Facebook in-app browser" },
  { pattern: /Instagram/, name: "Instagram in-app browser" },
  { pattern: /\bLine\//, name: "LINE in-app browser" },
  { pattern: /TikTok|musical_ly|BytedanceWebview/, name: "TikTok in-app browser" },
  { pattern: /Snapchat/, name: "Snapchat in-app browser" },
];

const BROWSERS: { pattern: RegExp; name: string }[] = [
  { pattern: /SamsungBrowser\/(\d+(?:\.\d+)?)/, name: "Samsung Internet" },
  { pattern: /EdgA?\/(\d+)/, name: "Edge" },
  { pattern: /EdgiOS\/(\d+)/, name: "Edge" },
  { pattern: /OPR\/(\d+)/, name: "Opera" },
  { pattern: /FxiOS\/(\d+)/, name: "Firefox" },
  { pattern: /CriOS\/(\d+)/, name: "Chrome" },
  { pattern: /GSA\/(\d+)/, name: "Google app" },
  { pattern: /Firefox\/(\d+)/, name: "Firefox" },
  { pattern: /Chrome\/(\d+)/, name: "Chrome" },
  { pattern: /Version\/(\d+(?:\.\d+)?).*Safari\//, name: "Safari" },
];

function osFromUserAgent(ua: string): string | null {
  const ios = /(iPhone|iPad|iPod).*? OS (\d+)(?:_(\d+))?/.exec(ua);
  if (ios) return `${ios[1] === "iPad" ? "iPadOS" : "iOS"} ${ios[2]}${ios[3] ? `.${ios[3]}` : ""}`;
  const android = /Android (\d+(?:\.\d+)?)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/Android/.test(ua)) return "Android";
  if (/CrOS/.test(ua)) return "ChromeOS";
  if (/Windows NT/.test(ua)) return "Windows";
  if (/Macintosh|Mac OS X/.test(ua)) return "macOS";
  if (/Linux/.test(ua)) return "Linux";
  return null;
}

/** Whether the page is running inside a social app's built-in browser (uploads often misbehave). */
export function inAppBrowserName(ua: string): string | null {
  return IN_APP_BROWSERS.find((rule) => rule.pattern.test(ua))?.name ?? null;
}

/** "Chrome 124 on Android 14", "Safari 17.4 on iOS 17.4"; the raw string (trimmed) as a fallback. */
export function shortUserAgent(ua: string): string {
  const trimmed = ua.trim();
  if (!trimmed) return "not sent";
  const os = osFromUserAgent(trimmed);
  const inApp = inAppBrowserName(trimmed);
  let browser = inApp;
  if (!browser) {
    for (const rule of BROWSERS) {
      const match = rule.pattern.exec(trimmed);
      if (match) {
        browser = `${rule.name} ${match[1]}`;
        break;
      }
    }
  }
  if (!browser && /; wv\)/.test(trimmed)) browser = "Android WebView";
  if (browser && os) return `${browser} on ${os}`;
  if (browser || os) return (browser ?? os) as string;
  return trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed;
}

// ---------------------------------------------------------------------------------------------
// Result rows
// ---------------------------------------------------------------------------------------------

export type CheckStatus = "ok" | "check" | "unknown";

export const STATUS_LABELS: Record<CheckStatus, string> = {
  ok: "OK",
  check: "Check",
  unknown: "Unknown",
};

export interface CheckRow {
  label: string;
  value: string;
  status: CheckStatus;
  /** A short explanation or what to do next. */
  detail?: string;
}

export interface ReportSection {
  title: string;
  rows: CheckRow[];
}

export interface ViewportSnapshot {
  width: number;
  height: number;
  devicePixelRatio: number;
  orientation: string | null;
  screenWidth: number;
  screenHeight: number;
  userAgent: string;
}

export interface ConnectionSnapshot {
  online: boolean;
  /** False when the browser has no Network Information API (Safari, Firefox). */
  supported: boolean;
  effectiveType?: string;
  downlinkMbps?: number;
  rttMs?: number;
  saveData?: boolean;
}

export interface CapabilitySnapshot {
  captureAttribute: boolean;
  multipleFiles: boolean;
  mediaDevices: boolean;
  secureContext: boolean;
  canvas2d: boolean;
  createImageBitmap: boolean;
  offscreenCanvas: boolean;
  uploadProgress: boolean;
  cookies: boolean;
  localStorage: boolean;
  sessionStorage: boolean;
}

export interface ClientSnapshot {
  viewport: ViewportSnapshot;
  connection: ConnectionSnapshot;
  capabilities: CapabilitySnapshot;
}

export function viewportRows(v: ViewportSnapshot): CheckRow[] {
  const inApp = inAppBrowserName(v.userAgent);
  return [
    {
      label: "Viewport (CSS pixels)",
      value: `${v.width} × ${v.height}`,
      status: v.width >= 320 ? "ok" : "check",
      detail:
        v.width >= 320 ? undefined : "Very narrow window; some pages may need scrolling sideways.",
    },
    {
      label: "Device pixel ratio",
      value: `${Math.round(v.devicePixelRatio * 100) / 100}x`,
      status: v.devicePixelRatio > 0 ? "ok" : "unknown",
    },
    {
      label: "Orientation",
      value: v.orientation ?? "not reported",
      status: v.orientation ? "ok" : "unknown",
    },
    {
      label: "Screen size",
      value: v.screenWidth > 0 ? `${v.screenWidth} × ${v.screenHeight}` : "not reported",
      status: v.screenWidth > 0 ? "ok" : "unknown",
    },
    {
      label: "Browser",
      value: shortUserAgent(v.userAgent),
      status: inApp ? "check" : v.userAgent ? "ok" : "unknown",
      detail: inApp
        ? "In-app browsers can block the camera and uploads. Open this page in Safari or Chrome."
        : undefined,
    },
  ];
}

const SLOW_TYPES = new Set(["slow-2g", "2g", "3g"]);

export function connectionRows(c: ConnectionSnapshot): CheckRow[] {
  const rows: CheckRow[] = [
    {
      label: "Network",
      value: c.online ? "Online" : "Offline",
      status: c.online ? "ok" : "check",
      detail: c.online ? undefined : "You're offline. Uploads will fail until you reconnect.",
    },
  ];
  if (!c.supported) {
    rows.push({
      label: "Connection details",
      value: "not reported by this browser",
      status: "unknown",
      detail: "Use the upload test below to measure your real upload speed.",
    });
    return rows;
  }
  const slow = c.effectiveType !== undefined && SLOW_TYPES.has(c.effectiveType);
  rows.push({
    label: "Effective type",
    value: c.effectiveType ?? "not reported",
    status: c.effectiveType === undefined ? "unknown" : slow ? "check" : "ok",
    detail: slow ? "Slow connection: photo uploads may take a while. Wi-Fi helps." : undefined,
  });
  rows.push({
    label: "Downlink estimate",
    value: c.downlinkMbps === undefined ? "not reported" : `${c.downlinkMbps} Mbit/s`,
    status: c.downlinkMbps === undefined ? "unknown" : c.downlinkMbps >= 1.5 ? "ok" : "check",
  });
  rows.push({
    label: "Round-trip time",
    value: c.rttMs === undefined ? "not reported" : `${c.rttMs} ms`,
    status: c.rttMs === undefined ? "unknown" : c.rttMs <= 300 ? "ok" : "check",
  });
  rows.push({
    label: "Data Saver",
    value: c.saveData === undefined ? "not reported" : c.saveData ? "On" : "Off",
    status: c.saveData === undefined ? "unknown" : c.saveData ? "check" : "ok",
    detail: c.saveData ? "Data Saver is on; the browser may slow down large uploads." : undefined,
  });
  return rows;
}

function capability(
  label: string,
  supported: boolean,
  missingDetail: string,
  values: [string, string] = ["Supported", "Not supported"],
): CheckRow {
  return {
    label,
    value: supported ? values[0] : values[1],
    status: supported ? "ok" : "check",
    detail: supported ? undefined : missingDetail,
  };
}

export function capabilityRows(c: CapabilitySnapshot): CheckRow[] {
  const resizeFallback = "Photos can't be resized in the browser, so they upload at full size.";
  return [
    capability(
      "Camera capture (file input)",
      c.captureAttribute,
      "The upload button opens a file picker instead of the camera. You can still pick photos.",
    ),
    capability(
      "Multiple photo selection",
      c.multipleFiles,
      "You'll need to add photos one at a time.",
    ),
    capability(
      "Camera API (mediaDevices)",
      c.mediaDevices,
      c.secureContext
        ? "Not needed for uploads; the file input still works."
        : "Needs a secure (HTTPS) connection. Not needed for uploads.",
      ["Available", "Not available"],
    ),
    capability("Canvas (2D)", c.canvas2d, resizeFallback),
    capability("createImageBitmap", c.createImageBitmap, resizeFallback),
    capability(
      "OffscreenCanvas",
      c.offscreenCanvas,
      "Resizing runs on the main thread instead: a little slower, but it works.",
    ),
    capability(
      "Upload progress events",
      c.uploadProgress,
      "We can't show a progress bar during uploads.",
    ),
    capability(
      "Secure connection (HTTPS)",
      c.secureContext,
      "Some features (camera, clipboard) need HTTPS.",
      ["Yes", "No"],
    ),
    capability(
      "Cookies",
      c.cookies,
      "Signing in needs cookies. Turn them on in your browser settings.",
      ["Enabled", "Blocked"],
    ),
    capability(
      "localStorage",
      c.localStorage,
      "Storage is blocked (private browsing?). Drafts won't be kept if the page reloads.",
      ["Available", "Blocked"],
    ),
    capability(
      "sessionStorage",
      c.sessionStorage,
      "Storage is blocked (private browsing?). Drafts won't be kept if the page reloads.",
      ["Available", "Blocked"],
    ),
    { label: "JavaScript", value: "Enabled", status: "ok" },
  ];
}

// ---------------------------------------------------------------------------------------------
// What the server saw (works with JavaScript off)
// ---------------------------------------------------------------------------------------------

export interface ServerSnapshot {
  userAgent: string;
  hints: {
    saveData: string | null;
    ect: string | null;
    downlink: string | null;
    rtt: string | null;
    mobile: string | null;
    platform: string | null;
  };
}

const NOT_SENT = "not sent";

export function serverRows(s: ServerSnapshot): CheckRow[] {
  const { hints } = s;
  const hint = (label: string, value: string | null, suffix = ""): CheckRow => ({
    label,
    value: value ? `${value}${suffix}` : NOT_SENT,
    status: value ? "ok" : "unknown",
  });
  const saveDataOn = hints.saveData?.toLowerCase() === "on";
  return [
    {
      label: "User-Agent",
      value: s.userAgent || NOT_SENT,
      status: s.userAgent ? "ok" : "unknown",
    },
    {
      label: "Save-Data",
      value: hints.saveData ? (saveDataOn ? "On" : hints.saveData) : NOT_SENT,
      status: hints.saveData ? (saveDataOn ? "check" : "ok") : "unknown",
    },
    hint("ECT (effective type)", hints.ect),
    hint("Downlink", hints.downlink, " Mbit/s"),
    hint("RTT", hints.rtt, " ms"),
    hint("Mobile", hints.mobile === "?1" ? "Yes" : hints.mobile === "?0" ? "No" : hints.mobile),
    hint("Platform", hints.platform),
  ];
}

// ---------------------------------------------------------------------------------------------
// Upload test
// ---------------------------------------------------------------------------------------------

export interface UploadSuccess {
  ok: true;
  bytes: number;
  detectedType: ImageType;
  /** The MIME type the browser claimed, which may not match the bytes. */
  declaredType: string;
  /** Server time spent parsing and sniffing after the body had arrived. */
  serverMs: number;
  /** Server time from the start of the request until the whole body had arrived. */
  receiveMs: number;
}

export interface UploadFailure {
  ok: false;
  /** HTTP status; 0 when the request never completed (network error, canceled). */
  status: number;
  error: string;
}

export type UploadPayload = UploadSuccess | UploadFailure;

export interface ClientUploadTiming {
  /** Bytes on the wire, including multipart overhead. */
  sentBytes: number;
  /** From the first byte sent to the last byte sent, in milliseconds. */
  uploadMs: number;
  /** From send() to the response having arrived, in milliseconds. */
  totalMs: number;
}

/**
 * The same checks the server makes, run on the chosen file before uploading, so a phone on a
 * slow connection doesn't spend minutes sending a file we'll reject.
 */
export function validateSelectedFile(
  file: { name: string; size: number } | null | undefined,
): UploadFailure | null {
  if (!file || (file.size === 0 && !file.name)) {
    return { ok: false, status: 400, error: UPLOAD_MESSAGES.noFile };
  }
  if (file.size === 0) return { ok: false, status: 400, error: UPLOAD_MESSAGES.empty };
  if (file.size > MAX_UPLOAD_BYTES) {
    return { ok: false, status: 413, error: tooLargeMessage(file.size) };
  }
  return null;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOutcome {
  result: UploadPayload;
  timing: ClientUploadTiming | null;
}

/** Smaller uploads finish too fast (or sit in OS buffers) for a meaningful speed. */
export const MIN_SPEED_SAMPLE_BYTES = 256 * 1024;

/** The HEIC advice, or null when the detected format needs none. */
export function formatHint(type: ImageType): string | null {
  if (type === "heic") return HEIC_HINT;
  if (type === "unknown") {
    return "That file doesn't look like a photo. Please upload a JPEG, PNG, WebP or HEIC image.";
  }
  return null;
}

export function uploadRows(result: UploadPayload, timing?: ClientUploadTiming | null): CheckRow[] {
  if (!result.ok) {
    return [
      {
        label: "Result",
        value:
          result.status === 413
            ? "Too large"
            : result.status === 0
              ? "Didn't finish"
              : "Upload problem",
        status: "check",
        detail: result.error,
      },
    ];
  }
  const typeOk = result.detectedType !== "heic" && result.detectedType !== "unknown";
  const rows: CheckRow[] = [
    { label: "Result", value: "Received", status: "ok" },
    { label: "File size", value: formatBytes(result.bytes), status: "ok" },
    {
      label: "Detected format",
      value: imageTypeLabel(result.detectedType),
      status: typeOk ? "ok" : "check",
      detail: formatHint(result.detectedType) ?? undefined,
    },
    { label: "Browser-declared type", value: result.declaredType, status: "ok" },
  ];
  const speed = timing ? computeThroughput(timing.sentBytes, timing.uploadMs) : null;
  if (timing && speed && timing.sentBytes < MIN_SPEED_SAMPLE_BYTES) {
    rows.push({
      label: "Upload speed",
      value: "file too small to measure",
      status: "unknown",
      detail: `Use a real photo (${formatBytes(MIN_SPEED_SAMPLE_BYTES)} or more) to measure upload speed.`,
    });
    rows.push({ label: "Total round trip", value: formatMs(timing.totalMs), status: "ok" });
  } else if (timing && speed) {
    const slow = speed.kilobytesPerSecond < 100;
    rows.push({
      label: "Upload speed",
      value: speed.text,
      status: slow ? "check" : "ok",
      detail: slow
        ? `Slow upload: a 3 MB photo would take about ${formatMs((3 * 1024 * 1024 * timing.uploadMs) / timing.sentBytes)}.`
        : undefined,
    });
    rows.push({ label: "Upload time", value: formatMs(timing.uploadMs), status: "ok" });
    rows.push({ label: "Total round trip", value: formatMs(timing.totalMs), status: "ok" });
  } else {
    rows.push({
      label: "Time to receive (server)",
      value: formatMs(result.receiveMs),
      status: "unknown",
      detail: "Turn on JavaScript to measure upload speed from your phone.",
    });
  }
  rows.push({ label: "Server processing", value: formatMs(result.serverMs), status: "ok" });
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The support report
// ---------------------------------------------------------------------------------------------

export interface ReportInput {
  generatedAt: Date;
  pageUrl?: string;
  sections: ReportSection[];
}

/** Plain text for pasting into an email or chat with support. */
export function buildReport({ generatedAt, pageUrl, sections }: ReportInput): string {
  const lines = ["FleetAssist mobile test report", `Generated: ${generatedAt.toISOString()}`];
  if (pageUrl) lines.push(`Page: ${pageUrl}`);
  for (const section of sections) {
    lines.push("", `== ${section.title} ==`);
    if (section.rows.length === 0) lines.push("(not run)");
    for (const row of section.rows) {
      lines.push(`- ${row.label}: ${row.value} [${STATUS_LABELS[row.status]}]`);
      if (row.detail) lines.push(`  ${row.detail}`);
    }
  }
  return lines.join("\n") + "\n";
}

// ---------------------------------------------------------------------------------------------
// The upload result embedded in the page
// ---------------------------------------------------------------------------------------------

/**
 * The page marks the action's result with this attribute (JSON), so the XHR upload can read it
 * from the HTML that React Router returns for a document POST.
 */
export const UPLOAD_RESULT_ATTRIBUTE = "data-upload-result";

export function isUploadPayload(value: unknown): value is UploadPayload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.ok === true) {
    return (
      typeof v.bytes === "number" &&
      typeof v.detectedType === "string" &&
      typeof v.serverMs === "number"
    );
  }
  return v.ok === false && typeof v.error === "string" && typeof v.status === "number";
}

/** Reads the action result embedded in a rendered /mobile-test page. */
export function readEmbeddedUploadResult(doc: Document | null): UploadPayload | null {
  const raw = doc
    ?.querySelector(`[${UPLOAD_RESULT_ATTRIBUTE}]`)
    ?.getAttribute(UPLOAD_RESULT_ATTRIBUTE);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUploadPayload(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** What to show when the response didn't carry our result (proxy limits, rate limiting...). */
export function fallbackUploadFailure(status: number): UploadFailure {
  if (status === 413) return { ok: false, status, error: tooLargeMessage() };
  if (status === 429) {
    return {
      ok: false,
      status,
      error: "Too many uploads in a short time. Wait a minute and try again.",
    };
  }
  if (status === 0) {
    return {
      ok: false,
      status,
      error: "The upload didn't finish. Your connection may have dropped; please try again.",
    };
  }
  return { ok: false, status, error: `The upload failed (HTTP ${status}). Please try again.` };
}
