import type { PublicAnalyticsConfig } from "./client";
import { buildEvent, type EventName, type EventProperties } from "./events";

export type { PublicAnalyticsConfig };

type Client = typeof import("./client");

let state: "off" | "loading" | "ready" | "failed" = "off";
let client: Client | null = null;
const queue: Array<() => void> = [];

/**
 * Loads the analytics module after the page has rendered: after the window load event, when the
 * browser is idle (3 s timeout), or after 100 ms where idle callbacks do not exist. With no keys
 * configured nothing loads and no request leaves the browser.
 */
export function startPostRenderAnalytics(config: PublicAnalyticsConfig) {
  if (state !== "off" || typeof window === "undefined") return;
  if (!config.posthogKey && !config.sentryDsn) return;
  state = "loading";

  const load = () => {
    import("./client")
      .then((module) => {
        if (!module.initAnalytics(config)) {
          state = "failed";
          queue.length = 0;
          return;
        }
        client = module;
        state = "ready";
        for (const send of queue.splice(0)) send();
      })
      .catch((error: unknown) => {
        state = "failed";
        queue.length = 0;
        console.warn("Post-render analytics failed to load", error);
      });
  };
  const schedule = () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(load, { timeout: 3000 });
    else setTimeout(load, 100);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
}

/** Sends a product event from the browser; dropped when analytics is off or failed to start. */
export function track<N extends EventName>(name: N, properties: EventProperties[N]) {
  const event = buildEvent(name, properties);
  const send = () => client?.capture(event.name, event.properties);
  if (state === "ready") send();
  else if (state === "loading") queue.push(send);
}

export function analyticsStarted(): boolean {
  return state === "ready";
}

/** Tells PostHog who is signed in; only when analytics started (or is starting). */
export function identifyUser(user: import("./client").IdentifiedUser) {
  const send = () => client?.identify(user);
  if (state === "ready") send();
  else if (state === "loading") queue.push(send);
}
