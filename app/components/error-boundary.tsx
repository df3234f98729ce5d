import { lazy, Suspense, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Link,
  useParams,
  useRouteError,
  type ErrorResponse,
} from "react-router";

// Only a signed-in page's 402 shows the plans: other error pages don't download them. The server
// renders it whole (entry.server waits for lazy components).
const UpgradeRequired = lazy(() =>
  import("./billing/upgrade-required").then((m) => ({ default: m.UpgradeRequired })),
);

export type StatusHandler = (info: {
  error: ErrorResponse;
  params: Record<string, string | undefined>;
}) => ReactNode;

/** The explanation an error answer carries: its text body, or the `error` of a JSON body. */
export function errorResponseMessage(error: ErrorResponse): string | null {
  const body = error.data as { error?: unknown } | string | undefined;
  if (typeof body === "string" && body) return body;
  if (body && typeof body === "object" && typeof body.error === "string" && body.error) {
    return body.error;
  }
  return null;
}

const UNEXPECTED = "An unexpected error occurred. Please try again in a moment.";

/** Title, message and a way out: what every error page shows. */
export function ErrorPage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 max-w-xl text-slate-700">{message}</p>
      {children ?? (
        <Link to="/" className="btn-primary mt-8">
          Back to the home page
        </Link>
      )}
    </>
  );
}

function DefaultStatus({ error }: { error: ErrorResponse }) {
  return (
    <ErrorPage
      title={`${error.status} ${error.statusText || "Error"}`}
      message={errorResponseMessage(error) ?? UNEXPECTED}
    />
  );
}

function Unexpected({ error }: { error: unknown }) {
  // Production builds never show an exception's text: it may hold internals.
  const message = import.meta.env.DEV && error instanceof Error ? error.message : UNEXPECTED;
  return <ErrorPage title="Something went wrong" message={message} />;
}

/**
 * The error boundary every route uses: a thrown response is rendered by the handler for its
 * status (or the default one), anything else by the unexpected-error handler.
 */
export function GeneralErrorBoundary({
  defaultStatusHandler = ({ error }) => <DefaultStatus error={error} />,
  statusHandlers,
  unexpectedErrorHandler = (error) => <Unexpected error={error} />,
}: {
  defaultStatusHandler?: StatusHandler;
  statusHandlers?: Record<number, StatusHandler>;
  unexpectedErrorHandler?: (error: unknown) => ReactNode;
}) {
  const error = useRouteError();
  const params = useParams();
  if (isRouteErrorResponse(error)) {
    // A feature the plan lacks: the plan that has it and the way to upgrade, in every boundary.
    const handler =
      statusHandlers?.[error.status] ??
      (error.status === 402 ? upgradeRequiredHandler : defaultStatusHandler);
    return <>{handler({ error, params })}</>;
  }
  return <>{unexpectedErrorHandler(error)}</>;
}

const upgradeRequiredHandler: StatusHandler = ({ error }) => {
  const body = error.data as { feature?: unknown; message?: unknown } | undefined;
  return (
    <div className="container-page max-w-3xl py-10">
      <Suspense fallback={null}>
        <UpgradeRequired
          feature={body?.feature}
          message={typeof body?.message === "string" ? body.message : undefined}
        />
      </Suspense>
    </div>
  );
};

/**
 * The not-found page of a route with params, rendered inside its layout: what is missing, the
 * route's own explanation when it gave one, and links back.
 */
/**
 * The error boundary of a route with params: a missing record is its own not-found page (404,
 * inside the layout), anything else is handled as everywhere else.
 */
export function notFoundBoundary(title: string, links: Array<{ to: string; label: string }>) {
  return function ErrorBoundary() {
    return (
      <GeneralErrorBoundary
        statusHandlers={{
          404: ({ error }) => <NotFoundPage title={title} error={error} links={links} />,
        }}
      />
    );
  };
}

export function NotFoundPage({
  title,
  error,
  links,
}: {
  title: string;
  error: ErrorResponse;
  links: Array<{ to: string; label: string }>;
}) {
  const message = errorResponseMessage(error);
  return (
    <div className="container-page py-16 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700" role="alert">
        {message && message !== "Not Found"
          ? message
          : "It may have been deleted, or it belongs to another account."}
      </p>
      <ul className="mt-8 flex flex-wrap gap-3">
        {links.map((link, i) => (
          <li key={link.to}>
            <Link to={link.to} className={i === 0 ? "btn-primary" : "btn-outline"}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
