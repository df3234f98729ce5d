/**
 * Unhandled promise rejections caused by browser extensions, not by our code. They
 * are logged as a warning and suppressed instead of being reported as application errors.
 */
const EXTENSION_NOISE = [
  "message channel closed",
  "extension context invalidated",
  "listener indicated an asynchronous response",
];

export function isExtensionNoise(reason: unknown): boolean {
  const message =
    reason instanceof Error
      ? reason.message
      : typeof reason === "string"
        ? reason
        : typeof (reason as { message?: unknown } | null)?.message === "string"
          ? (reason as { message: string }).message
          : "";
  const lower = message.toLowerCase();
  return EXTENSION_NOISE.some((fragment) => lower.includes(fragment));
}
