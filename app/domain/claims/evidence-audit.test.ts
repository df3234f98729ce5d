import { describe, expect, it } from "vitest";
import { auditEvidence, photoTime, type AuditPhoto } from "./evidence-audit";

const START = Date.parse("2026-11-20T17:00:00Z"); // 10 AM MST
const END = Date.parse("2026-11-23T01:30:00Z"); // Nov 22, 6:30 PM MST
const trip = { startAt: START, endAt: END, timeZone: "America/Denver" };

function photo(number: number, fields: Partial<AuditPhoto>): AuditPhoto {
  return {
    id: `p${number}`,
    number,
    phase: "post_trip",
    capturedAt: null,
    uploadedAt: END + 3_600_000,
    sha256: "ab".repeat(32),
    warnings: [],
    ...fields,
  };
}

describe("photo times", () => {
  it("uses EXIF with its offset, EXIF without one in the trip's zone, else the upload time", () => {
    expect(
      photoTime(photo(1, { capturedAt: "2026-11-22T19:00:00-07:00" }), "America/Denver"),
    ).toEqual({
      at: Date.parse("2026-11-23T02:00:00Z"),
      basis: "exif",
    });
    expect(photoTime(photo(2, { capturedAt: "2026-11-22 19:00:00" }), "America/Denver")).toEqual({
      at: Date.parse("2026-11-23T02:00:00Z"),
      basis: "exif-camera-clock",
    });
    expect(photoTime(photo(3, {}), "America/Denver")).toEqual({
      at: END + 3_600_000,
      basis: "upload",
    });
  });
});

describe("evidence audit", () => {
  it("passes a claimed part with in-window pre- and post-trip photos", () => {
    const audit = auditEvidence({
      trip,
      photos: [
        photo(1, { phase: "pre_trip", capturedAt: "2026-11-20T08:00:00-07:00" }),
        photo(2, { capturedAt: "2026-11-22T19:00:00-07:00" }),
      ],
      findings: [{ panelLabel: "Rear bumper", photoId: "p2", preExisting: false }],
    });
    expect(audit.panels).toEqual([
      { panelLabel: "Rear bumper", postTripPhoto: 2, ok: true, problems: [] },
    ]);
    expect(audit.problems).toEqual([]);
    expect(audit.checks).toEqual([]);
  });

  it("flags a part without an in-window post-trip photo, and claims without pre-trip photos", () => {
    const audit = auditEvidence({
      trip,
      photos: [photo(1, { capturedAt: "2026-11-24T20:00:00-07:00", warnings: ["too-dark"] })],
      findings: [
        { panelLabel: "Rear bumper", photoId: "p1", preExisting: false },
        { panelLabel: "Hood", photoId: null, preExisting: false },
        { panelLabel: "Roof", photoId: null, preExisting: true },
      ],
    });
    expect(audit.problems.map((group) => group.text)).toEqual([
      "No pre-trip photos: Turo can't tell the damage is new, charges a fee for missing photos, and every claimed part is likely to be denied",
      "Hood: no post-trip photo shows it, so this part is likely to be denied",
      "Rear bumper: its post-trip photo is outside the 24-hour window, so this part is likely to be denied",
    ]);
    expect(audit.checks).toEqual([
      {
        text: "Photo 1: taken more than 24 hours after the trip ended and too dark",
        fix: "add any photos of the same spots taken inside the window",
        photos: [1],
      },
    ]);
  });

  it("says when a photo's time is its upload time, and when a pre-trip photo is too old", () => {
    const audit = auditEvidence({
      trip,
      photos: [
        photo(1, { phase: "pre_trip", capturedAt: "2026-11-18T10:00:00-07:00" }),
        photo(2, { capturedAt: null }),
      ],
      findings: [{ panelLabel: "Left front door", photoId: "p2", preExisting: false }],
    });
    expect(audit.panels[0]).toMatchObject({
      postTripPhoto: 2,
      ok: false,
      problems: ["no pre-trip photo inside its window"],
    });
    expect(audit.checks).toEqual([
      {
        text: "Photo 1: taken more than 24 hours before the trip started",
        fix: "add pre-trip photos taken in the 24 hours before the trip, if you have them",
        photos: [1],
      },
      {
        text: "Photo 2: no capture time",
        fix: "upload the originals from the phone's camera roll (they carry the capture time)",
        photos: [2],
      },
    ]);
  });
});

describe("evidence check, grouped by cause", () => {
  it("says once what several photos share: no capture time and uploaded days after the trip", () => {
    const day = 86_400_000;
    const audit = auditEvidence({
      trip,
      photos: [
        photo(1, { phase: "pre_trip", capturedAt: "2026-11-20T08:00:00-07:00" }),
        photo(2, { uploadedAt: END + 3 * day + 3_600_000 }),
        photo(3, { capturedAt: "2026-11-22T19:00:00-07:00" }),
        photo(4, { uploadedAt: END + 3 * day + 7_200_000 }),
        photo(5, { uploadedAt: END + 3 * day + 9_000_000 }),
        photo(6, { capturedAt: "2026-11-22 19:10:00" }),
        photo(7, { capturedAt: "2026-11-22 19:20:00" }),
      ],
      findings: [
        { panelLabel: "Rear bumper", photoId: "p3", preExisting: false },
        { panelLabel: "Hood", photoId: "p2", preExisting: false },
        { panelLabel: "Trunk lid", photoId: "p4", preExisting: false },
        { panelLabel: "Roof", photoId: null, preExisting: false },
        { panelLabel: "Left mirror", photoId: null, preExisting: false },
      ],
    });
    expect(audit.checks).toEqual([
      {
        text: "3 photos (2, 4, 5): no capture time and uploaded 3 days after the trip",
        fix: "upload the originals from the phone's camera roll (they carry the capture time)",
        photos: [2, 4, 5],
      },
      {
        text: "2 photos (6, 7): a capture time without a time zone, read as the trip's local time",
        fix: null,
        photos: [6, 7],
      },
    ]);
    expect(audit.problems.map((group) => group.text)).toEqual([
      "Roof and Left mirror: no post-trip photo shows them, so these parts are likely to be denied",
      "Hood and Trunk lid: their post-trip photos are outside the 24-hour window, so these parts are likely to be denied",
    ]);
  });
});
