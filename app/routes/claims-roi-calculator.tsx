import { Form } from "react-router";
import type { Route } from "./+types/claims-roi-calculator";
import { CalculationSteps, ToolField } from "~/components/tool-fields";
import { ToolPage } from "~/components/tool-page";
import { calculateClaimsRoi } from "~/domain/claims-roi";
import { CLAIMS_SPEED_MULTIPLIER, MONTHLY_DAMAGE_RATE_PERCENT } from "~/domain/industry-benchmarks";
import { formatCents, formatNumber } from "~/domain/money";
import { RULES_AS_OF } from "~/domain/marketplace-rules";
import { useLiveParams } from "~/lib/tools/live-form";
import { pageMeta } from "~/lib/ui/meta";
import { CLAIMS_ROI_FIELDS, parseClaimsRoiQuery } from "~/lib/tools/claims-roi-query";
import { toolLoaderData } from "~/lib/tools/tool-page.server";
import { Stat } from "~/components/stat";

const FEATURE = "claims_roi_calculator";

export function loader({ request }: Route.LoaderArgs) {
  return toolLoaderData(request, FEATURE, (params) => parseClaimsRoiQuery(params).input !== null);
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Claims ROI Calculator for Rental Hosts",
    description:
      "How much damage money your rental fleet leaves on the table, and what recovering it faster is worth. Free calculator that shows every step of the math.",
    path: "/claims-roi-calculator",
    origin: data?.origin ?? "http://localhost:3000",
  });

export default function ClaimsRoiCalculator() {
  const { params, onChange } = useLiveParams(FEATURE);
  const { values, errors, input } = parseClaimsRoiQuery(params);
  const result = input ? calculateClaimsRoi(input) : null;

  return (
    <ToolPage
      title="Claims ROI Calculator"
      intro={
        <>
          About {formatNumber(MONTHLY_DAMAGE_RATE_PERCENT.value)}% of rental cars get damaged every
          month. See what that costs your fleet, how much you recover today, and what recovering
          more, {CLAIMS_SPEED_MULTIPLIER.value}× faster, is worth in money and hours.
        </>
      }
      rulesAsOf={RULES_AS_OF}
      sourcesIntro="Where the defaults come from (replace them with your own numbers):"
      sources={[MONTHLY_DAMAGE_RATE_PERCENT, CLAIMS_SPEED_MULTIPLIER].map((b) => ({
        topic: b.source,
        url: null,
      }))}
    >
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Form
          method="get"
          onChange={onChange}
          className="rounded-2xl border border-slate-200 p-5 sm:p-6"
          aria-label="Your fleet"
        >
          <h2 className="text-lg font-semibold text-slate-900">Your fleet</h2>
          <p className="mt-1 text-sm text-slate-600">
            Prefilled with an example. Replace it with your own numbers.
          </p>
          <div className="mt-5 grid gap-4">
            {CLAIMS_ROI_FIELDS.map((field) => (
              <ToolField
                key={field.param}
                id={field.param}
                label={field.label}
                kind={field.kind}
                defaultValue={values[field.param] ?? ""}
                error={errors[field.key]}
                min={0}
                required
              />
            ))}
          </div>
          <button type="submit" className="btn-primary mt-6 w-full">
            Calculate
          </button>
        </Form>

        <section aria-labelledby="roi-result" aria-live="polite">
          <h2 id="roi-result" className="sr-only">
            Result
          </h2>
          {result ? (
            <>
              <dl className="grid gap-4 sm:grid-cols-3">
                <Stat
                  label="More recovered per year"
                  value={formatCents(result.additionalRecoveredCents)}
                />
                <Stat
                  label="Hours saved per year"
                  value={formatNumber(result.hoursSavedPerYear, 1)}
                />
                <Stat
                  label="Net gain per year"
                  value={formatCents(result.netAnnualGainCents)}
                  tone={result.netAnnualGainCents >= 0 ? "good" : "bad"}
                />
              </dl>
              <p className="mt-4 text-slate-700">
                Today you recover <strong>{formatCents(result.recoveredTodayCents)}</strong> a year;
                with FleetAssist,{" "}
                <strong>{formatCents(result.recoveredWithFleetAssistCents)}</strong>.{" "}
                {result.roiPercent === null
                  ? null
                  : `That is a ${formatNumber(result.roiPercent, 0)}% return on the subscription.`}
              </p>
              <div className="mt-6 rounded-2xl border border-slate-200 p-5">
                <h3 className="font-semibold text-slate-900">The arithmetic</h3>
                <CalculationSteps steps={result.steps} />
              </div>
            </>
          ) : (
            <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
              Fix the highlighted fields to see your numbers.
            </p>
          )}
        </section>
      </div>
    </ToolPage>
  );
}
