/** Toasts: one at a time, shown 5 s, removed 1,000,000 ms after dismissal, swiped right 50 px. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: "default" | "destructive";
}

export type ToastInput = Omit<Toast, "id" | "variant"> & Partial<Pick<Toast, "id" | "variant">>;
