/**
 * How dates and sizes are written on the page: in the account's time zone and units. Signed-in
 * pages read the current account's preferences from the root loader; a page showing another
 * account's work to the public (a share link) provides that account's with PreferencesProvider.
 */
import { createContext, useContext, useEffect, useRef, type ReactNode } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE, formatDateTime, formatDay } from "~/domain/dates";
import { formatSize, type MeasurementUnits } from "~/domain/units";

export interface DisplayPreferences {
  timeZone: string;
  units: MeasurementUnits;
}

export const DEFAULT_PREFERENCES: DisplayPreferences = {
  timeZone: DEFAULT_TIME_ZONE,
  units: "us",
};

const PreferencesContext = createContext<DisplayPreferences | null>(null);

export function PreferencesProvider({
  value,
  children,
}: {
  value: DisplayPreferences;
  children: ReactNode;
}) {
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): DisplayPreferences {
  const provided = useContext(PreferencesContext);
  const root = useRouteLoaderData("root") as
    { preferences?: DisplayPreferences | null } | undefined;
  return provided ?? root?.preferences ?? DEFAULT_PREFERENCES;
}

/** Formatters bound to the page's preferences: `const { day, dateTime, size } = useFormat()`. */
export function useFormat() {
  const { timeZone, units } = usePreferences();
  return {
    timeZone,
    units,
    day: (value: Date | string) => formatDay(value, timeZone),
    dateTime: (value: Date | string) => formatDateTime(value, timeZone),
    size: (sizeCm: number) => formatSize(sizeCm, units),
  };
}

/**
 * Until the account has a time zone, the owner's browser says which one it is in (once per page
 * load; the server keeps a zone already chosen). Without JavaScript the default zone stays until
 * the owner picks one under Account.
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
      { method: "post", action: "/account" },
    );
  }, [enabled, fetcher]);
  return null;
}
