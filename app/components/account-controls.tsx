import { lazy, Suspense } from "react";
import type { AvailableAccountsResponse } from "~/lib/auth/account-labels";
import type { HeaderUser } from "./header";

// The account menu and switcher (with the API client they use) are for signed-in people only, so
// visitors' pages don't download them: the browser fetches them when a signed-in page hydrates,
// keeping the server's HTML meanwhile. The server sends pages whole (entry.server.tsx), so the menu
// is in the HTML with or without JavaScript.
const loadAccountMenu = () => import("./account-menu");
const AccountSwitcher = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountSwitcher })));
const AvatarMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AvatarMenu })));
const MobileAccountItems = lazy(() =>
  loadAccountMenu().then((m) => ({ default: m.MobileAccountItems })),
);

export function AccountControls({
  user,
  accounts,
  hideSubscribe,
}: {
  user: HeaderUser;
  accounts: AvailableAccountsResponse | null;
  hideSubscribe?: boolean;
}) {
  return (
    <Suspense fallback={null}>
      {accounts ? <AccountSwitcher initial={accounts} /> : null}
      <AvatarMenu user={user} hideSubscribe={hideSubscribe} />
    </Suspense>
  );
}

export function MobileAccountControls({
  user,
  hideSubscribe,
}: {
  user: HeaderUser;
  hideSubscribe?: boolean;
}) {
  return (
    <Suspense fallback={null}>
      <MobileAccountItems user={user} hideSubscribe={hideSubscribe} />
    </Suspense>
  );
}
