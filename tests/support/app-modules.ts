/**
 * The app's server modules for database tests, loaded only after the test has pointed DATA_DIR at
 * its own temporary folder (the database and file store read it once, on first use).
 */
export async function loadAppModules() {
  return {
    db: await import("../../app/lib/runtime/db.server"),
    schema: await import("../../db/schema"),
    vehicles: await import("../../app/lib/estimates/vehicles.server"),
    photos: await import("../../app/lib/estimates/photos.server"),
    reports: await import("../../app/lib/estimates/reports.server"),
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
