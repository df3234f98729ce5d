import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { track } from "~/lib/analytics/start";

/** The form's current values as a query string (files and empty values left out). */
export function formToParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string" && value !== "") params.append(key, value);
  }
  return params;
}

/**
 * A free tool's GET form that also updates as the host types. The server renders the answer from
 * the URL (JavaScript off, shared links); in the browser the same pure calculation runs on the
 * form's live values, and the address bar follows so the link stays shareable.
 *
 * Returns the params to calculate from and an `onChange` handler for the <Form>.
 */
export function useLiveParams(feature: string) {
  const location = useLocation();
  const [params, setParams] = useState(() => new URLSearchParams(location.search));
  const tracked = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A navigation (submit, back/forward, a link) resets the live values to the URL's.
  useEffect(() => {
    clearTimeout(timer.current);
    setParams(new URLSearchParams(location.search));
  }, [location.search]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const next = formToParams(event.currentTarget);
      setParams(next);
      clearTimeout(timer.current);
      const scheduledAt = window.location.href;
      timer.current = setTimeout(() => {
        // A submit (say "Add charge") navigated meanwhile: its URL wins over these older values.
        if (window.location.href !== scheduledAt) return;
        const query = next.toString();
        window.history.replaceState(
          window.history.state,
          "",
          `${window.location.pathname}${query ? `?${query}` : ""}`,
        );
        if (!tracked.current) {
          tracked.current = true;
          track("feature_usage", { feature, action: "calculate" });
        }
      }, 400);
    },
    [feature],
  );

  return { params, onChange };
}
