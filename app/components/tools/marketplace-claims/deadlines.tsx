import type { ClaimDeadlines, ComputedDeadline } from "~/domain/claim-deadlines";
import { CLAIM_DEADLINE_RULES, describeDuration } from "~/domain/marketplace-rules";
import { SourceLink } from "./common";

export function DeadlineSummary({ deadlines }: { deadlines: ClaimDeadlines }) {
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

export function DeadlineList({ deadlines }: { deadlines: ClaimDeadlines }) {
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

export function RulesAtAGlance() {
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
