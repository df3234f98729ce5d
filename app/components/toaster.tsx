import { lazy, Suspense, useEffect } from "react";
import type { Toast } from "~/lib/ui/toast";
import { showToast, useToasts } from "~/lib/ui/toast-store";
import { useHydrated } from "~/lib/ui/use-hydrated";
import { toastVariantClass } from "./toast-style";

// Radix's toast is about a tenth of a public page's JavaScript, and most visits show no toast:
// it is fetched when the first toast appears, and the toast shows as a plain banner meanwhile.
const RadixToasts = lazy(() => import("./radix-toasts"));

/**
 * Toasts. `pending` are toasts the server sent with this page (a flash cookie or a page's own
 * loader); without JavaScript they render as a plain status banner.
 */
export function Toaster({ pending }: { pending: Toast[] }) {
  const hydrated = useHydrated();
  const toasts = useToasts();

  useEffect(() => {
    for (const toast of pending) showToast(toast);
  }, [pending]);

  if (!hydrated) return <StaticToasts toasts={pending} />;
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={<StaticToasts toasts={toasts.filter((toast) => toast.open)} />}>
      <RadixToasts />
    </Suspense>
  );
}

function StaticToasts({ toasts }: { toasts: Toast[] }) {
  if (toasts.length === 0) return null;
  return (
    <div className="fixed top-0 right-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 sm:top-auto sm:bottom-0">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className={`rounded-lg border p-4 shadow-lg ${toastVariantClass[toast.variant]}`}
        >
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.description ? (
            <p className="mt-1 text-sm opacity-90">{toast.description}</p>
          ) : null}
        </div>
      ))}
    </div>
  );
}
