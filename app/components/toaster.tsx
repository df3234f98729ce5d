import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect } from "react";
import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD, type Toast } from "~/lib/ui/toast";
import { dismissToast, showToast, useToasts } from "~/lib/ui/toast-store";
import { useHydrated } from "~/lib/ui/use-hydrated";

const variantClass = {
  default: "border-slate-200 bg-white text-slate-900",
  destructive: "border-red-700 bg-red-600 text-white",
};

/**
 * Radix toasts in the browser. `pending` are toasts the server sent with this page (a flash
 * cookie or a page's own loader); without JavaScript they render as a plain status banner.
 */
export function Toaster({ pending }: { pending: Toast[] }) {
  const hydrated = useHydrated();
  const toasts = useToasts();

  useEffect(() => {
    for (const toast of pending) showToast(toast);
  }, [pending]);

  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {hydrated ? null : <StaticToasts toasts={pending} />}
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${variantClass[toast.variant]}`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">
              {toast.title}
            </ToastPrimitive.Title>
            {toast.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {toast.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0" />
    </ToastPrimitive.Provider>
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
          className={`rounded-lg border p-4 shadow-lg ${variantClass[toast.variant]}`}
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
