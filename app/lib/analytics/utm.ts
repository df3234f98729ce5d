/** UTM attribution records: pure functions shared by the browser and the server. */

export const UTM_FIELDS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
] as const;

export type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Partial<Record<UtmField, string>>;

/** Session attribution record (session browser storage). */
export interface SessionAttribution {
  utm: Utm;
  timestamp: string;
  pageUrl: string;
}

/** First-touch attribution record (persistent browser storage). */
export interface FirstTouchAttribution {
  initialUTM: Utm;
  sessionUTM: Utm;
  timestamp: string;
  pageUrl: string;
}

export interface UtmAttribution {
  firstTouch: FirstTouchAttribution | null;
  session: SessionAttribution | null;
}

const MAX_VALUE_LENGTH = 200;

/** The UTM parameters present and non-empty in a query string, or null when there are none. */
export function extractUtm(search: URLSearchParams): Utm | null {
  const utm: Utm = {};
  for (const field of UTM_FIELDS) {
    const value = search.get(field)?.trim();
    if (value) utm[field] = value.slice(0, MAX_VALUE_LENGTH);
  }
  return Object.keys(utm).length > 0 ? utm : null;
}

/** The same URL without any utm_* parameter (other parameters and the hash are kept). */
export function stripUtm(href: string): string {
  const url = new URL(href);
  for (const field of UTM_FIELDS) url.searchParams.delete(field);
  return url.pathname + (url.searchParams.size > 0 ? `?${url.searchParams}` : "") + url.hash;
}

/**
 * The records to store after seeing `utm` on `pageUrl`: the session record is always replaced;
 * the first-touch record is created only when none exists yet.
 */
export function nextAttribution(
  current: UtmAttribution,
  utm: Utm,
  pageUrl: string,
  now: Date,
): UtmAttribution {
  const timestamp = now.toISOString();
  return {
    session: { utm, timestamp, pageUrl },
    firstTouch: current.firstTouch ?? { initialUTM: utm, sessionUTM: utm, timestamp, pageUrl },
  };
}

/** How long ago attribution was captured, e.g. "3 days, 4 hours". */
export function attributionAge(timestamp: string, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - new Date(timestamp).getTime());
  const totalHours = Math.floor(elapsed / 3_600_000);
  const days = Math.floor(totalHours / 24);
  const hours = totalHours % 24;
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return `${plural(days, "day")}, ${plural(hours, "hour")}`;
}

/** Campaign link templates for the two social networks we promote on (medium: social). */
export const campaignTemplates = {
  facebook: { utm_source: "facebook", utm_medium: "social" },
  linkedin: { utm_source: "linkedin", utm_medium: "social" },
} as const satisfies Record<string, Utm>;

export function campaignUrl(
  baseUrl: string,
  network: keyof typeof campaignTemplates,
  campaign: string,
  content?: string,
): string {
  const url = new URL(baseUrl);
  const utm: Utm = { ...campaignTemplates[network], utm_campaign: campaign };
  if (content) utm.utm_content = content;
  for (const [key, value] of Object.entries(utm)) url.searchParams.set(key, value);
  return url.toString();
}

/** Parses a stored record defensively: browser storage and cookies are user-controlled. */
export function parseStoredUtm(value: unknown): Utm {
  const utm: Utm = {};
  if (value && typeof value === "object") {
    for (const field of UTM_FIELDS) {
      const v = (value as Record<string, unknown>)[field];
      if (typeof v === "string" && v.trim()) utm[field] = v.trim().slice(0, MAX_VALUE_LENGTH);
    }
  }
  return utm;
}
