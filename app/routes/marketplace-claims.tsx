import { useEffect, useState } from "react";
import type { Route } from "./+types/marketplace-claims";
import { StaticHtml } from "~/components/static-html";
import { ToolPage } from "~/components/tool-page";
import {
  escalate,
  estimate,
  name,
  report,
  tolls,
} from "~/components/tools/marketplace-claims/common";
import {
  DeadlineList,
  DeadlineSummary,
  RulesAtAGlance,
} from "~/components/tools/marketplace-claims/deadlines";
import { EvidenceThatWins, HowClaimsWork } from "~/components/tools/marketplace-claims/guide";
import { TripEndForm } from "~/components/tools/marketplace-claims/trip-end-form";
import { claimsPath } from "~/config/marketplace";
import { computeClaimDeadlines, deadlinesAt } from "~/domain/claim-deadlines";
import { RULE_SOURCES, RULES_AS_OF } from "~/domain/marketplace-rules";
import { useLiveParams } from "~/lib/tools/live-form";
import { useLiveLoaderData } from "~/lib/tools/live-loader";
import { pageMeta } from "~/lib/ui/meta";
import { staticHtml } from "~/lib/ui/static-html.server";
import { toolLoaderData } from "~/lib/tools/tool-page.server";
import { parseClaimsQuery } from "~/lib/tools/marketplace-claims-query";

const FEATURE = "marketplace_claims_deadlines";

// Sent by the loader: the sources are text the page shows, not code it runs.
const SOURCES = [
  RULE_SOURCES.reportingDamage,
  RULE_SOURCES.tripPhotos,
  RULE_SOURCES.resolvingIndependently,
  RULE_SOURCES.damageClaims,
  RULE_SOURCES.reimbursements,
  RULE_SOURCES.priorDamage,
];

/**
 * The deadlines are worked out here, for the page's URL and for the live values the browser sends
 * as the host types (`useLiveLoaderData`): the time-zone arithmetic doesn't download with the
 * page, and the browser only counts down to the instants it got.
 */
export function loader({ request }: Route.LoaderArgs) {
  // `now` travels with the page so the server render and the first browser render agree.
  const now = Date.now();
  const query = parseClaimsQuery(new URL(request.url).searchParams);
  const valid = Object.keys(query.errors).length === 0;
  const result = query.input && valid ? computeClaimDeadlines(query.input, now) : null;
  return toolLoaderData(request, FEATURE, () => valid, {
    now,
    query,
    deadlines: result?.ok ? result.value : null,
    rulesAsOf: RULES_AS_OF,
    sources: SOURCES,
    // The guide below the tool has nothing to do in the browser: it comes as markup.
    guideHtml: staticHtml(
      <>
        <HowClaimsWork />
        <EvidenceThatWins />
      </>,
    ),
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: `${name} Damage Claims: Deadlines, Evidence and How to Win`,
    description: `How a ${name} damage claim works, every deadline from trip end (24 hours to report, 72 hours for an estimate, 20 days to escalate, 90 days for tolls) in your own time zone with the time left, and the evidence that wins.`,
    path: claimsPath,
    origin: data?.origin ?? "http://localhost:3000",
  });

/** The current time: the server's on the first render, then the browser's, every 30 seconds. */
function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export default function MarketplaceClaims({ loaderData }: Route.ComponentProps) {
  const { params, onChange } = useLiveParams(FEATURE);
  const live = useLiveLoaderData(loaderData, params);
  const { values, errors, input } = live.query;
  const now = useNow(loaderData.now);
  const deadlines = live.deadlines ? deadlinesAt(live.deadlines, now) : null;

  return (
    <ToolPage
      eyebrow="Claims guide"
      title={`${name} Damage Claims: Deadlines, Evidence and How to Win`}
      intro={
        <>
          A {name} damage claim is won or lost on time and evidence. Report within {report} of trip
          end, get an estimate within {estimate}, escalate within {escalate}, and send tolls within{" "}
          {tolls}. Enter when the trip ended to see every deadline in your own time and how long you
          have left.
        </>
      }
      rulesAsOf={loaderData.rulesAsOf}
      sources={loaderData.sources}
    >
      <section aria-labelledby="calculator-heading" className="mt-8">
        <h2 id="calculator-heading" className="text-2xl font-bold text-slate-900">
          Your claim deadlines
        </h2>
        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <TripEndForm values={values} errors={errors} deadlines={deadlines} onChange={onChange} />

          <section aria-labelledby="deadlines-result">
            <h3 id="deadlines-result" className="sr-only">
              Deadlines
            </h3>
            {/* Only the summary is live: the countdowns below change every 30 seconds. */}
            <div aria-live="polite">
              {deadlines ? (
                <DeadlineSummary deadlines={deadlines} />
              ) : input ? (
                <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
                  Fix the highlighted {Object.keys(errors).length === 1 ? "field" : "fields"} to see
                  your deadlines.
                </p>
              ) : null}
            </div>
            {deadlines ? <DeadlineList deadlines={deadlines} /> : input ? null : <RulesAtAGlance />}
          </section>
        </div>
      </section>

      <StaticHtml html={loaderData.guideHtml} />
    </ToolPage>
  );
}
