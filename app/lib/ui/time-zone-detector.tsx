import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * Until the account has a time zone, the owner's browser says which one it is in (once per page
 * load; the server keeps a zone already chosen). Without JavaScript the default zone stays until
 * the owner picks one under Account.
 *
 * The post reloads no page data: times show in the new zone from the next page on. A reload
 * here would race a form the host sends meanwhile, and could take the flash toast that form's
 * redirect left for its own page.
 */
export function TimeZoneDetector({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher();
  const sent = useRef(false);
  useEffect(() => {
    if (!enabled || sent.current) return;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone) return;
    sent.current = true;
    void fetcher.submit(
      { intent: "detect-time-zone", timeZone },
      { method: "post", action: "/account", defaultShouldRevalidate: false },
    );
  }, [enabled, fetcher]);
  return null;
}
