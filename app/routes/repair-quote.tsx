import type { Route } from "./+types/repair-quote";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { PageLinks, PageNotice } from "~/components/page-links";
import { Stat } from "~/components/stat";
import {
  ConfirmRepairForm,
  RecordQuoteForm,
  RequestQuoteForm,
} from "~/components/repairs/repair-forms";
import { formatCalendarDate } from "~/domain/dates";
import { formatCents } from "~/domain/money";
import { requireSession } from "~/lib/auth/guards.server";
import { FormAlert } from "~/components/form-field";
import { strayReplyMessage } from "~/lib/http/form-result";
import { formReply, readForm } from "~/lib/http/form.server";
import { repairAction, repairPageData } from "~/lib/repairs/repair-page.server";
import { QUOTES_CURSOR, REPAIR_INTENTS, REPAIRS_CURSOR } from "~/lib/repairs/repair-lists";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Repair quotes", "/repair-quote", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    ...repairPageData(session.accountId, new URL(request.url)),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  return repairAction(
    { accountId: session.accountId, userId: session.user.id, role: session.role },
    form,
  );
}

const signed = (percent: number) => `${percent > 0 ? "+" : ""}${percent}%`;

export default function RepairQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { estimates, quotes, confirmations, accuracy } = loaderData;
  const reply = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <div className="container-page max-w-4xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Repair quotes and repairs"
        intro="Ask shops to quote from your estimate, compare their quotes, and confirm the repair with its invoice."
      />
      <FormAlert
        message={strayReplyMessage(actionData, estimates.length > 0 ? REPAIR_INTENTS : [])}
      />
      {accuracy ? (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Stat size="large" label="Repairs confirmed" value={String(accuracy.repairs)} />
          <Stat
            size="large"
            label="Invoices inside the estimate's range"
            value={`${accuracy.withinRangePercent}%`}
          />
          <Stat
            size="large"
            label="Median difference from the estimate"
            value={`${accuracy.medianAbsoluteErrorPercent}%`}
            detail={`Invoices run ${accuracy.medianBiasPercent >= 0 ? "above" : "below"} estimates by ${Math.abs(accuracy.medianBiasPercent)}% (median)`}
          />
        </dl>
      ) : null}
      {estimates.length === 0 ? (
        <p className="text-slate-700">
          Finalize an estimate first: quotes and repairs are compared with it.
        </p>
      ) : (
        <>
          <CardSection id="request-quote" title="Ask a shop for a quote">
            <RequestQuoteForm estimates={estimates} lastResult={reply("request")} />
          </CardSection>
          <CardSection id="quotes" title={`Quotes (${quotes.count})`}>
            <PageNotice notice={quotes.notice} className="mb-3" />
            {quotes.items.length === 0 ? (
              <p className="text-slate-700">No quotes yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" aria-label="Quotes">
                {quotes.items.map((quote) => (
                  <li key={quote.id} className="py-3">
                    <p className="font-medium text-slate-900">
                      {quote.shopName} · {quote.estimate}
                    </p>
                    <p className="text-slate-700 tabular-nums">
                      {quote.status === "requested"
                        ? "Asked; waiting for the shop"
                        : `Quote ${formatCents(quote.amountCents ?? 0)} (${signed(Math.round((((quote.amountCents ?? 0) - quote.estimateCents) / quote.estimateCents) * 1000) / 10)} vs. the estimate ${formatCents(quote.estimateCents)})${quote.days !== null ? ` · ${quote.days} working days` : ""}`}
                    </p>
                    {quote.details ? (
                      <p className="whitespace-pre-line text-slate-600">{quote.details}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            <PageLinks
              nextCursor={quotes.nextCursor}
              label="Pages of quotes"
              param={QUOTES_CURSOR}
              hash="#quotes"
            />
          </CardSection>
          <CardSection id="record-quote" title="Enter a quote you received">
            <RecordQuoteForm estimates={estimates} lastResult={reply("record")} />
          </CardSection>
          <CardSection id="confirm-repair" title="Confirm a repair">
            <ConfirmRepairForm estimates={estimates} lastResult={reply("confirm")} />
          </CardSection>
          {accuracy || confirmations.notice ? (
            <CardSection id="repairs" title="Repairs">
              <PageNotice notice={confirmations.notice} className="mb-3" />
              <ul className="divide-y divide-slate-100 text-sm" aria-label="Confirmed repairs">
                {confirmations.items.map((row) => (
                  <li key={row.id} className="py-3 tabular-nums">
                    <p className="font-medium text-slate-900">
                      {row.estimate}
                      {row.shopName ? ` · ${row.shopName}` : ""} · finished{" "}
                      {formatCalendarDate(row.repairedOn)}
                    </p>
                    <p className="text-slate-700">
                      Invoice {formatCents(row.invoiceCents)}, estimate{" "}
                      {formatCents(row.estimateCents)} ({signed(row.differencePercent)},{" "}
                      {row.withinRange ? "inside" : "outside"} its range)
                    </p>
                  </li>
                ))}
              </ul>
              <PageLinks
                nextCursor={confirmations.nextCursor}
                label="Pages of repairs"
                param={REPAIRS_CURSOR}
                hash="#repairs"
              />
            </CardSection>
          ) : null}
        </>
      )}
    </div>
  );
}
