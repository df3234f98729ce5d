/** The seeded sample report behind the public diagram demo (/diagram-demo). */
import { eq } from "drizzle-orm";
import { appMeta, reports } from "~/db/schema";
import { DEMO_REPORT_KEY } from "~/db/seed";
import { db } from "~/lib/runtime/db.server";
import { loadReportRow } from "./reports.server";

export function demoReportId(): string | null {
  return db().select().from(appMeta).where(eq(appMeta.key, DEMO_REPORT_KEY)).get()?.value ?? null;
}

/** The sample report, or null when the id isn't the demo's (every other report stays private). */
export function loadDemoReport(reportId = demoReportId()) {
  if (!reportId || reportId !== demoReportId()) return null;
  const report = db().select().from(reports).where(eq(reports.id, reportId)).get();
  return report ? loadReportRow(report) : null;
}
