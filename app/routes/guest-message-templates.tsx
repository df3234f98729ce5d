import type { Route } from "./+types/guest-message-templates";
import { ToolPage } from "~/components/tool-page";
import {
  GUEST_TEMPLATES_FEATURE as FEATURE,
  GUEST_TEMPLATES_PATH as PATH,
} from "~/components/tools/guest-message-templates/common";
import { StageNav } from "~/components/tools/guest-message-templates/stage-nav";
import { TemplateCard } from "~/components/tools/guest-message-templates/template-card";
import { TripDetailsForm } from "~/components/tools/guest-message-templates/trip-details-form";
import { marketplace } from "~/config/marketplace";
import { fillTemplate, missingVariables, TEMPLATE_VARIABLES } from "~/domain/guest-message-fill";
import { templatesByStage } from "~/domain/guest-message-templates";
import { RULE_SOURCES, RULES_AS_OF } from "~/domain/marketplace-rules";
import { useLiveParams } from "~/lib/tools/live-form";
import { pageMeta } from "~/lib/ui/meta";
import { toolLoaderData } from "~/lib/tools/tool-page.server";
import { parseTemplateQuery } from "~/lib/tools/guest-message-templates-query";

// Sent by the loader: the sources are text the page shows, not code it runs.
const SOURCES = [
  RULE_SOURCES.reportingDamage,
  RULE_SOURCES.resolvingIndependently,
  RULE_SOURCES.tripPhotos,
  RULE_SOURCES.reimbursements,
  RULE_SOURCES.smoking,
  RULE_SOURCES.lateReturn,
];

export function loader({ request }: Route.LoaderArgs) {
  return toolLoaderData(request, FEATURE, (params) => parseTemplateQuery(params).valid, {
    rulesAsOf: RULES_AS_OF,
    sources: SOURCES,
    // The templates' text travels as data: the browser only fills it in.
    groups: templatesByStage(),
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: `Guest Message Templates for ${marketplace.name} Hosts`,
    description: `Copy-ready messages for every stage of a ${marketplace.name} trip: booking, pickup, curb caution, return reminders, late returns, reviews, damage, tolls, smoking and cleaning. Fill in the trip once and every template updates.`,
    path: PATH,
    origin: data?.origin ?? "http://localhost:3000",
  });

export default function GuestMessageTemplates({ loaderData }: Route.ComponentProps) {
  const { params, onChange } = useLiveParams(FEATURE);
  const { values, templateValues, errors, stage } = parseTemplateQuery(params);
  const groups = stage
    ? loaderData.groups.filter((group) => group.stage.id === stage)
    : loaderData.groups;
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
      rulesAsOf={loaderData.rulesAsOf}
      sourcesIntro="Every deadline and fee in these messages comes from our dated rules table, checked against these sources:"
      sources={loaderData.sources}
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
        <TripDetailsForm values={values} errors={errors} stage={stage} onChange={onChange} />

        <section aria-labelledby="templates-heading">
          <h2 id="templates-heading" className="text-lg font-semibold text-slate-900">
            Templates
          </h2>
          <StageNav groups={loaderData.groups} params={params} stage={stage} />
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
