import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { insertOwner, SAMPLE_CAR, texturedJpeg } from "./rows";

/**
 * The app's server modules for database tests, loaded only after the test has pointed DATA_DIR at
 * its own temporary folder (the database and file store read it once, on first use).
 */
export async function loadAppModules() {
  return {
    db: await import("../../app/lib/runtime/db.server"),
    schema: await import("../../db/schema"),
    vehicles: await import("../../app/lib/vehicles/vehicles.server"),
    photos: await import("../../app/lib/estimates/photos.server"),
    reports: await import("../../app/lib/estimates/reports.server"),
    reportEdits: await import("../../app/lib/estimates/report-edits.server"),
    revisions: await import("../../app/lib/estimates/revisions.server"),
    revisionPage: await import("../../app/lib/estimates/revision-page.server"),
    worker: await import("../../app/lib/estimates/analysis-worker.server"),
    shares: await import("../../app/lib/estimates/shares.server"),
    fleet: await import("../../app/lib/estimates/fleet.server"),
    pdf: await import("../../app/lib/estimates/report-pdf-input.server"),
    vision: await import("../../app/lib/ai/vision.server"),
    outbox: await import("../../app/lib/email/outbox.server"),
  };
}

export type AppModules = Awaited<ReturnType<typeof loadAppModules>>;

/**
 * The modules the trip, claim, concierge and inbox tests set their rows up with (the database,
 * cars, trips, claims, guest conversations and reply drafts), loaded after DATA_DIR is set like
 * `loadAppModules`.
 */
export async function loadTripAndInboxModules() {
  return {
    db: await import("~/lib/runtime/db.server"),
    schema: await import("~/db/schema"),
    vehicles: await import("~/lib/vehicles/vehicles.server"),
    trips: await import("~/lib/trips/trips.server"),
    claims: await import("~/lib/claims/claims.server"),
    conversations: await import("~/lib/inbox/conversations.server"),
    drafts: await import("~/lib/inbox/drafts.server"),
  };
}

/**
 * Gives this test file an empty data folder of its own (database and file store): DATA_DIR points
 * at it before any app module loads, and after the file's other afterAll hooks (vitest runs them
 * last-registered first) the database is closed and the folder removed. Call it at the top level.
 */
export function setUpTempDataDir(label: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fleetassist-${label}-`));
  process.env.DATA_DIR = dataDir;
  afterAll(async () => {
    (await import("../../app/lib/runtime/db.server")).closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}

/**
 * A new owner with the sample car and a hand-tagged report of a moderately dented hood, one photo
 * (of `photoSeed`), in review: not finalized.
 */
export async function dentedHoodReport(
  m: AppModules,
  name: string,
  { photoSeed, note }: { photoSeed: number; note?: string },
) {
  const owner = insertOwner(m.db, m.schema, name);
  const car = m.vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
  if (!car.ok) throw new Error("vehicle not created");
  const { staged } = await m.photos.stageFiles(
    owner,
    [new File([new Uint8Array(await texturedJpeg(photoSeed))], "hood.jpg")],
    "post_trip",
  );
  const report = m.reports.createReport({
    ...owner,
    vehicleId: car.vehicle.id,
    photoIds: staged.map((photo) => photo.id),
    mode: "manual",
  });
  m.reportEdits.addFinding(owner.accountId, report.id, {
    panel: "hood",
    damageType: "dent",
    severity: "moderate",
    preExisting: false,
    ...(note ? { note } : {}),
  });
  return { owner, vehicle: car.vehicle, report };
}
