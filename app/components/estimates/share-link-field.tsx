import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/ui/use-hydrated";

/** How long "Copied" stays on screen. */
const COPIED_MS = 3000;

export const COPIED_MESSAGE = "Copied";
export const COPY_BY_HAND_MESSAGE = "Press Ctrl+C (⌘C on a Mac) to copy";
export const SHARE_FAILED_MESSAGE = "Sharing didn't work. Copy the link instead.";

/** The title a phone's share sheet shows for a report link. */
export function shareTitle(vehicle: string): string {
  return `Damage estimate: ${vehicle}`;
}

/**
 * Copies `text` with the Clipboard API: "copied", or "by-hand" when the API is missing (an
 * insecure origin, an old browser) or refused (no permission, the page lost focus).
 */
export async function copyToClipboard(
  text: string,
  clipboard: Pick<Clipboard, "writeText"> | undefined,
): Promise<"copied" | "by-hand"> {
  if (typeof clipboard?.writeText !== "function") return "by-hand";
  try {
    await clipboard.writeText(text);
    return "copied";
  } catch {
    return "by-hand";
  }
}

/**
 * Opens the share sheet: "shared", "canceled" (the user closed it: say nothing) or "failed".
 */
export async function shareLink(
  share: (data: ShareData) => Promise<void>,
  data: ShareData,
): Promise<"shared" | "canceled" | "failed"> {
  try {
    await share(data);
    return "shared";
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    return name === "AbortError" ? "canceled" : "failed";
  }
}

/**
 * A newly created share link in a read-only input, with Copy and (where the browser has a share
 * sheet, as phones do) Share buttons. The buttons appear only once JavaScript runs; without it
 * the link stays in the input, where it can be selected and copied by hand. `title` is what the
 * phone's share sheet shows.
 */
export function ShareLinkField({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [message, setMessage] = useState("");
  useEffect(() => () => clearTimeout(timer.current), []);

  const say = (text: string, forMs?: number) => {
    clearTimeout(timer.current);
    setMessage(text);
    if (forMs) timer.current = setTimeout(() => setMessage(""), forMs);
  };

  const copy = async () => {
    if ((await copyToClipboard(url, navigator.clipboard)) === "copied") {
      say(COPIED_MESSAGE, COPIED_MS);
      return;
    }
    input.current?.focus();
    input.current?.select();
    say(COPY_BY_HAND_MESSAGE);
  };

  const share = async () => {
    const result = await shareLink((data) => navigator.share(data), {
      title,
      url,
    });
    if (result === "failed") say(SHARE_FAILED_MESSAGE);
  };

  const canShare = hydrated && typeof navigator.share === "function";
  return (
    <>
      <label htmlFor="share-url" className="sr-only">
        Share link
      </label>
      <input
        ref={input}
        id="share-url"
        readOnly
        value={url}
        className="input mt-2 font-mono text-xs"
        onFocus={(e) => e.target.select()}
      />
      {hydrated ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button type="button" className="btn-outline" onClick={() => void copy()}>
            Copy
          </button>
          {canShare ? (
            <button type="button" className="btn-outline" onClick={() => void share()}>
              Share
            </button>
          ) : null}
          <span aria-live="polite" aria-atomic="true" className="font-medium">
            {message}
          </span>
        </div>
      ) : null}
    </>
  );
}
