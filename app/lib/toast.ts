/** Constants of spec §9 for toasts. */
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
