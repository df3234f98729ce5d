import type { Route } from "./+types/marketplace-protection-plan";
import { ToolPage } from "~/components/tool-page";
import { PlanForm } from "~/components/tools/protection-plan/plan-form";
import { Result } from "~/components/tools/protection-plan/result";
import { marketplace, protectionPlanPath } from "~/config/marketplace";
import { RULE_SOURCES, RULES_AS_OF } from "~/domain/marketplace-rules";
import { compareProtectionPlans } from "~/domain/protection-plan";
import { useLiveParams } from "~/lib/tools/live-form";
import { useLiveLoaderData } from "~/lib/tools/live-loader";
import { pageMeta } from "~/lib/ui/meta";
import { parseProtectionPlanQuery } from "~/lib/tools/protection-plan-query";
import { toolLoaderData } from "~/lib/tools/tool-page.server";

const FEATURE = "protection_plan_checker";

/**
 * The answer is worked out here, for the page's URL and for the live values the browser sends as
 * the host types (`useLiveLoaderData`), so the calculation doesn't download with the page.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = parseProtectionPlanQuery(new URL(request.url).searchParams);
  const result = query.input ? compareProtectionPlans(query.input) : null;
  return toolLoaderData(request, FEATURE, () => query.input !== null, {
    rulesAsOf: RULES_AS_OF,
    sources: SOURCES,
    query,
    result,
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: `Check a ${marketplace.name} Guest's Protection Plan`,
    description: `Guest plan × your host plan × the repair estimate: what the guest owes at most, what your plan pays, your deductible, lost income, and whether a ${marketplace.name}-managed claim or resolving directly gets you more.`,
    path: protectionPlanPath,
    origin: data?.origin ?? "http://localhost:3000",
  });

// Sent by the loader: the sources are text the page shows, not code it runs.
const SOURCES = [
  RULE_SOURCES.damageClaims,
  RULE_SOURCES.hostPlans,
  RULE_SOURCES.resolvingIndependently,
  RULE_SOURCES.lostIncome,
  RULE_SOURCES.wearAndTear,
];

export default function ProtectionPlanChecker({ loaderData }: Route.ComponentProps) {
  const { params, onChange } = useLiveParams(FEATURE);
  const { query, result } = useLiveLoaderData(loaderData, params);
  const { values, errors } = query;

  return (
    <ToolPage
      title="Check Guest's Protection Plan"
      intro={
        <>
          Pick the guest&apos;s protection plan and your host plan, enter the repair estimate, and
          see what the guest owes at most, what your plan pays, your deductible, and whether a{" "}
          {marketplace.name}-managed claim or resolving directly with the guest gets you more.
        </>
      }
      rulesAsOf={loaderData.rulesAsOf}
      sources={loaderData.sources}
    >
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <PlanForm values={values} errors={errors} onChange={onChange} />

        <section aria-labelledby="pp-result" aria-live="polite" className="min-w-0">
          <h2 id="pp-result" className="sr-only">
            Result
          </h2>
          {result ? (
            <Result result={result} query={query} />
          ) : (
            <div role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
              <p className="font-semibold">Fix the highlighted fields to see your answer:</p>
              <ul className="mt-2 list-disc pl-5">
                {Object.entries(errors).map(([field, message]) => (
                  <li key={field}>{message}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </ToolPage>
  );
}
