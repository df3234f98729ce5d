import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Menus are <details> elements so they open without JavaScript; with JavaScript an open menu
 * also closes when the route changes. Returns the ref for the <details>.
 */
export function useCloseOnNavigate() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  return ref;
}
