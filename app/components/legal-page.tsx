import type { ReactNode } from "react";
import { pageMeta } from "~/lib/ui/meta";

/** One numbered part of a legal page; `id` is its heading's anchor. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page's meta tags; the origin comes from its loader (`originLoader`). */
export function legalPageMeta(page: { title: string; description: string; path: string }) {
  return ({ data }: { data?: { origin: string } }) =>
    pageMeta({ ...page, origin: data?.origin ?? "http://localhost:3000" });
}

/** The privacy policy's and the terms' page: title, date, summary, contents, numbered sections. */
export function LegalPage({
  title,
  lastUpdated,
  summary,
  sections,
}: {
  title: string;
  /** As written on the page, e.g. "November 21, 2026". */
  lastUpdated: string;
  /** The paragraph above the contents. */
  summary: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="container-page max-w-3xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated: {lastUpdated}</p>
      <div className="prose-legal mt-8">
        <p>{summary}</p>
        <nav
          aria-labelledby="toc-heading"
          className="mb-8 rounded-xl border border-slate-200 bg-slate-50 p-5"
        >
          <p id="toc-heading" className="mb-2 font-semibold text-slate-900">
            Contents
          </p>
          <ol className="list-decimal pl-6 sm:columns-2 sm:gap-8">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id} className="scroll-mt-24">
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </article>
  );
}
