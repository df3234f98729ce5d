import * as ToastPrimitive from "@radix-ui/react-toast";
import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD } from "~/lib/ui/toast";
import { dismissToast, useToasts } from "~/lib/ui/toast-store";
import { toastVariantClass } from "./toast-style";

/**
 * The browser's toasts, drawn by Radix (focus, swipe to dismiss, the F8 landmark). Loaded with the
 * page's first toast (see toaster.tsx), so pages that never show one don't download Radix.
 */
export default function RadixToasts() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          open={toast.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          className={`group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[state=closed]:opacity-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${toastVariantClass[toast.variant]}`}
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
