/**
 * How dates and sizes are written on the page: in the account's time zone and units. Signed-in
 * pages read the current account's preferences from the root loader; a page showing another
 * account's work to the public (a share link) provides that account's with PreferencesProvider.
 */
import { createContext, useContext, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
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
