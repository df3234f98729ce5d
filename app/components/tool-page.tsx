import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";

interface ToolPageProps {
  eyebrow?: string;
  title: string;
  intro: ReactNode;
  /** "Rules as of" date (ISO) and the sources behind the numbers. */
  rulesAsOf: string;
  sources: ReadonlyArray<{ topic: string; url: string | null }>;
  /** One line above the source list. */
  sourcesIntro?: string;
  children: ReactNode;
}

function formatAsOf(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** The frame every free tool shares: heading, the tool, its sources and the call to action. */
export function ToolPage({
  eyebrow = "Free tool",
  title,
  intro,
  rulesAsOf,
  sources,
  sourcesIntro = "Marketplace rules change. We check these sources and date every rule we use:",
  children,
}: ToolPageProps) {
  return (
    <div className="pb-16">
      <div className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h1>
          <div className="mt-4 max-w-3xl text-lg text-slate-700">{intro}</div>
        </div>
      </div>
      <div className="container-page">{children}</div>
      <div className="container-page mt-12 grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="sources-heading"
          className="rounded-2xl border border-slate-200 p-6 lg:col-span-2"
        >
          <h2 id="sources-heading" className="text-base font-semibold text-slate-900">
            Rules as of {formatAsOf(rulesAsOf)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{sourcesIntro}</p>
          <ul className="mt-3 space-y-1 text-sm">
            {sources.map((source) => (
              <li key={source.url ?? source.topic}>
                {source.url ? (
                  <a
                    href={source.url}
                    className="text-brand-700 underline"
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    {source.topic}
                  </a>
                ) : (
                  <span className="text-slate-700">{source.topic}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
        <EstimateCallToAction />
      </div>
    </div>
  );
}

export function EstimateCallToAction() {
  // The root loader's data, read by route id: a component never imports the root route.
  const signedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  return (
    <aside className="rounded-2xl bg-brand-700 p-6 text-white">
      <h2 className="text-lg font-semibold">Got damage to price?</h2>
      <p className="mt-2 text-sm text-brand-100">
        Photos to a line-by-line repair estimate in about 60 seconds, with a report that wins
        claims.
      </p>
      <Link
        to={signedIn ? "/app" : "/auth"}
        className="btn mt-4 bg-white text-brand-700 hover:bg-brand-50"
      >
        Create your Free AI Estimate
      </Link>
    </aside>
  );
}
