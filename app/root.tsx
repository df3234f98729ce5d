import { lazy, Suspense, useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { AppStylesheet } from "./components/app-stylesheet";
import { Footer } from "./components/footer";
import { Header, type HeaderHide, type HeaderUser } from "./components/header";
import { useNonce } from "./components/nonce";
import { FullScreenSpinner, PageSkeleton } from "./components/loading";
import { Toaster } from "./components/toaster";
import { isProtectedPath } from "./config/protected-paths";
import { env } from "./lib/runtime/env.server";
import { pageMeta, softwareApplicationJsonLd, THEME_COLOR } from "./lib/ui/meta";
import { getToast } from "./lib/ui/toast.server";
import { availableAccounts } from "./lib/auth/accounts.server";
import { accountPreferences } from "./lib/accounts/preferences.server";
import { DEFAULT_TIME_ZONE } from "./domain/dates";
import { TimeZoneDetector } from "./lib/ui/time-zone-detector";
import { getCurrentSession } from "./lib/auth/session.server";
import { AccountControls, MobileAccountControls } from "./components/account-controls";
import type { Toast } from "./lib/ui/toast";
import { captureAttribution } from "./lib/analytics/utm.server";
import {
  identifyUser,
  startPostRenderAnalytics,
  type PublicAnalyticsConfig,
} from "./lib/analytics/start";

export async function loader({ request }: Route.LoaderArgs) {
  const { PUBLIC_URL, POSTHOG_KEY, POSTHOG_HOST, SENTRY_DSN } = env();
  const session = await getCurrentSession(request);
  const { toast, clearHeader } = await getToast(request);
  const headers = new Headers();
  if (clearHeader) headers.append("Set-Cookie", clearHeader);
  for (const cookie of await captureAttribution(request)) headers.append("Set-Cookie", cookie);

  const analytics: PublicAnalyticsConfig = {
    posthogKey: POSTHOG_KEY ?? null,
    posthogHost: POSTHOG_HOST,
    sentryDsn: SENTRY_DSN ?? null,
  };
  return data(
    {
      origin: new URL(PUBLIC_URL).origin,
      year: new Date().getFullYear(),
      user: session
        ? ({
            id: session.user.id,
            username: session.user.username,
            email: session.user.email,
            firstName: session.user.firstName,
            lastName: session.user.lastName,
            emailVerified: session.user.emailVerified,
            isAdmin: session.user.isAdmin,
            planType: session.user.currentPlanId ?? "free",
            registrationDate: session.user.createdAt.toISOString(),
          } satisfies HeaderUser)
        : null,
      accounts: session
        ? { accounts: availableAccounts(session.user.id), currentAccountId: session.accountId }
        : null,
      preferences: session ? displayPreferences(session.accountId, session.role) : null,
      toast,
      analytics,
    },
    { headers },
  );
}

/**
 * The account's time zone and units for every page; `detectTimeZone` asks the owner's browser for
 * its zone while the account has none.
 */
function displayPreferences(accountId: string, role: string) {
  const { timeZone, units } = accountPreferences(accountId);
  return {
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    units,
    detectTimeZone: timeZone === null && role === "primary",
  };
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export const meta: Route.MetaFunction = ({ data, location }) =>
  pageMeta({ path: location.pathname, origin: data?.origin ?? "http://localhost:3000" });

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** What a route may declare in its `handle` export. */
export interface RouteHandle {
  header?: { hide?: HeaderHide };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRootData();
  const origin = root?.origin ?? "http://localhost:3000";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        {/* With a precedence React writes it first in <head>, ahead of the module preloads. */}
        <AppStylesheet />
        <Meta />
        <Links />
        {/* Structured data never runs, so the CSP (and a nonce) doesn't apply to it. */}
        <script
          type="application/ld+json"
          // JSON.stringify output with "<" escaped cannot close the script element.
          dangerouslySetInnerHTML={{
            __html: JSON.stringify(softwareApplicationJsonLd(origin)).replace(/</g, "\\u003c"),
          }}
        />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function usePendingUI(): "spinner" | "skeleton" | null {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  if (navigation.location.pathname === location.pathname) return null;
  return isProtectedPath(navigation.location.pathname) ? "spinner" : "skeleton";
}

/** Toasts the server sent with this page: the flash cookie and any route's own `toast`. */
function usePageToasts(): Toast[] {
  const matches = useMatches();
  const toasts: Toast[] = [];
  for (const match of matches) {
    const toast = (match.data as { toast?: Toast | null } | undefined)?.toast;
    if (toast) toasts.push(toast);
  }
  return toasts;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const matches = useMatches();
  const pending = usePendingUI();
  const toasts = usePageToasts();
  const hide = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.header?.hide)
    .reduce<HeaderHide>((all, next) => ({ ...all, ...next }), {});

  useEffect(() => {
    // Most visits carry no UTM parameters: only those load the code that records them.
    if (window.location.search.includes("utm_")) {
      void import("./lib/analytics/utm.client").then((utm) => utm.captureUtmFromLocation());
    }
    // Lets tests (and support) tell that the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    startPostRenderAnalytics(loaderData.analytics);
  }, [loaderData.analytics]);
  const user = loaderData.user;
  useEffect(() => {
    if (!user) return;
    identifyUser({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      planType: user.planType,
      registrationDate: user.registrationDate,
      isAdmin: user.isAdmin,
    });
  }, [user]);

  return (
    <>
      <TimeZoneDetector enabled={loaderData.preferences?.detectTimeZone ?? false} />
      <Header
        user={loaderData.user}
        hide={hide}
        accountControls={
          loaderData.user ? (
            <AccountControls
              user={loaderData.user}
              accounts={loaderData.accounts}
              hideSubscribe={hide.subscribe}
            />
          ) : null
        }
        mobileAccountItems={
          loaderData.user ? (
            <MobileAccountControls user={loaderData.user} hideSubscribe={hide.subscribe} />
          ) : null
        }
      />
      <main id="main" className="flex-1" aria-busy={pending ? true : undefined}>
        {pending === "skeleton" ? <PageSkeleton /> : <Outlet />}
      </main>
      {pending === "spinner" ? <FullScreenSpinner /> : null}
      <Footer year={loaderData.year} />
      <Toaster pending={toasts} />
    </>
  );
}

// Few visits end on an error page: its code loads when one does (the server renders it whole).
const GeneralErrorBoundary = lazy(() =>
  import("./components/error-boundary").then((m) => ({ default: m.GeneralErrorBoundary })),
);

export function ErrorBoundary() {
  return (
    <main
      id="main"
      className="container-page flex flex-1 flex-col items-start justify-center py-24"
    >
      <Suspense fallback={null}>
        <GeneralErrorBoundary />
      </Suspense>
    </main>
  );
}
