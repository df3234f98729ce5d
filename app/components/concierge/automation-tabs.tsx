import { Link } from "react-router";
import { Icon } from "~/components/icons";

/** One tab's copy (the route passes it in from the page's content). */
export interface AutomationTabCopy {
  heading: string;
  intro: string;
  items: string[];
}

/**
 * The landing page's automations: one tab open at a time, each tab a plain link that loads the
 * page with `?tab=` (no client state, so it works with JavaScript off).
 */
export function AutomationTabs<Tab extends string>({
  tab,
  tabs,
  active,
}: {
  tab: Tab;
  tabs: { key: Tab; label: string }[];
  active: AutomationTabCopy;
}) {
  return (
    <section aria-labelledby="automations-heading" className="py-16 sm:py-20" id="automations">
      <div className="container-page">
        <h2
          id="automations-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          Automations That Drive Revenue
        </h2>
        <nav aria-label="Automation categories" className="mt-8 flex justify-center">
          <ul className="inline-flex flex-wrap justify-center gap-1 rounded-xl bg-slate-100 p-1">
            {tabs.map(({ key, label }) => (
              <li key={key}>
                <Link
                  to={`?tab=${key}#automations`}
                  preventScrollReset
                  replace
                  aria-current={key === tab ? "page" : undefined}
                  className={`block rounded-lg px-4 py-2 text-sm font-semibold transition ${
                    key === tab
                      ? "bg-white text-brand-700 shadow-sm"
                      : "text-slate-700 hover:text-slate-900"
                  }`}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div
          className="mx-auto mt-8 max-w-3xl rounded-2xl border border-slate-200 p-6 sm:p-8"
          aria-live="polite"
        >
          <h3 className="text-xl font-semibold text-slate-900">{active.heading}</h3>
          <p className="mt-2 text-slate-700">{active.intro}</p>
          <ul className="mt-5 space-y-3">
            {active.items.map((item) => (
              <li key={item} className="flex gap-3 text-slate-800">
                <Icon name="check" className="mt-0.5 h-5 w-5 flex-none text-brand-600" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
