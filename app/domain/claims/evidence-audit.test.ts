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
    expect(audit.risks).toEqual([]);
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
    expect(audit.risks).toEqual([
      "No pre-trip photos: without them the marketplace can't tell the damage is new, and charges a fee for missing photos.",
      "Rear bumper: its post-trip photo 1 is outside the 24-hour window. This part is likely to be denied.",
      "Rear bumper: no pre-trip photo inside its window. This part is likely to be denied.",
      "Hood: no post-trip photo shows it. This part is likely to be denied.",
      "Hood: no pre-trip photo inside its window. This part is likely to be denied.",
    ]);
    expect(audit.warnings).toEqual([
      "Photo 1 was taken more than 24 hours after the trip ended.",
      "Photo 1 is too dark.",
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
    expect(audit.warnings).toContain(
      "Photo 1 was taken more than 24 hours before the trip started.",
    );
    expect(audit.warnings).toContain(
      "Photo 2 has no capture time: its upload time is used. Upload the original from the phone's camera roll.",
    );
  });
});
