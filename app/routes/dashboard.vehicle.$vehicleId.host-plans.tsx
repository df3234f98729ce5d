import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard.vehicle.$vehicleId.host-plans";
import { notFoundBoundary } from "~/components/error-boundary";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { FormAlert } from "~/components/form-field";
import { formatCalendarDate } from "~/domain/dates";
import { HOST_PLAN_IDS, HOST_PLANS, isHostPlanId } from "~/domain/marketplace-rules";
import { formatCents } from "~/domain/money";
import { isRealDate, parseIsoDate } from "~/domain/zoned-time";
import { requireSession } from "~/lib/auth/guards.server";
import { getVehicle, vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { errorsOf, parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { notFound } from "~/lib/http/not-found";
import { env } from "~/lib/runtime/env.server";
import { hostPlanHistory, removeHostPlan, setHostPlan } from "~/lib/trips/host-plans.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { intentSchema, postedFields, type IntentHandlers, type IntentOf } from "~/lib/http/intent";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta(data ? `Host plans: ${data.vehicle}` : "Host plans", "/dashboard", data);

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const vehicle =
    getVehicle(session.accountId, params.vehicleId) ?? notFound("No vehicle with that id here.");
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    vehicleId: vehicle.id,
    vehicle: vehicleLabel(vehicle),
    plans: hostPlanHistory(session.accountId, vehicle.id).map(({ id, planId, effectiveFrom }) => ({
      id,
      planId,
      effectiveFrom,
    })),
  };
}

const planSchema = z.object({
  planId: z.coerce
    .number({ error: "Choose the plan." })
    .refine(isHostPlanId, "Choose the plan from the list."),
  effectiveFrom: z.string({ error: "Enter the date the plan started." }).refine((value) => {
    const date = parseIsoDate(value);
    return date !== null && isRealDate(date) && date.year >= 2015 && date.year <= 2100;
  }, "Enter the date the plan started."),
});
/** The page's forms: removing a period, or saving a plan (the main form, no intent). */
const hostPlanPostSchema = intentSchema(["remove", "save"], { fallback: "save" });
const removeSchema = z.object({ id: z.coerce.number().int() });

/** One posted form of the page, for its intent's handler. */
interface HostPlanPost {
  accountId: string;
  vehicleId: string;
  form: FormData;
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  const vehicle =
    getVehicle(session.accountId, params.vehicleId) ?? notFound("No vehicle with that id here.");
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const { intent } = postedFields(form, hostPlanPostSchema);
  return hostPlanIntents[intent]({ accountId: session.accountId, vehicleId: vehicle.id, form });
}

function removePosted({ accountId, vehicleId, form }: HostPlanPost) {
  const submission = parseSubmission(form, removeSchema);
  if (
    submission.status !== "success" ||
    !removeHostPlan(accountId, vehicleId, submission.value.id)
  ) {
    return formReply(submission, { status: 404, formError: "That plan period is already gone." });
  }
  return redirectWithToast(`/dashboard/vehicle/${vehicleId}/host-plans`, {
    title: "Plan period removed",
  });
}

function savePosted({ accountId, vehicleId, form }: HostPlanPost) {
  const submission = parseSubmission(form, planSchema);
  if (submission.status !== "success") {
    return formReply(submission, {
      status: 400,
      formError: Object.values(submission.error ?? {})[0]?.[0],
    });
  }
  setHostPlan(
    accountId,
    vehicleId,
    submission.value.planId as (typeof HOST_PLAN_IDS)[number],
    submission.value.effectiveFrom,
  );
  return redirectWithToast(`/dashboard/vehicle/${vehicleId}/host-plans`, {
    title: "Host plan saved",
  });
}

const hostPlanIntents = {
  remove: removePosted,
  save: savePosted,
} satisfies IntentHandlers<IntentOf<typeof hostPlanPostSchema>, HostPlanPost>;

export default function HostPlans({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData ? errorsOf(actionData.result).form : undefined;
  return (
    <div className="container-page max-w-2xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: `/dashboard/vehicle/${loaderData.vehicleId}`, label: loaderData.vehicle }}
        title="Host protection plans"
        intro="The plan this car was on, and since when. A claim uses the plan in force on its trip's start date: the deductible and the benefits follow the plan."
      />
      {error ? <FormAlert message={error} tone="error" /> : null}
      <CardSection id="plan-history" title="Plan history">
        {loaderData.plans.length === 0 ? (
          <p className="text-slate-700">No plan recorded yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {loaderData.plans.map((plan) => {
              const rule = isHostPlanId(plan.planId) ? HOST_PLANS[plan.planId] : null;
              return (
                <li
                  key={plan.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
                >
                  <span>
                    <strong>{rule?.name ?? `Plan ${plan.planId}`}</strong> from{" "}
                    {formatCalendarDate(plan.effectiveFrom)}
                    {rule
                      ? ` · deductible ${formatCents(rule.deductibleCents, { trimWholeDollars: true })}`
                      : ""}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={plan.id} />
                    <button type="submit" className="btn-outline" disabled={busy}>
                      Remove<span className="sr-only"> the plan from {plan.effectiveFrom}</span>
                    </button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </CardSection>
      <CardSection id="plan-add" title="Add a plan change">
        <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div>
            <label htmlFor="planId" className="label">
              Plan
            </label>
            <select id="planId" name="planId" required className="input" defaultValue="">
              <option value="" disabled>
                Choose a plan
              </option>
              {HOST_PLAN_IDS.map((id) => (
                <option key={id} value={id}>
                  {HOST_PLANS[id].name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="effectiveFrom" className="label">
              From
            </label>
            <input id="effectiveFrom" name="effectiveFrom" type="date" required className="input" />
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Save plan
          </button>
        </Form>
      </CardSection>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary("We couldn't find that vehicle", [
  { to: "/dashboard", label: "Back to the dashboard" },
]);
