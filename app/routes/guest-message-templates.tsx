import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/guest-message-templates";
import { ToolField } from "~/components/tool-fields";
import { ToolPage } from "~/components/tool-page";
import { marketplace } from "~/config/marketplace";
import {
  fillTemplate,
  missingVariables,
  TEMPLATE_VARIABLES,
  templatesByStage,
  type GuestMessageTemplate,
} from "~/domain/guest-message-templates";
import { RULE_SOURCES, RULES_AS_OF } from "~/domain/marketplace-rules";
import { track } from "~/lib/analytics/start";
import { useLiveParams } from "~/lib/tools/live-form";
import { pageMeta } from "~/lib/ui/meta";
import { toolLoaderData } from "~/lib/tools/tool-page.server";
import { useHydrated } from "~/lib/ui/use-hydrated";
import {
  parseTemplateQuery,
  SMOKING_FEE_CHOICES,
  smokingFeeText,
  stageSearch,
  TEMPLATE_FIELDS,
  type TemplateField,
} from "~/lib/tools/guest-message-templates-query";

const FEATURE = "guest_message_templates";
const PATH = "/guest-message-templates";

const SOURCES = [
  RULE_SOURCES.reportingDamage,
  RULE_SOURCES.resolvingIndependently,
  RULE_SOURCES.tripPhotos,
  RULE_SOURCES.reimbursements,
  RULE_SOURCES.smoking,
  RULE_SOURCES.lateReturn,
];

export function loader({ request }: Route.LoaderArgs) {
  return toolLoaderData(request, FEATURE, (params) => parseTemplateQuery(params).valid);
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: `Guest Message Templates for ${marketplace.name} Hosts`,
    description: `Copy-ready messages for every stage of a ${marketplace.name} trip: booking, pickup, curb caution, return reminders, late returns, reviews, damage, tolls, smoking and cleaning. Fill in the trip once and every template updates.`,
    path: PATH,
    origin: data?.origin ?? "http://localhost:3000",
  });

const GROUPS = templatesByStage();
const COMMON_FIELDS = TEMPLATE_FIELDS.filter((spec) => spec.common);
const DETAIL_FIELDS = TEMPLATE_FIELDS.filter((spec) => !spec.common);

