import { useEffect, useRef } from "react";

/**
 * Until the account has a time zone, the owner's browser says which one it is in (once per page
 * load; the server keeps a zone already chosen). Without JavaScript the default zone stays until
 * the owner picks one under Account.
 *
 * A plain fetch, not a router submission: times show in the new zone from the next page on, and
 * the post can't touch a form the host sends meanwhile. A router submission would reload the
 * page's data (taking the flash toast that form's redirect left) or, finishing while that form's
 * page reloads, end the reload early with the old data.
 */
export function TimeZoneDetector({ enabled }: { enabled: boolean }) {
  const sent = useRef(false);
  useEffect(() => {
    if (!enabled || sent.current) return;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone) return;
    sent.current = true;
    // Best effort: when it fails the default zone stays, and the next page load asks again.
    fetch("/api/user/time-zone", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ timeZone }),
      keepalive: true,
    }).catch(() => {});
  }, [enabled]);
  return null;
}
