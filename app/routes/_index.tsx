import type { Route } from "./+types/_index";
import { AutomationTabs } from "~/components/concierge/automation-tabs";
import { DemoForm } from "~/components/demo-form";
import { Icon } from "~/components/icons";
import { SampleEstimateCard } from "~/components/sample-estimate-card";
import { Testimonials } from "~/components/testimonials";
import {
  AUTOMATION_TABS,
  automations,
  conciergeFeatures,
  whyCards,
  type AutomationTab,
} from "~/content/concierge";
import { testimonials, visibleTestimonials } from "~/content/site";
import { handleDemoFormPost } from "~/lib/demo/demo-form.server";
import { env, showExampleContent } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { header: { hide: { subscribe: true, tryFree: true } } };

function parseTab(value: string | null): AutomationTab {
  return AUTOMATION_TABS.find((tab) => tab === value) ?? "booking";
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("tab"));
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    tab,
    // Only the open tab's text goes to the page: a tab link loads the next one with the page.
    tabs: AUTOMATION_TABS.map((key) => ({ key, label: automations[key].label })),
    active: automations[tab],
    testimonials: visibleTestimonials(testimonials, showExampleContent()),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleDemoFormPost(request, context);
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({ path: "/", origin: data?.origin ?? "http://localhost:3000" });

export default function ConciergeLanding({ loaderData }: Route.ComponentProps) {
  const { tab, tabs, active, testimonials: quotes } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page grid items-center gap-12 py-12 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              FleetAssist Concierge
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Your fleet's inbox and damage claims, handled.
            </h1>
            <p className="mt-5 text-lg text-slate-700">
              An AI assistant answers every guest around the clock, a human virtual assistant takes
              the hard cases, and an AI claims agent recovers what damage costs you. Saves 10+ hours
              per week.
            </p>
            <div className="mt-8 max-w-xl" id="demo">
              <DemoForm formId="hero" />
              <p className="mt-3 text-sm text-slate-600">
                For fleets of 5+ vehicles. 1 hour of onboarding support included.
              </p>
            </div>
          </div>
          <div className="mx-auto w-full max-w-md lg:max-w-none">
            <SampleEstimateCard />
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="py-16 sm:py-20">
        <div className="container-page">
          <h2
            id="features-heading"
            className="text-center text-3xl font-bold tracking-tight text-slate-900"
          >
            With Concierge, You Get
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {conciergeFeatures.map((feature) => (
              <li key={feature.title} className="rounded-2xl border border-slate-200 p-6">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon name={feature.icon} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-slate-700">{feature.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Testimonials items={quotes} heading="Hosts who stopped living in the inbox" />

      <AutomationTabs tab={tab} tabs={tabs} active={active} />

      <section aria-labelledby="why-heading" className="bg-slate-50 py-16 sm:py-20">
        <div className="container-page">
          <h2
            id="why-heading"
            className="text-center text-3xl font-bold tracking-tight text-slate-900"
          >
            Why Fleet Owners Choose FleetAssist
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {whyCards.map((card) => (
              <li key={card.title} className="rounded-2xl border border-slate-200 bg-white p-6">
                <Icon name={card.icon} className="h-7 w-7 text-brand-600" />
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{card.title}</h3>
                <p className="mt-2 text-slate-700">{card.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="closing-heading" className="bg-brand-700 py-16 sm:py-20">
        <div className="container-page max-w-3xl text-center">
          <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-white">
            Get your evenings back
          </h2>
          <p className="mt-4 text-lg text-brand-100">
            Book a 20-minute demo. We'll look at your fleet, your inbox and your open claims, and
            show you what Concierge would take off your plate.
          </p>
          <div className="mx-auto mt-8 max-w-xl text-left">
            <DemoForm formId="closing" tone="dark" />
          </div>
        </div>
      </section>
    </>
  );
}
