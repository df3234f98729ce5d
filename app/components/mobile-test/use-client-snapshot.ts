import { useEffect, useState } from "react";
import type { ClientSnapshot } from "~/lib/mobile-test/diagnostics";
import { collectClientSnapshot, networkInformation } from "~/lib/mobile-test/diagnostics.client";

/** Live browser checks; null until the first effect has run (and forever with JavaScript off). */
export function useClientSnapshot(): ClientSnapshot | null {
  const [snapshot, setSnapshot] = useState<ClientSnapshot | null>(null);
  useEffect(() => {
    const refresh = () => setSnapshot(collectClientSnapshot());
    refresh();
    const events = ["resize", "orientationchange", "online", "offline"] as const;
    for (const name of events) window.addEventListener(name, refresh);
    const connection = networkInformation();
    connection?.addEventListener("change", refresh);
    return () => {
      for (const name of events) window.removeEventListener(name, refresh);
      connection?.removeEventListener("change", refresh);
    };
  }, []);
  return snapshot;
}
