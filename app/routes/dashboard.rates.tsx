import type { Route } from "./+types/dashboard.rates";
import { formatCalendarDate } from "~/domain/dates";
import { FleetPageHeader } from "~/components/fleet";
import { OWNER_ONLY, RatesForm } from "~/components/rates/rates-form";
import {
  RATE_FIELDS,
  RATE_OVERRIDE_LIMITS,
  RATE_SOURCES,
  RATES_CHECKED_ON,
  type RateSource,
} from "~/domain/estimate/rate-card";
import { requireSession } from "~/lib/auth/guards.server";
import { env } from "~/lib/runtime/env.server";
import { parseRateForm, saveRateSettings } from "~/lib/estimates/fleet.server";
import { accountRateSettings } from "~/lib/estimates/reports.server";
import { rateFormSchema } from "~/lib/estimates/rate-form";
import { parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const settings = accountRateSettings(session.accountId);
  const values: Record<string, string> = { state: settings.state ?? "" };
  for (const field of RATE_FIELDS) {
    const value = settings.overrides[field];
    if (value === undefined) continue;
    values[field] =
      RATE_OVERRIDE_LIMITS[field].kind === "cents" ? (value / 100).toFixed(2) : String(value);
  }
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    isOwner: session.role === "primary",
    values,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  const form = await readForm(request);
  const submission = form ? parseSubmission(form, rateFormSchema) : null;
  if (session.role !== "primary") {
    return formReply(submission, { status: 403, formError: OWNER_ONLY });
  }
  if (!form || !submission) return formReply(null, { status: 400 });
  // The schema says which fields there are; the rates' own parse reads and range-checks them.
  const parsed = parseRateForm(form);
  if (submission.status !== "success" || !parsed.ok) {
    return formReply(submission, {
      status: 400,
      formError: "Check the highlighted rates.",
      fieldErrors: parsed.ok ? undefined : parsed.fieldErrors,
    });
  }
  saveRateSettings(session.accountId, parsed.data);
  return redirectWithToast("/dashboard/rates", {
    title: "Shop rates saved",
    description: "Estimates that aren't final yet use them; final estimates keep their prices.",
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Shop rates", "/dashboard/rates", data);

/** The sources behind the regional defaults shown on this page (labor rates and sales tax). */
const SOURCE_NOTES: readonly RateSource[] = [
  RATE_SOURCES.crashNetwork,
  RATE_SOURCES.mitchell2017,
  RATE_SOURCES.taxFoundation,
];

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  const checkedOn = formatCalendarDate(RATES_CHECKED_ON);

  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Shop rates"
        intro="Estimates use the regional default rates unless you enter your shop's own. Leave a field blank to keep the default shown in it."
      />

      <RatesForm
        // A save starts a fresh form with the stored (normalized) values.
        key={JSON.stringify(loaderData.values)}
        saved={loaderData.values}
        lastResult={actionData?.result}
        isOwner={loaderData.isOwner}
      />

      <section aria-labelledby="sources-heading" className="text-sm text-slate-700">
        <h2 id="sources-heading" className="font-semibold text-slate-900">
          Where the defaults come from
        </h2>
        <p className="mt-1">
          Regional defaults checked on {checkedOn}. They are averages: your shop&apos;s own rates
          give a closer estimate.
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {SOURCE_NOTES.map((source) => (
            <li key={source.title}>
              {source.url ? (
                <a
                  href={source.url}
                  className="text-brand-600 underline"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {source.title}
                </a>
              ) : (
                source.title
              )}{" "}
              ({source.published})
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
