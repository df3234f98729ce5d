import { lazy, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { freeTools } from "~/config/free-tools";
import { LinkCards } from "~/components/link-cards";

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
        <LinkCards links={others} className="mt-4" />
      </div>
    </nav>
  );
}
