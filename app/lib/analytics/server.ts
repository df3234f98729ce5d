import { analyticsEvents } from "~/db/schema";
import { db } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import { buildEvent, type EventName, type EventProperties } from "./events";

/**
 * Server-side product events (form posts work with JavaScript off, so the funnel is recorded
 * here). Always written to the local event table; forwarded to PostHog's capture API when
 * POSTHOG_KEY is set. Never throws: analytics must not break a user's request.
 */
export function recordEvent<N extends EventName>(
  name: N,
  properties: EventProperties[N],
  distinctId = "anonymous",
) {
  const event = buildEvent(name, properties);
  try {
    db()
      .insert(analyticsEvents)
      .values({ name: event.name, properties: JSON.stringify(event.properties) })
      .run();
  } catch (error) {
    logger.warn("Failed to record analytics event", { event: name, ...errorFields(error) });
  }
  const { POSTHOG_KEY, POSTHOG_HOST } = env();
  if (POSTHOG_KEY) {
    fetch(new URL("/capture/", POSTHOG_HOST), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        api_key: POSTHOG_KEY,
        event: event.name,
        distinct_id: distinctId,
        properties: event.properties,
      }),
      signal: AbortSignal.timeout(3000),
    }).catch((error) => logger.warn("PostHog capture failed", errorFields(error)));
  }
}
