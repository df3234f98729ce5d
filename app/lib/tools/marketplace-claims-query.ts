/**
 * Reading the claim-deadline calculator's form from the query string. Pure, so the server (JS off,
 * shared links) and the browser (live) read the same trip end and show the same deadlines.
 */
import { validateTripEnd, type TripEndInput } from "~/domain/claim-deadlines";
import { DEFAULT_TIME_ZONE, US_TIME_ZONES } from "~/domain/dates";

export { DEFAULT_TIME_ZONE, US_TIME_ZONES };

/** The select's value meaning "use the zone typed in the other field". */
export const OTHER_TIME_ZONE = "other";

const MAX_ZONE_LENGTH = 64;

export type ClaimsField = "date" | "time" | "tz" | "tzOther";

export interface ClaimsQuery {
  /** What each input shows. */
  values: { date: string; time: string; tz: string; tzOther: string; repeated: string };
  errors: Partial<Record<ClaimsField, string>>;
  /** The trip end to compute from; null on a first visit (no date or time yet). */
  input: TripEndInput | null;
}

function read(params: URLSearchParams, key: string, max: number): string {
  return (params.get(key) ?? "").slice(0, max).trim();
}

function isUsZone(value: string): boolean {
  return US_TIME_ZONES.some((zone) => zone.id === value);
}

/**
 * The trip end from the query string. The zone comes from the select, or from the free-text field
 * when the select says "other"; a shared link may also put any IANA zone straight in `tz`.
 * Never throws; problems come back as field errors.
 */
export function parseClaimsQuery(params: URLSearchParams): ClaimsQuery {
  const date = read(params, "date", 20);
  const time = read(params, "time", 10);
  const tzParam = read(params, "tz", MAX_ZONE_LENGTH);
  const otherParam = read(params, "tzOther", MAX_ZONE_LENGTH);
  const repeated = read(params, "repeated", 10) === "later" ? "later" : "earlier";

  let tz: string;
  let tzOther = otherParam;
  let timeZone: string;
  if (isUsZone(tzParam)) {
    tz = tzParam;
    timeZone = tzParam;
  } else if (tzParam === OTHER_TIME_ZONE || (tzParam === "" && otherParam !== "")) {
    tz = OTHER_TIME_ZONE;
    timeZone = otherParam;
  } else if (tzParam === "") {
    tz = DEFAULT_TIME_ZONE;
    timeZone = DEFAULT_TIME_ZONE;
  } else {
    tz = OTHER_TIME_ZONE;
    tzOther = tzParam;
    timeZone = tzParam;
  }

  const values = { date, time, tz, tzOther, repeated };
  if (date === "" && time === "") return { values, errors: {}, input: null };

  const input: TripEndInput = { date, time, timeZone, repeatedTime: repeated };
  const errors: ClaimsQuery["errors"] = {};
  for (const error of validateTripEnd(input)) {
    if (error.field === "timeZone") {
      const key = tz === OTHER_TIME_ZONE ? "tzOther" : "tz";
      errors[key] ??=
        timeZone === ""
          ? "Type your time zone's IANA name, such as Europe/London, or choose a US zone."
          : error.message;
    } else {
      errors[error.field] ??= error.message;
    }
  }
  return { values, errors, input };
}
