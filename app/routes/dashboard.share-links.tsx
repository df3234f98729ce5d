import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard.share-links";
import { FleetPageHeader } from "~/components/fleet";
import { FormAlert } from "~/components/form-field";
import { PageLinks, PageNotice } from "~/components/page-links";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import { shareLinkCreatorLabel } from "~/lib/estimates/share-options";
import {
  activeAccountShareLinkPage,
  isShareLinkCursor,
  revokeShareLink,
} from "~/lib/estimates/shares.server";
import {
  CURSOR_MESSAGE,
  DEFAULT_PAGE_SIZE,
  pageOrFirst,
  readPageRequest,
} from "~/lib/paging/paging";
import { vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { errorsOf, parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

/**
 * Every report link the account has shared that still opens, whoever on the team made it, so the
 * owner can review and revoke them (for example after a team member or VA leaves).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  // A stale or edited page link shows the first page with a notice rather than an error.
  const read = readPageRequest(new URL(request.url).searchParams);
  const asked = pageOrFirst(
    read.ok && !isShareLinkCursor(read.cursor) ? { ok: false, message: CURSOR_MESSAGE } : read,
    DEFAULT_PAGE_SIZE,
  );
  const page = activeAccountShareLinkPage(session.accountId, asked.page);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    notice: asked.notice,
    nextCursor: page.nextCursor,
    links: page.items.map((link) => ({
      id: link.id,
      reportId: link.reportId,
      vehicle: vehicleLabel(link.vehicle),
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
      createdBy: link.createdBy ? shareLinkCreatorLabel(link.createdBy) : null,
    })),
  };
}

/** A Revoke button's hidden fields: which link of which report. */
const revokeSchema = z.object({
  reportId: z.string().min(1),
  linkId: z
    .string()
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id)),
});

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  const submission = form ? parseSubmission(form, revokeSchema) : null;
  if (submission?.status !== "success") {
    return formReply(submission, { status: 400, formError: "Choose a link to revoke." });
  }
  const { reportId, linkId } = submission.value;
  if (!revokeShareLink(session.accountId, reportId, linkId)) {
    return formReply(submission, {
      status: 404,
      formError: "That link was already revoked or has expired.",
    });
  }
  return redirectWithToast("/dashboard/share-links", {
    title: "Link revoked",
    description: "It no longer opens the report.",
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Share links", "/dashboard/share-links", data);

export default function ShareLinks({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { links } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Share links"
        intro="Read-only report links your team has sent to adjusters and guests that still open. A link keeps working when the person who made it leaves the team; revoke it here if it should stop."
      />
      <FormAlert message={errorsOf(actionData?.result).form} />
      <PageNotice notice={loaderData.notice} />
      {links.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center text-slate-700">
          No active share links. Create one from a finished estimate.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 text-sm">
                <Link
                  to={`/analysis/${link.reportId}`}
                  className="font-semibold text-brand-700 underline"
                >
                  {link.vehicle}
                </Link>
                <p className="mt-1 text-slate-700">
                  Created {link.createdAt.slice(0, 10)}
                  {link.createdBy ? ` by ${link.createdBy}` : ""} · expires{" "}
                  {link.expiresAt.slice(0, 10)} ·{" "}
                  {link.lastViewedAt
                    ? `last opened ${link.lastViewedAt.slice(0, 10)}`
                    : "not opened yet"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="reportId" value={link.reportId} />
                <input type="hidden" name="linkId" value={link.id} />
                <button
                  type="submit"
                  className="btn-outline text-red-700"
                  disabled={busy}
                  aria-label={`Revoke the link to ${link.vehicle} created ${link.createdAt.slice(0, 10)}`}
                >
                  Revoke
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <PageLinks nextCursor={loaderData.nextCursor} label="Share links pages" />
    </div>
  );
}
