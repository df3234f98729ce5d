import type { Context, FindingPlan } from "~/domain/estimate/drafts";
import type { Finding } from "~/domain/estimate/taxonomy";
import { withAluminum } from "./aluminum";
import { planConventionalDent, planPdr } from "./dent";
import { planHail } from "./hail";
import { withReplaceOrRepair } from "./panel-replacement";
import { planFromRepairChoice } from "./repair-choice";
import { replaceTrimPiece } from "./trim-piece";

/**
 * Hood, roof, fenders, doors, quarter panels, rockers, trunk lid: a missing moulding is a part,
 * hail goes to the matrix, a dent to PDR or conventional repair, other damage to the rate card's
 * repair choice; aluminum and replace-or-repair apply to the conventional work.
 */
export function planSheetMetal(finding: Finding, context: Context): FindingPlan {
  if (finding.damageType === "missing-part") {
    return replaceTrimPiece(finding, context, "moulding/emblem", "Moulding or emblem");
  }
  if (finding.damageType === "hail") return withAluminum(planHail(finding, context), context);
  if (finding.damageType === "dent") {
    return (
      planPdr(finding, context) ??
      withReplaceOrRepair(withAluminum(planConventionalDent(finding, context), context), context)
    );
  }
  const choice =
    context.rateCard.tables.sheetMetalRepair.value[finding.damageType]?.[finding.severity];
  if (!choice) throw new Error(`No sheet-metal rule for ${finding.damageType}`);
  return withReplaceOrRepair(
    withAluminum(
      planFromRepairChoice(finding, choice, context, () => {
        throw new Error("Sheet-metal panels are repaired here");
      }),
      context,
    ),
    context,
  );
}