export default function GuestMessageTemplates() {
  const { params, onChange } = useLiveParams(FEATURE);
  const { values, templateValues, errors, stage } = parseTemplateQuery(params);
  // Open the "details" section when the page was opened with any of them filled in (read once,
  // so the section never snaps shut while the host clears a field).
  const [detailsOpen] = useState(() =>
    DETAIL_FIELDS.some((spec) => Boolean(values[spec.param]) || Boolean(errors[spec.param])),
  );
  const groups = stage ? GROUPS.filter((group) => group.stage.id === stage) : GROUPS;
  const shown = groups.flatMap((group) => group.templates);
  const incomplete = shown.filter(
    (template) => missingVariables(template, templateValues).length > 0,
  ).length;
  const fieldErrors = Object.entries(errors).filter(([key]) => key !== "stage");

  return (
    <ToolPage
      title="Guest Message Templates"
      intro={
        <>
          Messages for every stage of a {marketplace.name} trip, from booking to tolls. Fill in the
          guest, car, times and place once and every template updates, ready to copy into the{" "}
          {marketplace.name} app.
        </>
      }
      rulesAsOf={RULES_AS_OF}
      sourcesIntro="Every deadline and fee in these messages comes from our dated rules table, checked against these sources:"
      sources={SOURCES}
    >
      <aside
        aria-labelledby="template-rules-heading"
        className="mt-8 rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-950"
      >
        <h2 id="template-rules-heading" className="font-semibold">
          Two rules every template follows
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          <li>
            <strong>No access codes before the trip is confirmed.</strong> There is no field for
            one: access details go out through the {marketplace.name} app once check-in opens.
          </li>
          <li>
            <strong>Never admit liability.</strong> The messages state facts, attach the evidence
            and point to {marketplace.name}&apos;s process; they never say whose fault something is.
          </li>
        </ul>
        <p className="mt-2 text-sm">
          Deadlines and fees (24-hour damage reports, the 72-hour dispute window, the smoking and
          late-return fees) come from the rules table, dated below with its sources.
        </p>
      </aside>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Form
          method="get"
          onChange={onChange}
          className="self-start rounded-2xl border border-slate-200 p-5 sm:p-6 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
          aria-label="Trip details"
        >
          <h2 className="text-lg font-semibold text-slate-900">Trip details</h2>
          <p className="mt-1 text-sm text-slate-600">
            Fill in what you know; anything left blank shows as a [placeholder] in the messages.
          </p>
          <div className="mt-5 grid gap-4">
            {COMMON_FIELDS.map((spec) => (
              <TemplateInput
                key={spec.param}
                spec={spec}
                value={values[spec.param] ?? ""}
                error={errors[spec.param]}
              />
            ))}
          </div>
          <details className="group mt-6 rounded-xl border border-slate-200" open={detailsOpen}>
            <summary className="cursor-pointer rounded-xl px-4 py-3 font-medium text-slate-900 hover:bg-slate-50">
              Details for return, damage and fee messages
            </summary>
            <div className="grid gap-4 px-4 pb-4">
              {DETAIL_FIELDS.map((spec) => (
                <TemplateInput
                  key={spec.param}
                  spec={spec}
                  value={values[spec.param] ?? ""}
                  error={errors[spec.param]}
                />
              ))}
            </div>
          </details>
          <input type="hidden" name="stage" value={stage ?? ""} />
          <button type="submit" className="btn-primary mt-6 w-full">
            Fill in the templates
          </button>
        </Form>

        <section aria-labelledby="templates-heading">
          <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">
            Templates
          </h2>
          <nav aria-label="Trip stages" className="mt-3">
            <ul className="flex flex-wrap gap-2">
              <li>
                <StageLink to={stageSearch(params, null)} current={stage === null}>
                  All stages
                </StageLink>
              </li>
              {GROUPS.map((group) => (
                <li key={group.stage.id}>
                  <StageLink
                    to={stageSearch(params, group.stage.id)}
                    current={stage === group.stage.id}
                  >
                    {group.stage.label}{" "}
                    <span className="text-slate-600">({group.templates.length})</span>
                  </StageLink>
                </li>
              ))}
            </ul>
          </nav>
          <div aria-live="polite" className="mt-4 space-y-2">
            {errors.stage ? (
              <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
                {errors.stage}
              </p>
            ) : null}
            {fieldErrors.length > 0 ? (
              <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
                Fix the highlighted {fieldErrors.length === 1 ? "field" : "fields"}; until then the
                messages show a placeholder for {fieldErrors.length === 1 ? "it" : "them"}.
              </p>
            ) : null}
            <p className="text-sm text-slate-600">
              {incomplete === 0
                ? `All ${shown.length} messages are filled in.`
                : `${shown.length - incomplete} of ${shown.length} messages are complete; the rest still show [placeholders].`}
            </p>
          </div>

          {groups.map((group) => (
            <section
              key={group.stage.id}
              aria-labelledby={`stage-${group.stage.id}`}
              className="mt-8"
            >
              <h3
                id={`stage-${group.stage.id}`}
                className="text-base font-semibold tracking-wide text-brand-700 uppercase"
              >
                {group.stage.label}
              </h3>
              <div className="mt-3 space-y-4">
                {group.templates.map((template) => (
                  <TemplateCard
                    key={template.id}
                    template={template}
                    text={fillTemplate(template, templateValues)}
                    missing={missingVariables(template, templateValues).map(
                      (key) => TEMPLATE_VARIABLES[key].label,
                    )}
                  />
                ))}
              </div>
            </section>
          ))}
        </section>
      </div>
    </ToolPage>
  );
}

