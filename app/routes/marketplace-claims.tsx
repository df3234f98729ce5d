import { useEffect, useState } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/marketplace-claims";
import { ToolPage } from "~/components/tool-page";
import { claimsPath, marketplace } from "~/config/marketplace";
import {
  computeClaimDeadlines,
  type ClaimDeadlines,
  type ComputedDeadline,
} from "~/domain/claim-deadlines";
import {
  CLAIM_DEADLINE_RULES,
  CLAIM_ROUTES,
  claimDeadlineRule,
  describeDuration,
  FEES,
  PRIOR_DAMAGE_RULE,
  REIMBURSEMENT_RULE,
  RULE_SOURCES,
  RULES_AS_OF,
  TRIP_PHOTO_RULE,
  type RuleSource,
} from "~/domain/marketplace-rules";
import { formatCents } from "~/domain/money";
import { listTimeZones } from "~/domain/zoned-time";
import { useLiveParams } from "~/lib/tools/live-form";
import { pageMeta } from "~/lib/ui/meta";
import { toolLoaderData } from "~/lib/tools/tool-page.server";
import { useHydrated } from "~/lib/ui/use-hydrated";
import {
  OTHER_TIME_ZONE,
  parseClaimsQuery,
  US_TIME_ZONES,
} from "~/lib/tools/marketplace-claims-query";

const FEATURE = "marketplace_claims_deadlines";
const name = marketplace.name;

const SOURCES = [
  RULE_SOURCES.reportingDamage,
  RULE_SOURCES.tripPhotos,
  RULE_SOURCES.resolvingIndependently,
  RULE_SOURCES.damageClaims,
  RULE_SOURCES.reimbursements,
  RULE_SOURCES.priorDamage,
];

export function loader({ request }: Route.LoaderArgs) {
  return toolLoaderData(
    request,
    FEATURE,
    (params) => Object.keys(parseClaimsQuery(params).errors).length === 0,
    // `now` travels with the page so the server render and the first browser render agree.
    { now: Date.now() },
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: `${name} Damage Claims: Deadlines, Evidence and How to Win`,
    description: `How a ${name} damage claim works, every deadline from trip end (24 hours to report, 72 hours for an estimate, 20 days to escalate, 90 days for tolls) in your own time zone with the time left, and the evidence that wins.`,
    path: claimsPath,
    origin: data?.origin ?? "http://localhost:3000",
  });

