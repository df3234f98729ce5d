import { getFormProps } from "@conform-to/react";
import { requireFeature } from "~/lib/billing/gates.server";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.claims.new";
import { FleetPageHeader } from "~/components/fleet";
import { FormErrors, FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { CLAIM_KIND_LABELS, CLAIM_KINDS } from "~/domain/claims/claim";
import { recordEvent } from "~/lib/analytics/server";
import { requireSession } from "~/lib/auth/guards.server";
import { newClaimFormSchema } from "~/lib/claims/claim-input";
import { newClaimOptions } from "~/lib/claims/claim-pages.server";
import { createClaim } from "~/lib/claims/claims.server";
import { getReport } from "~/lib/estimates/reports.server";
import { parseSubmission, useSchemaForm } from "~/lib/http/form";
import { formReply, inputErrorReply, readForm } from "~/lib/http/form.server";
import { catchInputError } from "~/lib/http/input-error";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("New claim", "/dashboard/claims/new", data);

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  requireFeature(session, "claims");
  const url = new URL(request.url);
  const reportId = url.searchParams.get("reportId") ?? "";
  // From an estimate: its trip, unless the link names one.
  const report = reportId ? getReport(session.accountId, reportId) : undefined;
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    ...newClaimOptions(session.accountId),
    tripId: url.searchParams.get("tripId") ?? report?.tripId ?? "",
    reportId,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  requireFeature(session, "claims");
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const submission = parseSubmission(form, newClaimFormSchema);
  if (submission.status !== "success") return formReply(submission, { status: 400 });
  const { claimed, ...input } = submission.value;
  return catchInputError(
    () => {
      const claim = createClaim(
        { accountId: session.accountId, userId: session.user.id, role: session.role },
        { ...input, claimedCents: claimed },
      );
      recordEvent("feature_usage", { feature: "claims", action: "create" }, session.user.id);
      return redirect(`/dashboard/claim/${claim.id}`);
    },
    (error) => inputErrorReply(submission, error, { fieldNames: { claimedCents: "claimed" } }),
  );
}

export default function NewClaim({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(newClaimFormSchema, actionData?.result, {
    id: "new-claim",
    defaultValue: { tripId: loaderData.tripId, reportId: loaderData.reportId, kind: "damage" },
  });
  if (loaderData.trips.length === 0) {
    return (
      <div className="container-page max-w-2xl space-y-4 py-8 sm:py-10">
        <FleetPageHeader
          breadcrumb={{ to: "/dashboard/claims", label: "Claims" }}
          title="New claim"
        />
        <p className="text-slate-700">
          A claim belongs to a trip.{" "}
          <Link to="/dashboard/trips" className="font-medium text-brand-700 underline">
            Import your trips or add one
          </Link>{" "}
          first.
        </p>
      </div>
    );
  }
  return (
    <div className="container-page max-w-2xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/claims", label: "Claims" }}
        title="New claim"
        intro="Start the claim as soon as you know of the damage: its deadlines count from the trip's end. The amount comes from a finalized estimate or is entered now or later; filing needs it."
      />
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <FormErrors form={form} />
        <SelectField field={fields.tripId} label="Trip">
          <option value="">Choose the trip</option>
          {loaderData.trips.map((trip) => (
            <option key={trip.id} value={trip.id}>
              {trip.label}
            </option>
          ))}
        </SelectField>
        <SelectField field={fields.kind} label="What for">
          {CLAIM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CLAIM_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <SelectField
          field={fields.reportId}
          label="Estimate (damage claims)"
          hint="Only finalized estimates are listed: the claim keeps the revision it was made from."
        >
          <option value="">No estimate</option>
          {loaderData.estimates.map((estimate) => (
            <option key={estimate.id} value={estimate.id}>
              {estimate.label}
            </option>
          ))}
        </SelectField>
        <FormField
          field={fields.claimed}
          label="Amount claimed, $ (optional: empty uses the estimate's total, or enter it later)"
          inputMode="decimal"
        />
        <FormField field={fields.note} label="Note (optional)" maxLength={2000} />
        <button type="submit" className="btn-primary" disabled={busy}>
          Create claim
        </button>
      </Form>
    </div>
  );
}
