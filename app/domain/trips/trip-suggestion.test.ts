import { describe, expect, it } from "vitest";
import { suggestTrip, type TripCandidate } from "./trip-suggestion";

const at = (iso: string) => Date.parse(iso);
const denver = "America/Denver";
// Two back-to-back trips of one car in Denver (UTC−7 in November).
const first: TripCandidate = {
  id: "first",
  startAt: at("2026-11-10T16:00:00Z"),
  endAt: at("2026-11-13T17:00:00Z"),
  timeZone: denver,
};
const second: TripCandidate = {
  id: "second",
  startAt: at("2026-11-14T16:00:00Z"),
  endAt: at("2026-11-18T17:00:00Z"),
  timeZone: denver,
};
const uploadedLater = at("2026-11-25T12:00:00Z");

describe("suggesting the trip an estimate's photos belong to", () => {
  it("matches the camera clock read in the trip's own time zone", () => {
    // 10:30 on the camera in Denver is 17:30 UTC: just after the second trip ended.
    const photos = [{ capturedAt: "2026-11-18T10:30:00", uploadedAt: uploadedLater }];
    expect(suggestTrip([first, second], photos)).toEqual({
      tripId: "second",
      basis: "capture-times",
    });
  });

  it("takes a pre-trip photo from the day before a trip as that trip's", () => {
    const photos = [{ capturedAt: "2026-11-09T20:00:00-07:00", uploadedAt: uploadedLater }];
    expect(suggestTrip([first, second], photos)?.tripId).toBe("first");
  });

  it("prefers the trip most photos fit, then the one that ended nearest the last photo", () => {
    // Nov 14 morning: after the first trip (within its slack) and before the second started.
    const between = [{ capturedAt: "2026-11-14T08:00:00-07:00", uploadedAt: uploadedLater }];
    expect(suggestTrip([first, second], between)?.tripId).toBe("first");
    const mostly = [
      { capturedAt: "2026-11-14T08:00:00-07:00", uploadedAt: uploadedLater },
      { capturedAt: "2026-11-18T12:00:00-07:00", uploadedAt: uploadedLater },
      { capturedAt: "2026-11-18T12:05:00-07:00", uploadedAt: uploadedLater },
    ];
    expect(suggestTrip([first, second], mostly)?.tripId).toBe("second");
  });

  it("falls back to upload times, and says so; no fitting trip is no suggestion", () => {
    const justUploaded = [{ capturedAt: null, uploadedAt: at("2026-11-19T15:00:00Z") }];
    expect(suggestTrip([first, second], justUploaded)).toEqual({
      tripId: "second",
      basis: "upload-times",
    });
    expect(suggestTrip([first, second], [{ capturedAt: null, uploadedAt: uploadedLater }])).toBe(
      null,
    );
    expect(suggestTrip([], justUploaded)).toBeNull();
  });
});
