import { useEffect } from "react";
import { useFetcher, useLocation } from "react-router";

/** Added by the browser to a live answer's request; no form field uses it. */
export const LIVE_PARAM = "live";

/**
 * The loader's answer for the form's live values, for a tool whose calculation stays on the
 * server: the page renders the loader's data for its URL (JavaScript off, shared links), and as
 * the host types the same loader answers the live values through a fetcher GET, so neither the
 * calculation nor its rules download with the page. Until an answer arrives the last one shows.
 */
export function useLiveLoaderData<T>(loaderData: T, params: URLSearchParams): T {
  const { pathname, search } = useLocation();
  const fetcher = useFetcher();
  const { load } = fetcher;
  const live = params.toString();
  const atUrl = live === new URLSearchParams(search).toString();

  useEffect(() => {
    if (atUrl) return;
    const timer = setTimeout(() => {
      const query = new URLSearchParams(live);
      // Marks the request as a live answer, not a submitted form, for the usage count.
      query.set(LIVE_PARAM, "1");
      void load(`${pathname}?${query.toString()}`);
    }, 150);
    return () => clearTimeout(timer);
  }, [atUrl, live, load, pathname]);

  if (atUrl) return loaderData;
  return (fetcher.data as T | undefined) ?? loaderData;
}
