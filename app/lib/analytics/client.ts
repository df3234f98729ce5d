import posthog from "posthog-js";

/** What the browser gets to start analytics with (no key: that service stays off). */
export interface PublicAnalyticsConfig {
  posthogKey: string | null;
  posthogHost: string;
  sentryDsn: string | null;
}

let posthogOn = false;

/**
 * Starts PostHog and Sentry, each only when its key is configured. Returns false (analytics
 * disabled) when a start fails.
 */
export function initAnalytics(config: PublicAnalyticsConfig): boolean {
  try {
    if (config.posthogKey) {
      posthog.init(config.posthogKey, {
        api_host: config.posthogHost,
        capture_pageview: "history_change",
        capture_pageleave: true,
        autocapture: true,
        mask_all_text: false,
        mask_all_element_attributes: false,
        session_recording: {
          maskAllInputs: true,
          maskInputOptions: { password: true, email: true },
        },
        persistence: "localStorage+cookie",
      });
      posthogOn = true;
    }
    if (config.sentryDsn) {
      void import("@sentry/react-router").then((Sentry) => {
        sentry = Sentry;
        Sentry.init({
          dsn: config.sentryDsn ?? undefined,
          sendDefaultPii: false,
          integrations: [Sentry.replayIntegration({ maskAllInputs: true })],
          replaysSessionSampleRate: 0.1,
          replaysOnErrorSampleRate: 1.0,
        });
      });
    }
    return true;
  } catch (error) {
    console.error("Analytics initialisation failed; analytics disabled", error);
    return false;
  }
}

export function capture(name: string, properties: Record<string, unknown>) {
  if (posthogOn) posthog.capture(name, properties);
}

export interface IdentifiedUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  planType: string;
  registrationDate: string;
  isAdmin: boolean;
}

let sentry: typeof import("@sentry/react-router") | undefined;

export function identify(user: IdentifiedUser) {
  sentry?.setUser({ id: user.id, email: user.email });
  if (posthogOn) {
    posthog.identify(user.id, {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      planType: user.planType,
      registrationDate: user.registrationDate,
      isAdmin: user.isAdmin,
    });
  }
}
