import {
  extractUtm,
  nextAttribution,
  stripUtm,
  type FirstTouchAttribution,
  type SessionAttribution,
} from "./utm";

export const FIRST_TOUCH_KEY = "fleetassist.attribution.firstTouch";
export const SESSION_KEY = "fleetassist.attribution.session";

function read<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/**
 * On startup: store UTM parameters from the address bar (session record always, first-touch
 * record only if none exists), then remove them from the address bar.
 */
export function captureUtmFromLocation() {
  const utm = extractUtm(new URLSearchParams(window.location.search));
  if (!utm) return;
  try {
    const current = {
      firstTouch: read<FirstTouchAttribution>(localStorage, FIRST_TOUCH_KEY),
      session: read<SessionAttribution>(sessionStorage, SESSION_KEY),
    };
    const pageUrl = window.location.origin + window.location.pathname;
    const next = nextAttribution(current, utm, pageUrl, new Date());
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(next.session));
    if (!current.firstTouch) localStorage.setItem(FIRST_TOUCH_KEY, JSON.stringify(next.firstTouch));
  } catch {
    // Storage can be disabled (private mode); the server-side cookies still attribute the visit.
  }
  // Keep React Router's history state so back/forward keep working.
  window.history.replaceState(window.history.state, "", stripUtm(window.location.href));
}

/** Clears the stored attribution (first-touch and session records). */
export function clearAttribution() {
  try {
    localStorage.removeItem(FIRST_TOUCH_KEY);
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // Nothing stored.
  }
}
