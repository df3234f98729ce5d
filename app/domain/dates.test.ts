import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDateTime, formatDay, timeZoneAbbreviation } from "./dates";

describe("dates as people read them", () => {
  const instant = "2026-11-24T20:05:00Z";

  it("writes an instant US style in the account's zone, with its abbreviation", () => {
    expect(formatDateTime(instant, "America/New_York")).toBe("Nov 24, 2026, 3:05 PM EST");
    expect(formatDateTime(instant, "America/Los_Angeles")).toBe("Nov 24, 2026, 12:05 PM PST");
    expect(formatDateTime("2026-07-04T04:30:00Z", "America/Chicago")).toBe(
      "Jul 3, 2026, 11:30 PM CDT",
    );
  });

  it("takes the calendar day in the zone, not in UTC", () => {
    expect(formatDay("2026-11-25T03:00:00Z", "America/Denver")).toBe("Nov 24, 2026");
    expect(formatDay("2026-11-25T03:00:00Z", "UTC")).toBe("Nov 25, 2026");
  });

  it("writes midnight and noon as 12", () => {
    expect(formatDateTime("2026-01-01T05:00:00Z", "America/New_York")).toBe(
      "Jan 1, 2026, 12:00 AM EST",
    );
    expect(formatDateTime("2026-01-01T17:00:00Z", "America/New_York")).toBe(
      "Jan 1, 2026, 12:00 PM EST",
    );
  });

  it("names Hawaii's and Alaska's zones", () => {
    expect(timeZoneAbbreviation("Pacific/Honolulu", instant)).toBe("HST");
    expect(timeZoneAbbreviation("America/Anchorage", instant)).toBe("AKST");
  });

  it("writes zone-less calendar dates to the precision they have", () => {
    expect(formatCalendarDate("2026-11-01")).toBe("Nov 1, 2026");
    expect(formatCalendarDate("2023-10")).toBe("Oct 2023");
    expect(formatCalendarDate("2024")).toBe("2024");
    expect(formatCalendarDate("soon")).toBe("soon");
  });

  it("writes the second when evidence needs it", () => {
    expect(formatDateTime("2026-11-24T20:05:09Z", "America/New_York", { seconds: true })).toBe(
      "Nov 24, 2026, 3:05:09 PM EST",
    );
  });

  it("says so instead of writing NaN for an unreadable instant", () => {
    expect(formatDateTime("not a date", "America/New_York")).toBe("unknown date");
  });
});
