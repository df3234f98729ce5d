import { useEffect, useSyncExternalStore } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, type Toast } from "./toast";

/**
 * A tiny browser-side toast queue: at most TOAST_LIMIT visible; a dismissed toast is removed
 * TOAST_REMOVE_DELAY ms later.
 */
export interface ToastState extends Toast {
  open: boolean;
}

let toasts: ToastState[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
const shownIds = new Set<string>();

function emit(next: ToastState[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(toast: Toast) {
  // A flash toast must show once, even if the component that carries it renders again.
  if (shownIds.has(toast.id)) return;
  shownIds.add(toast.id);
  emit([{ ...toast, open: true }, ...toasts].slice(0, TOAST_LIMIT));
}

export function dismissToast(id: string) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const empty: ToastState[] = [];

export function useToasts(): ToastState[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => empty,
  );
}

/** Shows a toast an action returned (the page also renders the message inline for JS-off). */
export function useActionToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}
