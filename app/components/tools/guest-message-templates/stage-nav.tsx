import type { ReactNode } from "react";
import { Link } from "react-router";
import { stageSearch, type TemplateQuery } from "~/lib/tools/guest-message-templates-query";
import { GUEST_TEMPLATES_PATH as PATH, type TemplateGroup } from "./common";

/** Links to each trip stage's templates (and to all of them), keeping the trip's details. */
export function StageNav({
  groups,
  params,
  stage,
}: {
  groups: readonly TemplateGroup[];
  params: URLSearchParams;
  stage: TemplateQuery["stage"];
}) {
  return (
    <nav aria-label="Trip stages" className="mt-3">
      <ul className="flex flex-wrap gap-2">
        <li>
          <StageLink to={stageSearch(params, null)} current={stage === null}>
            All stages
          </StageLink>
        </li>
        {groups.map((group) => (
          <li key={group.stage.id}>
            <StageLink to={stageSearch(params, group.stage.id)} current={stage === group.stage.id}>
              {group.stage.label} <span className="text-slate-600">({group.templates.length})</span>
            </StageLink>
          </li>
        ))}
      </ul>
    </nav>
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
