import { useCallback, useEffect, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import {
  accountLabel,
  fleetSizeLabel,
  initials,
  roleBadge,
  showAccountSwitcher,
  type AvailableAccountsResponse,
} from "~/lib/auth/account-labels";
import { ApiError, apiQuery, apiRequest } from "~/lib/http/api-client";
import { showToast } from "~/lib/ui/toast-store";
import { useCloseOnNavigate } from "~/lib/ui/use-close-on-navigate";
import type { HeaderUser } from "./header";
import { SUBSCRIBE_PATH } from "./header";

function RoleBadge({ role }: { role: string }) {
  const badge = roleBadge(role);
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${badge.className}`}>
      {badge.label}
    </span>
  );
}

/**
 * The account switcher: visible with more than one account or someone else's.
 * The list is refetched on mount and on window focus. Without JavaScript each entry is a form
 * post to /account/switch.
 */
export function AccountSwitcher({ initial }: { initial: AvailableAccountsResponse }) {
  const [data, setData] = useState(initial);
  // A new page load or revalidation brings fresh data from the root loader.
  useEffect(() => setData(initial), [initial]);
  const [pending, setPending] = useState(false);
  const ref = useCloseOnNavigate();
  const location = useLocation();

  const refresh = useCallback(() => {
    apiQuery<AvailableAccountsResponse>(["/api/user/available-accounts"])
      .then(setData)
      .catch((error: unknown) => console.error("Failed to fetch available accounts", error));
  }, []);

  useEffect(() => {
    refresh();
    window.addEventListener("focus", refresh);
    return () => window.removeEventListener("focus", refresh);
  }, [refresh]);

  if (!showAccountSwitcher(data.accounts)) return null;
  const current =
    data.accounts.find((a) => a.accountId === data.currentAccountId) ?? data.accounts[0];

  async function switchTo(accountId: string, event: React.FormEvent) {
    event.preventDefault();
    if (accountId === data.currentAccountId || pending) return;
    setPending(true);
    try {
      await apiRequest("POST", "/api/user/switch-account", { accountId: String(accountId) });
      // The server set the 'Account Switched' flash toast; a full reload discards every cached view.
      window.location.reload();
    } catch (error) {
      const message =
        error instanceof ApiError &&
        error.body &&
        typeof error.body === "object" &&
        "error" in error.body
          ? String((error.body as { error: unknown }).error)
          : "Failed to switch account";
      showToast({
        id: `switch-${Date.now()}`,
        title: "Error",
        description: message,
        variant: "destructive",
      });
      setPending(false);
    }
  }

  return (
    <details ref={ref} className="relative">
      <summary
        className="flex max-w-[200px] cursor-pointer list-none items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden"
        aria-label="Switch account"
      >
        <span className="truncate">{current ? accountLabel(current) : "Loading..."}</span>
        {current ? <RoleBadge role={current.role} /> : null}
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-80 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        <ul>
          {data.accounts.map((account) => {
            const isCurrent = account.accountId === data.currentAccountId;
            return (
              <li key={account.accountId}>
                <Form
                  method="post"
                  action="/account/switch"
                  onSubmit={(event) => switchTo(account.accountId, event)}
                >
                  <input type="hidden" name="accountId" value={account.accountId} />
                  <input type="hidden" name="redirectTo" value={location.pathname} />
                  <button
                    type="submit"
                    disabled={pending}
                    aria-current={isCurrent ? "true" : undefined}
                    className={`flex w-full items-start justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-50 disabled:opacity-60 ${isCurrent ? "bg-brand-50" : ""}`}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">
                        {accountLabel(account)}
                      </span>
                      <span className="block truncate text-xs text-slate-600">
                        {account.accountOwner.email ?? ""} · Fleet size:{" "}
                        {fleetSizeLabel(account.accountOwner.conciergeFleetSize)}
                      </span>
                    </span>
                    <RoleBadge role={account.role} />
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
        <p className="mt-1 border-t border-slate-100 px-3 pt-2 text-xs text-slate-600">
          You have access to {data.accounts.length} account(s)
        </p>
      </div>
    </details>
  );
}

/** The avatar menu titled 'My Account': Account Settings, Dashboard, Subscription, Logout. */
export function AvatarMenu({ user, hideSubscribe }: { user: HeaderUser; hideSubscribe?: boolean }) {
  const ref = useCloseOnNavigate();
  return (
    <details ref={ref} className="relative">
      <summary
        className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-white [&::-webkit-details-marker]:hidden"
        aria-label="My Account"
      >
        {initials(user)}
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        <p className="px-3 py-2 text-sm font-semibold text-slate-900">My Account</p>
        <ul className="text-sm">
          <li>
            <Link
              to="/account"
              className="block rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-50"
            >
              Account Settings
            </Link>
          </li>
          <li>
            <Link
              to="/dashboard"
              className="block rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-50"
            >
              Dashboard
            </Link>
          </li>
          {hideSubscribe ? null : (
            <li>
              <Link
                to={SUBSCRIBE_PATH}
                className="block rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-50"
              >
                Subscription
              </Link>
            </li>
          )}
          <li>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="block w-full rounded-lg px-3 py-2 text-left text-slate-800 hover:bg-slate-50"
              >
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}

/** Signed-in entries of the mobile menu: username, settings, subscription, logout. */
export function MobileAccountItems({
  user,
  hideSubscribe,
}: {
  user: HeaderUser;
  hideSubscribe?: boolean;
}) {
  const item = "block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100";
  return (
    <>
      <li className="px-3 pt-3 text-sm font-semibold text-slate-600">{user.username}</li>
      <li>
        <Link to="/account" className={item}>
          Account Settings
        </Link>
      </li>
      <li>
        <Link to="/dashboard" className={item}>
          Dashboard
        </Link>
      </li>
      {hideSubscribe ? null : (
        <li>
          <Link to={SUBSCRIBE_PATH} className={item}>
            Subscription
          </Link>
        </li>
      )}
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={`${item} w-full text-left`}>
            Logout
          </button>
        </Form>
      </li>
    </>
  );
}
