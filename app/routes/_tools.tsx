import { lazy, Suspense } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { freeTools } from "~/config/free-tools";

/**
 * The free tools and the claims guide: each page renders its own tool; the layout adds the way
 * to the other tools below it, and keeps that way out when a tool fails.
 */
export default function ToolsLayout() {
  return (
    <>
      <Outlet />
      <MoreFreeTools />
    </>
  );
}

// Loaded when an error page shows, not with every tool (the server renders it whole either way).
const GeneralErrorBoundary = lazy(() =>
  import("~/components/error-boundary").then((m) => ({ default: m.GeneralErrorBoundary })),
);

export function ErrorBoundary() {
  return (
    <>
      <div className="container-page flex flex-col items-start py-16 sm:py-24">
        <Suspense fallback={null}>
          <GeneralErrorBoundary />
        </Suspense>
      </div>
      <MoreFreeTools />
    </>
  );
}

function MoreFreeTools() {
  const { pathname } = useLocation();
  const others = freeTools.filter((tool) => tool.path !== pathname);
  return (
    <nav
      aria-labelledby="more-tools-heading"
      className="border-t border-slate-200 bg-slate-50 print:hidden"
    >
      <div className="container-page py-10">
        <h2 id="more-tools-heading" className="text-lg font-semibold text-slate-900">
          More free tools for hosts
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {others.map((tool) => (
            <li key={tool.path}>
              <Link
                to={tool.path}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 hover:shadow-sm"
              >
                <span className="font-semibold text-brand-700">{tool.name}</span>
                <span className="mt-1 block text-sm text-slate-700">{tool.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
