import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/repair-quote.$token";
import { FormErrors, FormField } from "~/components/form-field";
import { notFoundBoundary } from "~/components/error-boundary";
import { formatCents } from "~/domain/money";
import { getVehicle, vehicleTitle } from "~/lib/vehicles/vehicles.server";
import { formConstraints, parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { formProps, useServerForm } from "~/lib/http/server-form";
import { notFound } from "~/lib/http/not-found";
import { shopQuoteSchema } from "~/lib/repairs/repair-input";
import { answerQuote, quoteByToken } from "~/lib/repairs/repairs.server";
import { getReport } from "~/lib/estimates/reports.server";
import { getRevision } from "~/lib/estimates/revisions.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Your repair quote", "/repair-quote", data);

const GONE = "This quote link doesn't work any more. Ask the host for a new one.";

/** The shop's page, reached by the emailed link: no account, the token is the key. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const quote = quoteByToken(params.token) ?? notFound(GONE);
  const report = getReport(quote.accountId, quote.reportId);
  const vehicle = report ? getVehicle(quote.accountId, report.vehicleId) : undefined;
  const revision = getRevision(quote.reportId, quote.reportRevision);
  return {
    origin: new URL(request.url).origin,
    shopName: quote.shopName,
    vehicle: vehicle ? vehicleTitle(vehicle) : "the car",
    estimateCents: revision?.totalCents ?? null,
    answered: quote.status === "received",
    // The form validates on the server; the browser gets the schema's native constraints.
    constraints: formConstraints(shopQuoteSchema),
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const submission = parseSubmission(form, shopQuoteSchema);
  if (submission.status !== "success") return formReply(submission, { status: 400 });
  const { amount, ...rest } = submission.value;
  if (!answerQuote(params.token, { ...rest, amountCents: amount })) notFound(GONE);
  return formReply(submission, { resetForm: false });
}

export default function ShopQuote({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useServerForm(actionData?.result, loaderData.constraints, {
    id: "shop-quote",
  });
  const sent = actionData?.result.status === "success";
  return (
    <div className="container-page max-w-xl space-y-6 py-8 sm:py-12">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Repair quote for {loaderData.vehicle}</h1>
        <p className="mt-1 text-slate-700">
          For {loaderData.shopName}. The estimate you were sent
          {loaderData.estimateCents !== null
            ? ` comes to ${formatCents(loaderData.estimateCents)}`
            : ""}
          ; enter what your shop would charge.
        </p>
      </div>
      {sent || (loaderData.answered && !actionData) ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-900"
        >
          Thank you: your quote was sent to the host. You can correct it below until the link
          expires.
        </p>
      ) : null}
      <Form method="post" className="space-y-4" {...formProps(form)}>
        <FormErrors form={form} />
        <FormField field={fields.amount} label="Your quote, $" inputMode="decimal" />
        <FormField field={fields.days} label="Working days (optional)" inputMode="numeric" />
        <FormField field={fields.details} label="Lines or remarks (optional)" maxLength={4000} />
        <button type="submit" className="btn-primary" disabled={busy}>
          Send the quote
        </button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("This quote link doesn't work", [
  { to: "/", label: "FleetAssist home" },
]);
