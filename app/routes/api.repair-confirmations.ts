import type { Route } from "./+types/api.repair-confirmations";
import { requireApiSession } from "~/lib/auth/guards.server";
import { catchInputError } from "~/lib/http/input-error";
import { inputErrorJson, readJsonInput } from "~/lib/http/json-input.server";
import { methodNotAllowed, privateJson } from "~/lib/http/json";
import { readTimePageRequest, requirePage } from "~/lib/paging/paging";
import { confirmRepairApiSchema } from "~/lib/repairs/repair-input";
import {
  confirmationJson,
  confirmationPage,
  confirmRepair,
  repairAccuracy,
} from "~/lib/repairs/repairs.server";

/**
 * GET /api/repair-confirmations[?limit=&cursor=]: this account's confirmed repairs, the latest
 * first, `limit` (50, at most 200) a page, with `nextCursor` (null on the last page) and the
 * accuracy over every confirmed repair. A bad limit or cursor is a 400.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireApiSession(request);
  const asked = requirePage(readTimePageRequest(new URL(request.url).searchParams));
  const page = confirmationPage(session.accountId, asked);
  return privateJson({
    repairConfirmations: page.items.map(confirmationJson),
    nextCursor: page.nextCursor,
    accuracy: repairAccuracy(session.accountId),
  });
}

/**
 * POST /api/repair-confirmations (JSON: reportId — a finalized estimate — invoiceCents,
 * repairedOn "YYYY-MM-DD", optional shopName) → 201 { repairConfirmation }: the estimate's damage
 * is marked repaired and its claims updated; 404 for another account's estimate, 409 for one
 * without a final revision.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const session = await requireApiSession(request);
  const input = await readJsonInput(
    request,
    confirmRepairApiSchema,
    "Check the repair confirmation.",
  );
  if (!input.ok) return input.response;
  return catchInputError(
    () => {
      const row = confirmRepair(
        { accountId: session.accountId, userId: session.user.id, role: session.role },
        input.data,
      );
      return privateJson({ repairConfirmation: confirmationJson(row) }, { status: 201 });
    },
    (error) => inputErrorJson(error, { onField: true }),
  );
}
