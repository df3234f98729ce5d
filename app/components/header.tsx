import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { useCloseOnNavigate } from "~/lib/ui/use-close-on-navigate";
import { Logo } from "./logo";

/** Items a page may hide from the header: home, subscribe, tryFree. */
export interface HeaderHide {
  home?: boolean;
  subscribe?: boolean;
  tryFree?: boolean;
}

export interface HeaderUser {
  id: string;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  planType: string;
  registrationDate: string;
}

interface HeaderProps {
  user: HeaderUser | null;
  hide?: HeaderHide;
  /** Account switcher and avatar menu for signed-in users (accounts feature). */
  accountControls?: ReactNode;
  /** Signed-in entries of the mobile menu (username, settings, dashboard, subscription, logout). */
  mobileAccountItems?: ReactNode;
}

/**
 * Subscribe (and the avatar menu's Subscription) lead to the plans: /subscription, which sends a
 * signed-out visitor through /auth first (docs/decisions/0003-subscribe-link-target.md, 0022).
 */
export const SUBSCRIBE_PATH = "/subscription";

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "bg-brand-50 text-brand-700"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base font-medium ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100"
  }`;

export function Header({ user, hide = {}, accountControls, mobileAccountItems }: HeaderProps) {
  const menu = useCloseOnNavigate();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="rounded-md" aria-label="FleetAssist home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {hide.home ? null : (
            <NavLink to="/" end className={navLink}>
              Home
            </NavLink>
          )}
          {hide.subscribe ? null : (
            <NavLink to={SUBSCRIBE_PATH} className={navLink}>
              Subscribe
            </NavLink>
          )}
          {user ? (
            <NavLink to="/dashboard" className={navLink}>
              Dashboard
            </NavLink>
          ) : null}
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          {user ? (
            accountControls
          ) : (
            <>
              {hide.tryFree ? null : (
                <Link to="/app" className="btn-outline">
                  Try It Free
                </Link>
              )}
              <Link to="/auth" className="btn-primary">
                Sign In
              </Link>
            </>
          )}
        </div>

        <details ref={menu} className="group md:hidden">
          <summary
            className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6 group-open:hidden" aria-hidden="true">
              <path
                d="M4 6h16M4 12h16M4 18h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <svg viewBox="0 0 24 24" className="hidden h-6 w-6 group-open:block" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </summary>
          <nav
            aria-label="Mobile"
            className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-lg"
          >
            <ul className="space-y-1">
              {hide.home ? null : (
                <li>
                  <NavLink to="/" end className={mobileLink}>
                    Home
                  </NavLink>
                </li>
              )}
              {user ? (
                mobileAccountItems
              ) : (
                <>
                  {hide.subscribe ? null : (
                    <li>
                      <NavLink to={SUBSCRIBE_PATH} className={mobileLink}>
                        Subscribe
                      </NavLink>
                    </li>
                  )}
                  {hide.tryFree ? null : (
                    <li>
                      <Link to="/app" className="btn-outline mt-2 w-full">
                        Try It Free
                      </Link>
                    </li>
                  )}
                  <li>
                    <Link to="/auth" className="btn-primary mt-2 w-full">
                      Sign In
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
