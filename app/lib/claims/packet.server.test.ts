/**
 * The evidence packet is the host's case: its text (read back with poppler's pdftotext, as an
 * adjuster's tools read it) carries the trip, the car, the photos with their times and SHA-256,
 * the timeline and the estimate, and none of the evidence check's risk wording.
 */
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { PACKET_RISK_WORDING, pdfText } from "~/tests/support/packet-text";
import {
  dentedHoodReport,
  loadAppModules,
  setUpTempDataDir,
  type AppModules,
} from "~/tests/support/app-modules";

setUpTempDataDir("packet");

let m: AppModules;
let claims: typeof import("./claims.server");
let packet: typeof import("./packet.server");
let trips: typeof import("~/lib/trips/trips.server");

beforeAll(async () => {
  m = await loadAppModules();
  claims = await import("./claims.server");
  packet = await import("./packet.server");
  trips = await import("~/lib/trips/trips.server");
});

function packetText(pdf: Uint8Array): string {
  if (process.env.PACKET_PDF_OUT) fs.writeFileSync(process.env.PACKET_PDF_OUT, pdf);
  return pdfText(pdf);
}

describe("evidence packet", () => {
  it("states the facts for the host and leaves the evidence check's judgments out", async () => {
    // A post-trip photo with no capture time, uploaded long after the trip, and no pre-trip
    // photos: the claim page warns about both; the packet states only the facts.
    const { owner, vehicle, report } = await dentedHoodReport(m, "packet_facts", { photoSeed: 5 });
    const trip = trips.createTrip(
      owner.accountId,
      {
        reservationId: "R-7001",
        guestName: "Jordan Lee",
        startAt: Date.parse("2026-10-20T17:00:00Z"),
        endAt: Date.parse("2026-10-23T01:30:00Z"),
        timeZone: "America/Denver",
        pickupLocation: null,
        returnLocation: null,
        odometerStart: null,
        odometerEnd: null,
        distanceMiles: null,
        earningsCents: 41_250,
        status: "completed",
      },
      vehicle.id,
      "manual",
    );
    const estimate = m.reportEdits.finalizeReport(owner.accountId, report.id, owner.userId);
    const actor = { accountId: owner.accountId, userId: owner.userId, role: "primary" as const };
    const claim = claims.createClaim(actor, {
      tripId: trip.id,
      kind: "damage",
      reportId: report.id,
    });
    const pdf = await packet.claimPacketPdf(owner.accountId, claim.id);
    const text = packetText(pdf!);
    const flat = text.replace(/\s+/g, " ");

    expect(flat).toContain("Damage claim, trip R-7001");
    expect(flat).toContain("Reservation R-7001");
    expect(flat).toContain("Guest Jordan Lee");
    expect(flat).toContain("Damaged parts Hood");
    expect(flat).toMatch(/Photo 1, post-trip Uploaded .* \(the file carries no capture time\)/);
    const sha = m.db
      .db()
      .select()
      .from(m.schema.photos)
      .all()
      .find((row) => row.reportId === report.id)!.originalSha256;
    expect(flat).toContain(`SHA-256 ${sha}`);
    expect(flat).toContain("Timeline");
    expect(flat).toContain("Trip ended");
    expect(flat).toContain(`revision 1, $${(estimate.totalCents / 100).toFixed(2)}`);
    // The estimate's own pages follow, numbered by the packet's one counter.
    const pages = (text.match(/Evidence packet · Page \d+ of (\d+)/g) ?? []).length;
    expect(pages).toBeGreaterThan(1);
    expect(text).not.toMatch(/Report [0-9a-f-]{36} · Page/);

    for (const risk of PACKET_RISK_WORDING) expect(text).not.toMatch(risk);
  });
});
