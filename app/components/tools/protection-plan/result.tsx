import { Link } from "react-router";
import { CalculationSteps } from "~/components/tool-fields";
import {
  CLAIM_ROUTES,
  GUEST_MISUSE_RULE,
  HOST_PLANS,
  LOST_INCOME_RULE,
  RULES_AS_OF,
} from "~/domain/marketplace-rules";
import type { compareProtectionPlans, RouteOutcome } from "~/domain/protection-plan";
import type { ProtectionPlanQuery } from "~/lib/tools/protection-plan-query";
import { money } from "./common";
import { Stat } from "~/components/stat";

function formatAsOf(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

type Comparison = ReturnType<typeof compareProtectionPlans>;

/** The verdict, the four numbers, the two routes and the lost-income rule. */
export function Result({ result, query }: { result: Comparison; query: ProtectionPlanQuery }) {
  const better = result.routes.find((route) => route.better) ?? result.routes[1];
  const { lostIncome } = result;
  return (
    <div className="grid gap-6">
      <div className="rounded-2xl border-2 border-green-700 bg-green-50 p-5" data-testid="verdict">
        <p className="text-sm font-semibold tracking-wide text-green-800 uppercase">
          Better for you
        </p>
        <p className="mt-1 text-xl font-bold text-slate-900">{better.name}</p>
        <p className="mt-2 text-slate-800">{result.reason}</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:gap-4">
        <Stat
          label="Guest owes at most"
          value={money(result.guestOwesAtMostCents)}
          detail={
            result.misuse
              ? "The full estimate: misuse has no cap"
              : `${result.guestPlan.name} cap: ${money(result.guestPlanCapCents)}`
          }
        />
        <Stat
          label="Your host plan pays"
          value={money(result.hostPlanPaysCents)}
          detail={result.misuse ? "Misuse isn't reimbursed" : "On a managed claim"}
        />
        <Stat
          label="Your deductible"
          value={money(result.hostDeductibleCents)}
          detail={
            result.hostDeductibleAppliedCents < result.hostDeductibleCents
              ? `You bear ${money(result.hostDeductibleAppliedCents)} of it here`
              : `${result.hostPlan.name}`
          }
        />
        <Stat
          label="Lost income"
          value={lostIncome.eligible ? money(lostIncome.payableCents) : "Not eligible"}
          detail={lostIncome.eligible ? "Paid on a managed claim" : "See why below"}
        />
      </dl>

      <div>
        <h3 className="text-lg font-semibold text-slate-900">The two routes side by side</h3>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {result.routes.map((route) => (
            <RouteCard key={route.id} route={route} />
          ))}
        </div>
      </div>

      {result.misuse ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          {GUEST_MISUSE_RULE.summary}
        </p>
      ) : null}

      <LostIncomeRule result={result} query={query} />
    </div>
  );
}

function RouteCard({ route }: { route: RouteOutcome }) {
  const headingId = `route-${route.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`route-${route.id}`}
      className={`flex flex-col rounded-2xl p-5 ${
        route.better ? "border-2 border-green-700 bg-green-50/40" : "border border-slate-200"
      }`}
    >
      {route.better ? (
        <p className="mb-2 inline-flex w-fit items-center gap-1 rounded-full bg-green-700 px-3 py-1 text-xs font-bold text-white">
          <span aria-hidden="true">★</span> Better for you
        </p>
      ) : null}
      <h4 id={headingId} className="font-semibold text-slate-900">
        {route.name}
      </h4>
      <p className="mt-1 text-sm text-slate-600">{CLAIM_ROUTES[route.id].summary}</p>
      <p className="mt-4 text-sm text-slate-700">You receive</p>
      <p className="text-3xl font-bold text-slate-900 tabular-nums">
        {money(route.hostReceivesCents)}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        Left unrecovered:{" "}
        <span className="font-semibold tabular-nums">{money(route.hostUnrecoveredCents)}</span>
      </p>
      <dl className="mt-4 divide-y divide-slate-200 border-y border-slate-200 text-sm">
        {route.lines.map((line) => (
          <div key={line.label} className="flex justify-between gap-3 py-2">
            <dt className="text-slate-700">{line.label}</dt>
            <dd className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
              {line.amountCents < 0 ? `−${money(-line.amountCents)}` : money(line.amountCents + 0)}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {route.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </article>
  );
}

function LostIncomeRule({ result, query }: { result: Comparison; query: ProtectionPlanQuery }) {
  const { lostIncome } = result;
  const eligiblePlans = LOST_INCOME_RULE.eligibleHostPlans.map((id) => HOST_PLANS[id].name);
  return (
    <section
      aria-labelledby="lost-income-heading"
      className="rounded-2xl border border-slate-200 p-5"
    >
      <h3 id="lost-income-heading" className="font-semibold text-slate-900">
        Loss of hosting income
      </h3>
      <p className="mt-2 text-slate-800">
        <strong>{lostIncome.eligible ? "Eligible. " : "Not eligible. "}</strong>
        {lostIncome.reason}
        {query.lostIncomeSource === "none" && lostIncome.eligible
          ? " Enter the labor hours and 60-day earnings to estimate it."
          : null}
      </p>
      <p className="mt-3 text-sm text-slate-700">
        The rule: one day for every {LOST_INCOME_RULE.laborHoursPerDay} labor hours on the repair
        estimate (rounded up), plus the weekends the car spends in the shop (the repair is assumed
        to start on a Monday), paid at the car&apos;s average daily earnings over the last{" "}
        {LOST_INCOME_RULE.averagingWindowDays} days. Only on the {eligiblePlans.join(", ")}, and
        only if you decline the replacement-vehicle reimbursement.{" "}
        <a
          href={LOST_INCOME_RULE.source.url ?? undefined}
          className="text-brand-700 underline"
          rel="noopener noreferrer"
          target="_blank"
        >
          Source: {LOST_INCOME_RULE.source.topic}
        </a>
      </p>
      <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
        <strong>As of {formatAsOf(RULES_AS_OF)}:</strong> {LOST_INCOME_RULE.caveat}
      </p>
      {query.lostIncomeEstimate ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">Your lost income by the formula</h4>
          <CalculationSteps steps={query.lostIncomeEstimate.steps} />
        </div>
      ) : null}
      <p className="mt-4 text-sm text-slate-700">
        Price the damage first:{" "}
        <Link to="/damage-estimates" className="text-brand-700 underline">
          get a line-by-line repair estimate
        </Link>{" "}
        with labor hours you can use here.
      </p>
    </section>
  );
}