const report = describeDuration(claimDeadlineRule("report-damage").duration);
const estimate = describeDuration(claimDeadlineRule("repair-estimate").duration);
const escalate = describeDuration(claimDeadlineRule("escalate").duration);
const tolls = describeDuration(claimDeadlineRule("toll-reimbursement").duration);
const fee = (cents: number) => formatCents(cents, { trimWholeDollars: true });

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
  const { values, errors, input } = parseClaimsQuery(params);
  const now = useNow(loaderData.now);
  const result =
    input && Object.keys(errors).length === 0 ? computeClaimDeadlines(input, now) : null;
  const deadlines = result?.ok ? result.value : null;
  const hydrated = useHydrated();

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
      rulesAsOf={RULES_AS_OF}
      sources={SOURCES}
    >
      <section aria-labelledby="calculator-heading" className="mt-8">
        <h2 id="calculator-heading" className="text-2xl font-bold text-slate-900">
          Your claim deadlines
        </h2>
        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Form
            method="get"
            onChange={onChange}
            className="self-start rounded-2xl border border-slate-200 p-5 sm:p-6"
            aria-label="When the trip ended"
          >
            <h3 className="text-lg font-semibold text-slate-900">When did the trip end?</h3>
            <p className="mt-1 text-sm text-slate-600">
              Use the scheduled end, or the actual return time if the car came back late.
            </p>
            <div className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              <InputField
                id="date"
                label="Trip-end date"
                type="date"
                defaultValue={values.date}
                error={errors.date}
              />
              <InputField
                id="time"
                label="Trip-end time"
                type="time"
                defaultValue={values.time}
                error={errors.time}
              />
            </div>
            <div className="mt-4">
              <label htmlFor="tz" className="label">
                Your time zone
              </label>
              <select
                id="tz"
                name="tz"
                defaultValue={values.tz}
                // Chrome matches a <select> as :read-only; keep it white like the other fields.
                className="input"
                aria-invalid={errors.tz ? true : undefined}
                aria-describedby={errors.tz ? "tz-error" : undefined}
              >
                {US_TIME_ZONES.map((zone) => (
                  <option key={zone.id} value={zone.id}>
                    {zone.label}
                  </option>
                ))}
                <option value={OTHER_TIME_ZONE}>Another time zone (type it below)</option>
              </select>
              {errors.tz ? (
                <p id="tz-error" className="field-error" role="alert">
                  {errors.tz}
                </p>
              ) : null}
            </div>
            <div className="mt-4">
              <label htmlFor="tzOther" className="label">
                Another time zone (IANA name)
              </label>
              <input
                id="tzOther"
                name="tzOther"
                type="text"
                defaultValue={values.tzOther}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. Europe/London"
                list={hydrated ? "time-zone-names" : undefined}
                className="input"
                aria-invalid={errors.tzOther ? true : undefined}
                aria-describedby={`tzOther-hint${errors.tzOther ? " tzOther-error" : ""}`}
              />
              {hydrated ? <TimeZoneList /> : null}
              <p id="tzOther-hint" className="mt-1 text-sm text-slate-600">
                Used when you choose &ldquo;Another time zone&rdquo; above.
              </p>
              {errors.tzOther ? (
                <p id="tzOther-error" className="field-error" role="alert">
                  {errors.tzOther}
                </p>
              ) : null}
            </div>
            {deadlines?.tripEnd.repeatedTime ? (
              <fieldset className="mt-4">
                <legend className="label">That time happened twice. Which one?</legend>
                <div className="flex flex-wrap gap-4">
                  {(["earlier", "later"] as const).map((choice) => (
                    <label key={choice} className="flex items-center gap-2 text-slate-800">
                      <input
                        type="radio"
                        name="repeated"
                        value={choice}
                        defaultChecked={values.repeated === choice}
                        className="size-4 accent-brand-600"
                      />
                      {choice === "earlier" ? "The first (earlier deadlines)" : "The second"}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <button type="submit" className="btn-primary mt-6 w-full">
              Show my deadlines
            </button>
          </Form>

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

      <HowClaimsWork />
      <EvidenceThatWins />
    </ToolPage>
  );
}

/** Every zone the browser knows, offered as suggestions (rendered after hydration only). */
function TimeZoneList() {
  const [zones] = useState(() => {
    try {
      return listTimeZones();
    } catch {
      return [];
    }
  });
  return (
    <datalist id="time-zone-names">
      {zones.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
}

function InputField({
  id,
  label,
  type,
  defaultValue,
  error,
}: {
  id: string;
  label: string;
  type: "date" | "time";
  defaultValue: string;
  error: string | undefined;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        defaultValue={defaultValue}
        required
        className="input min-w-0"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function DeadlineSummary({ deadlines }: { deadlines: ClaimDeadlines }) {
  const { next } = deadlines;
  return (
    <div className="rounded-2xl bg-slate-50 p-4">
      <p className="text-slate-800">
        Trip ended{" "}
        <time dateTime={deadlines.tripEnd.atUtc} className="font-semibold">
          {deadlines.tripEnd.local.text}
        </time>{" "}
        <span className="text-slate-600">({deadlines.timeZone})</span>
      </p>
      {deadlines.tripEnd.note ? (
        <p className="mt-1 text-sm text-slate-700">{deadlines.tripEnd.note}</p>
      ) : null}
      <p className="mt-2 font-semibold text-slate-900" data-testid="next-deadline">
        {next
          ? `Next: ${deadlines.deadlines
              .filter((deadline) => deadline.dueAtMs === next.dueAtMs)
              .map((deadline) => deadline.label)
              .join(" and ")} by ${next.dueLocal.text}.`
          : "Every deadline for this trip has passed."}
      </p>
    </div>
  );
}

function DeadlineList({ deadlines }: { deadlines: ClaimDeadlines }) {
  return (
    <>
      <ol className="mt-4 space-y-3">
        {deadlines.deadlines.map((deadline) => (
          <DeadlineCard
            key={deadline.id}
            deadline={deadline}
            // Deadlines that fall due together (report damage, post-trip photos) are both next.
            isNext={deadline.dueAtMs === deadlines.next?.dueAtMs}
          />
        ))}
      </ol>
      <p className="mt-3 text-sm text-slate-600">
        Times are shown in {deadlines.timeZone}. Hour deadlines count real hours; day deadlines
        count calendar days at the same local time.
      </p>
    </>
  );
}

function DeadlineCard({ deadline, isNext }: { deadline: ComputedDeadline; isNext: boolean }) {
  const passed = deadline.timeLeft.status === "passed";
  const tone = isNext
    ? "border-brand-500 bg-brand-50 ring-2 ring-brand-200"
    : passed
      ? "border-slate-200 bg-slate-50"
      : "border-slate-200";
  return (
    <li
      data-deadline={deadline.id}
      aria-current={isNext ? "step" : undefined}
      className={`rounded-2xl border p-4 ${tone}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold text-slate-900">{deadline.label}</h4>
        {isNext ? (
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
            Next deadline
          </span>
        ) : passed ? (
          <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
            Passed
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-lg font-semibold text-slate-900">
        <time dateTime={deadline.dueAtUtc} data-testid="deadline-local">
          {deadline.dueLocal.text}
        </time>
      </p>
      <p
        data-testid="time-left"
        className={`text-sm font-semibold ${passed ? "text-red-700" : "text-green-800"}`}
      >
        {deadline.timeLeft.text.charAt(0).toUpperCase() + deadline.timeLeft.text.slice(1)}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {deadline.rule.description}{" "}
        {deadline.rule.duration.unit === "calendar-days" ? (
          <span className="text-slate-600">(Counted as {deadline.measuredAs}.)</span>
        ) : null}
      </p>
      {deadline.rule.caveat ? (
        <p className="mt-1 text-sm text-slate-600">Note: {deadline.rule.caveat}</p>
      ) : null}
      <SourceLink source={deadline.rule.source} />
    </li>
  );
}

function RulesAtAGlance() {
  return (
    <div className="rounded-2xl border border-slate-200 p-5">
      <p className="text-slate-800">
        Enter the trip-end date and time to see each deadline in your time zone and how long is
        left. The deadlines, counted from trip end:
      </p>
      <ul className="mt-3 divide-y divide-slate-100">
        {CLAIM_DEADLINE_RULES.map((rule) => (
          <li key={rule.id} className="grid gap-1 py-3 sm:grid-cols-[9rem_1fr] sm:gap-4">
            <p className="font-semibold text-slate-900">{describeDuration(rule.duration)}</p>
            <div>
              <p className="font-medium text-slate-900">{rule.label}</p>
              <p className="text-sm text-slate-600">{rule.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function SourceLink({ source }: { source: RuleSource }) {
  if (!source.url) return null;
  return (
    <p className="mt-1 text-sm">
      <a
        href={source.url}
        className="text-brand-700 underline"
        rel="noopener noreferrer"
        target="_blank"
      >
        Source: {source.topic}
      </a>
    </p>
  );
}

function HowClaimsWork() {
  const routes = [CLAIM_ROUTES["resolve-directly"], CLAIM_ROUTES["marketplace-managed"]];
  const steps = [
    `Take post-trip photos in the ${name} app within ${TRIP_PHOTO_RULE.postTripMaxHoursAfterEnd} hours of trip end, matching your pre-trip set.`,
    `Report the damage in ${name}'s claims center within ${report} of trip end (or of the guest telling you, if that came first).`,
    `Choose a route: settle it with the guest, or have ${name} manage it.`,
    `Send a repair estimate within ${estimate}; if you and the guest can't agree, either of you can escalate within ${escalate}.`,
    `Invoice tolls and other incidentals as reimbursement requests (tolls within ${tolls}); the guest has ${REIMBURSEMENT_RULE.guestDisputeWindowHours} hours to dispute each one.`,
  ];
  return (
    <section aria-labelledby="how-heading" className="mt-14">
      <h2 id="how-heading" className="text-2xl font-bold text-slate-900">
        How a damage claim works on {name}
      </h2>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {steps.map((step, index) => (
          <li key={step} className="rounded-2xl border border-slate-200 p-4">
            <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
            <p className="mt-1 text-sm text-slate-700">{step}</p>
          </li>
        ))}
      </ol>
      <h3 className="mt-8 text-lg font-semibold text-slate-900">The two routes</h3>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {routes.map((route) => (
          <article key={route.id} className="rounded-2xl border border-slate-200 p-5">
            <h4 className="font-semibold text-slate-900">{route.name}</h4>
            <p className="mt-2 text-sm text-slate-700">{route.summary}</p>
            <SourceLink source={route.source} />
          </article>
        ))}
      </div>
    </section>
  );
}

function EvidenceThatWins() {
  const items: Array<{ title: string; text: string; source?: RuleSource }> = [
    {
      title: "Pre- and post-trip photos, on time",
      text: `Pre-trip photos taken within ${TRIP_PHOTO_RULE.preTripMaxHoursBeforeStart} hours before the trip starts and post-trip photos within ${TRIP_PHOTO_RULE.postTripMaxHoursAfterEnd} hours after it ends, in the ${name} app: all four sides, every wheel, the interior, the fuel or charge level and the odometer.`,
      source: TRIP_PHOTO_RULE.source,
    },
    {
      title: "Missing photos lose the claim",
      text: `Without the required trip photos the claim is denied and you are charged a ${fee(FEES.missingPhotos.feeCents)} fee.`,
      source: FEES.missingPhotos.source,
    },
    {
      title: "Timestamps and originals",
      text: "Keep the original files: their capture time and place show the damage appeared during the trip. Take a wide shot for position and a close-up for size, in good light.",
    },
    {
      title: "A repair estimate with line items",
      text: "Each damaged part with its operation (repair, replace, refinish), labor hours × rate, parts and paint materials. An itemized estimate is hard to argue with; a lump sum invites a lower offer.",
    },
    {
      title: "Receipts for everything else",
      text: `Toll statements, fuel, cleaning and smoking-odor receipts, sent as reimbursement requests with photos attached. Invoices that misuse the tool cost the host ${fee(FEES.reimbursementMisuse.feeCents)} each.`,
      source: REIMBURSEMENT_RULE.source,
    },
    {
      title: "A record of earlier damage",
      text: `${PRIOR_DAMAGE_RULE.summary} Dated photos and estimates of old damage keep a new claim from being discounted.`,
      source: PRIOR_DAMAGE_RULE.source,
    },
    {
      title: `Messages inside the ${name} app`,
      text: `The conversation in ${name}'s messaging is the record its claims team reads. Stick to facts and evidence; don't discuss fault by phone or text.`,
    },
  ];
  return (
    <section aria-labelledby="evidence-heading" className="mt-14">
      <h2 id="evidence-heading" className="text-2xl font-bold text-slate-900">
        What evidence wins
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.title} className="rounded-2xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-2 text-sm text-slate-700">{item.text}</p>
            {item.source ? <SourceLink source={item.source} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
