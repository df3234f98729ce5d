import { data, Form, Link } from "react-router";
import type { Route } from "./+types/marketplace-protection-plan";
import { CalculationSteps, ToolField } from "~/components/tool-fields";
import { ToolPage } from "~/components/tool-page";
import { marketplace, protectionPlanPath } from "~/config/marketplace";
import {
  CLAIM_ROUTES,
  GUEST_MISUSE_RULE,
  GUEST_PLAN_IDS,
  GUEST_PLANS,
  HOST_PLAN_COMMON,
  HOST_PLAN_IDS,
  HOST_PLANS,
  LOST_INCOME_RULE,
  RULE_SOURCES,
  RULES_AS_OF,
  type HostPlanRule,
} from "~/domain/marketplace-rules";
import { formatCents } from "~/domain/money";
import { compareProtectionPlans, type RouteOutcome } from "~/domain/protection-plan";
import { env } from "~/lib/runtime/env.server";
import { useLiveParams } from "~/lib/tools/live-form";
import { pageMeta } from "~/lib/ui/meta";
import {
  parseProtectionPlanQuery,
  PP_PARAMS,
  type ProtectionPlanQuery,
} from "~/lib/tools/protection-plan-query";
import { recordToolUsage } from "~/lib/tools/tool-usage.server";

const FEATURE = "protection_plan_checker";

const money = (cents: number) => formatCents(cents, { trimWholeDollars: true });

function formatAsOf(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export function loader({ request }: Route.LoaderArgs) {
  recordToolUsage(request, FEATURE);
  const { input } = parseProtectionPlanQuery(new URL(request.url).searchParams);
  return data({ origin: new URL(env().PUBLIC_URL).origin }, { status: input ? 200 : 400 });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: `Check a ${marketplace.name} Guest's Protection Plan`,
    description: `Guest plan × your host plan × the repair estimate: what the guest owes at most, what your plan pays, your deductible, lost income, and whether a ${marketplace.name}-managed claim or resolving directly gets you more.`,
    path: protectionPlanPath,
    origin: data?.origin ?? "http://localhost:3000",
  });

const SOURCES = [
  RULE_SOURCES.damageClaims,
  RULE_SOURCES.hostPlans,
  RULE_SOURCES.resolvingIndependently,
  RULE_SOURCES.lostIncome,
  RULE_SOURCES.wearAndTear,
];

function hostPlanExtras(plan: HostPlanRule): string {
  const extras: string[] = [];
  if (plan.lostHostingIncome) extras.push("lost income");
  if (plan.replacementVehicle) {
    extras.push(`${money(plan.replacementVehicle.dailyCents)}/day replacement car`);
  }
  return extras.length > 0 ? `; ${extras.join(" or ")}` : "";
}

