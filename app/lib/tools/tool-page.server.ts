import { data } from "react-router";
import { env } from "~/lib/runtime/env.server";
import { recordToolUsage } from "./tool-usage.server";

/**
 * What a free tool's loader answers: records the use (a submitted form or a shared link), and the
 * site origin for the page's meta tags, with a 400 when the query string doesn't parse (the page
 * still renders, with its messages). `extra` travels with the page, e.g. the server's date.
 */
export function toolLoaderData<Extra extends Record<string, unknown> = Record<never, never>>(
  request: Request,
  feature: string,
  isValid: (params: URLSearchParams) => boolean,
  extra?: Extra,
) {
  recordToolUsage(request, feature);
  const valid = isValid(new URL(request.url).searchParams);
  return data(
    { origin: new URL(env().PUBLIC_URL).origin, ...(extra as Extra) },
    { status: valid ? 200 : 400 },
  );
}
