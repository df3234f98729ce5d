import { z } from "zod";
import type { Route } from "./+types/api.analysis.$reportId.revisions";
import { requireApiSession } from "~/lib/auth/guards.server";
import { reportChangeResponse } from "~/lib/estimates/report-json.server";
import { getReport } from "~/lib/estimates/reports.server";
import { openNextRevision, repriceAtCurrentRates } from "~/lib/estimates/report-edits.server";
import { jsonError, methodNotAllowed, NOT_FOUND, readJsonObject } from "~/lib/http/json";

const BodySchema = z.object({
  /** Price the new revision with the account's current rates instead of the last revision's. */
  repriceAtCurrentRates: z.boolean().optional(),
});

/**
 * POST /api/analysis/{reportId}/revisions [{ repriceAtCurrentRates }]: opens the next revision
 * of a finalized report for edits (201 with the report). The final revision stays as it was for
 * its share links and PDFs. A report still in review has a revision open already (409).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const session = await requireApiSession(request);
  const declaredEmpty = request.headers.get("content-length") === "0" || !request.body;
  const body = declaredEmpty ? ({ ok: true, value: {} } as const) : await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = BodySchema.safeParse(body.value);
  if (!parsed.success) {
    return jsonError(400, "repriceAtCurrentRates must be true or false.", {
      fieldErrors: { repriceAtCurrentRates: "Must be true or false." },
    });
  }
  const report = getReport(session.accountId, params.reportId);
  if (!report) return jsonError(404, NOT_FOUND);
  if (report.status !== "complete") {
    return jsonError(
      409,
      report.status === "queued" || report.status === "analyzing"
        ? "The photos are still being analyzed. Edit the findings when the analysis is done."
        : `Revision ${report.revision} is still open for edits: change its findings and finalize it.`,
    );
  }
  return reportChangeResponse(
    session.accountId,
    report.id,
    () => {
      openNextRevision(session.accountId, report.id);
      if (parsed.data.repriceAtCurrentRates) repriceAtCurrentRates(session.accountId, report.id);
    },
    201,
  );
}

export const loader = () => methodNotAllowed("POST");
