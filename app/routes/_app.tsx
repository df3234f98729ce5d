import { Link, Outlet } from "react-router";
import type { Route } from "./+types/_app";
import { ErrorPage, errorResponseMessage, GeneralErrorBoundary } from "~/components/error-boundary";
import { PastDueBanner } from "~/components/billing/past-due-banner";
import { requireSession } from "~/lib/auth/guards.server";
import { pastDueBanner } from "~/lib/billing/subscription-page.server";

/**
 * The signed-in pages, with the past-due banner when a payment failed. A signed-out visitor is sent to /auth (and brought back afterwards) before
 * any page renders. The header's user and account menu come from the root loader, which every
 * page already has; pages still read the session themselves for their own queries.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  return { pastDue: pastDueBanner(session.accountId) };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.pastDue ? <PastDueBanner {...loaderData.pastDue} /> : null}
      <Outlet />
    </>
  );
}

/** Errors the router raises itself (405, 400 on a bad request) rather than a loader or action. */
function isInternal(error: object): boolean {
  return "internal" in error && error.internal === true;
}

const backLinks = (
  <div className="mt-8 flex flex-wrap gap-3">
    <Link to="/dashboard" className="btn-primary">
      Back to the dashboard
    </Link>
    <Link to="/app" className="btn-outline">
      Start a new estimate
    </Link>
  </div>
);

/**
 * An error in a signed-in page replaces the page only: the root layout's header (navigation and
 * account menu) and footer stay, so the host can keep going.
 */
export function ErrorBoundary() {
  return (
    <div className="container-page flex flex-col items-start py-16 sm:py-24">
      <GeneralErrorBoundary
        defaultStatusHandler={({ error }) => (
          <ErrorPage
            title={`${error.status} ${error.statusText || "Error"}`}
            message={
              // The router's own errors (a POST to a page without a form, say) name internals.
              (isInternal(error) ? null : errorResponseMessage(error)) ??
              "That didn't work. Please go back and try again in a moment."
            }
          >
            {backLinks}
          </ErrorPage>
        )}
        unexpectedErrorHandler={(error) => (
          <ErrorPage
            title="Something went wrong"
            message={
              import.meta.env.DEV && error instanceof Error
                ? error.message
                : "An unexpected error occurred. Please try again in a moment."
            }
          >
            {backLinks}
          </ErrorPage>
        )}
      />
    </div>
  );
}