export default function ProtectionPlanChecker() {
  const { params, onChange } = useLiveParams(FEATURE);
  const query = parseProtectionPlanQuery(params);
  const { values, errors, input } = query;
  const result = input ? compareProtectionPlans(input) : null;

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
      rulesAsOf={RULES_AS_OF}
      sources={SOURCES}
    >
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Form
          method="get"
          onChange={onChange}
          className="rounded-2xl border border-slate-200 p-5 sm:p-6"
          aria-label="Plans and damage"
        >
          <h2 className="text-lg font-semibold text-slate-900">Plans and damage</h2>
          <p className="mt-1 text-sm text-slate-600">
            Prefilled with an example. Change it to your claim.
          </p>

          <div className="mt-5 grid gap-6">
            <RadioGroup
              name={PP_PARAMS.guest}
              legend="Guest's protection plan"
              value={values.guest}
              error={errors.guest}
              options={GUEST_PLAN_IDS.map((id) => ({
                value: id,
                label: GUEST_PLANS[id].name,
                detail:
                  GUEST_PLANS[id].maxOutOfPocketCents === 0
                    ? "Owes nothing for eligible damage"
                    : `Owes up to ${money(GUEST_PLANS[id].maxOutOfPocketCents)}`,
              }))}
            />
            <RadioGroup
              name={PP_PARAMS.host}
              legend="Your host protection plan"
              value={values.host}
              error={errors.host}
              options={HOST_PLAN_IDS.map((id) => ({
                value: String(id),
                label: HOST_PLANS[id].name,
                detail: `${money(HOST_PLANS[id].deductibleCents)} deductible${hostPlanExtras(HOST_PLANS[id])}`,
              }))}
            />

            <ToolField
              id={PP_PARAMS.estimate}
              label="Repair estimate"
              kind="money"
              defaultValue={values.estimate}
              error={errors.estimate}
              min={0}
              required
            />
            <ToolField
              id={PP_PARAMS.acv}
              label="Car's actual cash value (optional)"
              kind="money"
              defaultValue={values.acv}
              error={errors.acv}
              min={0}
              hint={`Host plans never pay more than this or ${money(HOST_PLAN_COMMON.physicalDamageCapCents)}.`}
            />

            <fieldset className="grid gap-3">
              <legend className="label">Damage from misuse</legend>
              <Checkbox
                name={PP_PARAMS.interior}
                checked={values.interior}
                label="Interior damage from misuse"
                detail="Tears, burns, stains, gouges inside the car"
              />
              <Checkbox
                name={PP_PARAMS.mechanical}
                checked={values.mechanical}
                label="Mechanical damage from misuse"
                detail="From negligence or improper driving"
              />
            </fieldset>

            <div className="rounded-xl bg-slate-50 p-4">
              <fieldset className="grid gap-4">
                <legend className="mb-3 text-sm font-semibold text-slate-900">
                  Lost hosting income (optional)
                </legend>
                <ToolField
                  id={PP_PARAMS.lostIncome}
                  label="Lost income you're claiming"
                  kind="money"
                  defaultValue={values.lostIncome}
                  error={errors.lostIncome}
                  min={0}
                />
                <p className="text-sm text-slate-700">
                  Or calculate it by {marketplace.name}&apos;s formula (used instead of the amount
                  above):
                </p>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                  <ToolField
                    id={PP_PARAMS.hours}
                    label="Labor hours on the estimate"
                    kind="number"
                    defaultValue={values.hours}
                    error={errors.hours}
                    min={0}
                  />
                  <ToolField
                    id={PP_PARAMS.earnings}
                    label="Car's earnings, last 60 days"
                    kind="money"
                    defaultValue={values.earnings60}
                    error={errors.earnings60}
                    min={0}
                  />
                </div>
                <Checkbox
                  name={PP_PARAMS.replacement}
                  checked={values.replacement}
                  label="I'm taking the replacement-vehicle reimbursement instead"
                  detail="Lost income is only paid if you decline it"
                />
              </fieldset>
            </div>
          </div>
          <button type="submit" className="btn-primary mt-6 w-full">
            Compare the routes
          </button>
        </Form>

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

type Comparison = ReturnType<typeof compareProtectionPlans>;

function Result({ result, query }: { result: Comparison; query: ProtectionPlanQuery }) {
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

function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="min-w-0 rounded-2xl border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold break-words sm:text-2xl text-slate-900 tabular-nums">
        {value}
      </dd>
      <dd className="mt-1 text-xs text-slate-600">{detail}</dd>
    </div>
  );
}

function RadioGroup({
  name,
  legend,
  value,
  error,
  options,
}: {
  name: string;
  legend: string;
  value: string;
  error?: string;
  options: Array<{ value: string; label: string; detail: string }>;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="label">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 has-checked:border-brand-500 has-checked:bg-brand-50"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={value === option.value}
                aria-invalid={error ? true : undefined}
                className="mt-1 size-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-slate-900">{option.label}</span>
                <span className="block text-sm text-slate-600">{option.detail}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Checkbox({
  name,
  checked,
  label,
  detail,
}: {
  name: string;
  checked: boolean;
  label: string;
  detail: string;
}) {
  const id = `${name}-check`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        value="on"
        defaultChecked={checked}
        aria-describedby={`${id}-detail`}
        className="mt-1 size-4 shrink-0 accent-brand-600"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-detail`} className="text-sm text-slate-600">
          {detail}
        </p>
      </div>
    </div>
  );
}
