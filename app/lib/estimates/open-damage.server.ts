/**
 * Open damage: what earlier finalized reports of the same car found and nobody has repaired yet.
 * A new report shows it as already there, and tagging the same panel and damage again asks
 * whether it is the same damage (not charged again) or new, so one dent is never claimed twice
 * by accident. Findings marked "same as" point at the original, which stays the open one.
 */
import { and, asc, eq, isNull, lt, ne } from "drizzle-orm";
import { findings, reports } from "~/db/schema";
import type { DamageType, PanelId, Severity } from "~/domain/estimate/taxonomy";
import { db } from "~/lib/runtime/db.server";
import { findingLabelWithPanel } from "./finding-form";
import { jsonError } from "~/lib/http/json";
import { checkSameDamage, type OpenDamage } from "./open-damage";

export function openDamageFor(
  accountId: string,
  report: { id: string; vehicleId: string; createdAt: Date },
): OpenDamage[] {
  return db()
    .select({ finding: findings, reportCreatedAt: reports.createdAt })
    .from(findings)
    .innerJoin(reports, eq(reports.id, findings.reportId))
    .where(
      and(
        eq(findings.accountId, accountId),
        eq(findings.vehicleId, report.vehicleId),
        ne(findings.reportId, report.id),
        eq(reports.status, "complete"),
        lt(reports.createdAt, report.createdAt),
        eq(findings.preExisting, false),
        isNull(findings.repairedAt),
        isNull(findings.sameAsFindingId),
      ),
    )
    .orderBy(asc(reports.createdAt), asc(findings.position))
    .all()
    .map(({ finding, reportCreatedAt }) => {
      const panel = finding.panel as PanelId;
      const damageType = finding.damageType as DamageType;
      const severity = finding.severity as Severity;
      return {
        findingId: finding.id,
        reportId: finding.reportId,
        reportDate: reportCreatedAt.toISOString(),
        panel,
        damageType,
        severity,
        label: findingLabelWithPanel({ panel, damageType, severity }),
      };
    });
}

/**
 * The JSON API's answer when findings touch open damage without saying same or new (409, with
 * the matching damage) or name an earlier finding that isn't open damage there (400); else null.
 */
export function openDamageRefusal(
  open: readonly OpenDamage[],
  list: ReadonlyArray<Parameters<typeof checkSameDamage>[1]>,
): Response | null {
  for (const [index, finding] of list.entries()) {
    const check = checkSameDamage(open, finding);
    if (check.ok) continue;
    if (check.kind === "invalid") {
      return jsonError(400, check.message, {
        fieldErrors: { [`${index}.sameAsFindingId`]: check.message },
      });
    }
    const message = `Finding ${index + 1} is on a panel that already has this damage from an earlier report. Send "sameAsFindingId" (the same damage: not charged again) or "newDamage": true.`;
    return jsonError(409, message, {
      openDamage: check.matches.map(({ findingId, reportId, reportDate, label }) => ({
        findingId,
        reportId,
        reportDate,
        label,
      })),
    });
  }
  return null;
}
