/**
 * Open damage as the pages and the forms use it (no database here, so the browser can check a
 * panel against it as the host types); `open-damage.server.ts` reads it.
 */
import type { DamageType, PanelId, Severity } from "~/domain/estimate/taxonomy";

export interface OpenDamage {
  findingId: string;
  reportId: string;
  /** ISO time of the report it was found on. */
  reportDate: string;
  panel: PanelId;
  damageType: DamageType;
  severity: Severity;
  /** "Moderate dent, left front door". */
  label: string;
}

/** The open damage on the same panel with the same kind of damage. */
export function matchingOpenDamage(
  open: readonly OpenDamage[],
  finding: { panel: string; damageType: string },
): OpenDamage[] {
  return open.filter(
    (entry) => entry.panel === finding.panel && entry.damageType === finding.damageType,
  );
}

export const SAME_DAMAGE_QUESTION =
  "This panel already has this kind of damage from an earlier report. Is it the same damage, or new?";

export type SameDamageCheck =
  | { ok: true }
  | { ok: false; kind: "ask"; matches: OpenDamage[] }
  | { ok: false; kind: "invalid"; message: string };

/**
 * Whether a finding can be saved as it is: one on a panel that already has this open damage must
 * say "same as" (one of those findings) or "new"; damage already there before the trip needs
 * neither (it is not charged anyway).
 */
export function checkSameDamage(
  open: readonly OpenDamage[],
  finding: {
    panel: string;
    damageType: string;
    preExisting: boolean;
    sameAsFindingId?: string;
    newDamage?: boolean;
  },
): SameDamageCheck {
  const matches = matchingOpenDamage(open, finding);
  if (finding.sameAsFindingId) {
    return matches.some((entry) => entry.findingId === finding.sameAsFindingId)
      ? { ok: true }
      : {
          ok: false,
          kind: "invalid",
          message: "That earlier damage isn't open damage on this panel of this car.",
        };
  }
  if (matches.length > 0 && !finding.newDamage && !finding.preExisting) {
    return { ok: false, kind: "ask", matches };
  }
  return { ok: true };
}
