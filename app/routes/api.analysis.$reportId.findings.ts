import { z } from "zod";
import type { Route } from "./+types/api.analysis.$reportId.findings";
import { requireApiSession } from "~/lib/auth/guards.server";
import { FindingFormSchema } from "~/lib/estimates/finding-form";
import { openDamageFor, openDamageRefusal } from "~/lib/estimates/open-damage.server";
import { reportChangeResponse } from "~/lib/estimates/report-json.server";
import { getReport } from "~/lib/estimates/reports.server";
import { replaceFindings } from "~/lib/estimates/report-edits.server";
import { fieldErrorsOf } from "~/lib/http/form.server";
import { jsonError, methodNotAllowed, NOT_FOUND, readJsonObject } from "~/lib/http/json";

const BodySchema = z.object({
  findings: z
    .array(z.intersection(FindingFormSchema, z.object({ id: z.string().max(100).optional() })))
    .max(100, "At most 100 findings."),
});

/**
 * PUT /api/analysis/{reportId}/findings { findings: [...] }: the review edit. Replaces every
 * finding (ids of kept AI findings keep their photo and box) and answers the re-priced report.
 * A finalized revision never changes: 409 until POST …/revisions opens the next one. A finding
 * on a panel that already has this open damage from an earlier report must say
 * `sameAsFindingId` (not charged again) or `newDamage: true`; otherwise 409 lists the matches.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const session = await requireApiSession(request);
  const body = await readJsonObject(request, 200_000);
  if (!body.ok) return body.response;
  const parsed = BodySchema.safeParse(body.value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid findings.";
    return jsonError(400, message, {
      fieldErrors: fieldErrorsOf(parsed.error.issues.map((i) => ({ ...i, path: i.path.slice(1) }))),
    });
  }
  const report = getReport(session.accountId, params.reportId);
  if (!report) return jsonError(404, NOT_FOUND);
  if (report.status === "complete") {
    return jsonError(
      409,
      `Revision ${report.revision} of this report is final and doesn't change. Open the next revision first: POST /api/analysis/${report.id}/revisions.`,
    );
  }
  const refused = openDamageRefusal(openDamageFor(session.accountId, report), parsed.data.findings);
  if (refused) return refused;
  return reportChangeResponse(session.accountId, report.id, () =>
    replaceFindings(session.accountId, report.id, parsed.data.findings),
  );
}

export const loader = () => methodNotAllowed("PUT");