function StageLink({
  to,
  current,
  children,
}: {
  to: string;
  current: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={`${PATH}${to}`}
      preventScrollReset
      aria-current={current ? "page" : undefined}
      className={`inline-flex min-h-10 items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium ${
        current
          ? "border-brand-600 bg-brand-600 text-white [&_span]:text-white"
          : "border-slate-300 text-slate-800 hover:bg-slate-50"
      }`}
    >
      {children}
    </Link>
  );
}

function TemplateInput({
  spec,
  value,
  error,
}: {
  spec: TemplateField;
  value: string;
  error: string | undefined;
}) {
  if (spec.kind === "money") {
    return (
      <ToolField
        id={spec.param}
        label={spec.label}
        kind="money"
        defaultValue={value}
        error={error}
        hint={`For example ${spec.example.replace(/^\$/, "")}`}
      />
    );
  }
  const errorId = `${spec.param}-error`;
  const common = {
    id: spec.param,
    name: spec.param,
    defaultValue: value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: "input",
  } as const;
  return (
    <div>
      <label htmlFor={spec.param} className="label">
        {spec.label}
      </label>
      {spec.kind === "smoking" ? (
        // Chrome matches a <select> as :read-only; keep it white like the other fields.
        <select {...common} className="input">
          <option value="">Choose the fee</option>
          {SMOKING_FEE_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {smokingFeeText(choice)}
            </option>
          ))}
        </select>
      ) : spec.kind === "datetime" ? (
        <input {...common} type="datetime-local" />
      ) : (
        <input
          {...common}
          type="text"
          maxLength={spec.maxLength}
          placeholder={`e.g. ${spec.example}`}
          autoComplete="off"
        />
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TemplateCard({
  template,
  text,
  missing,
}: {
  template: GuestMessageTemplate;
  text: string;
  missing: string[];
}) {
  const titleId = `template-${template.id}`;
  return (
    <article
      aria-labelledby={titleId}
      id={template.id}
      className="rounded-2xl border border-slate-200 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={titleId} className="font-semibold text-slate-900">
            {template.title}
          </h4>
          <p className="mt-0.5 text-sm text-slate-600">{template.whenToSend}</p>
        </div>
        <CopyButton text={text} title={template.title} templateId={template.id} />
      </div>
      <pre
        data-template={template.id}
        className="mt-3 rounded-xl bg-slate-50 p-4 font-sans text-sm leading-6 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]"
      >
        {text}
      </pre>
      {missing.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium">Still to fill in:</span> {missing.join(", ")}
        </p>
      ) : null}
    </article>
  );
}

/** Copies a message (JavaScript only); without JavaScript the text above is plainly selectable. */
function CopyButton({
  text,
  title,
  templateId,
}: {
  text: string;
  title: string;
  templateId: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!hydrated) return null;

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
      track("feature_usage", { feature: FEATURE, action: `copy:${templateId}` });
    } catch {
      // No clipboard access (permissions, an old browser): select the text for a manual copy.
      const block = document.querySelector(`[data-template="${templateId}"]`);
      const selection = window.getSelection();
      if (block && selection) {
        const range = document.createRange();
        range.selectNodeContents(block);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setState("select");
    }
    timer.current = setTimeout(() => setState("idle"), 2500);
  }

  return (
    <div className="flex shrink-0 items-center gap-2">
      <span
        aria-live="polite"
        className={state === "select" ? "text-sm text-slate-700" : "sr-only"}
      >
        {state === "copied"
          ? `${title} copied`
          : state === "select"
            ? "Selected: press Ctrl+C"
            : ""}
      </span>
      <button type="button" onClick={() => void copy()} className="btn-outline py-1.5">
        {state === "copied" ? "Copied" : "Copy"}
        <span className="sr-only"> {title}</span>
      </button>
    </div>
  );
}
