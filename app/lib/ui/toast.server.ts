import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { env } from "~/lib/runtime/env.server";
import type { Toast, ToastInput } from "./toast";

const toastSchema = z.object({
  id: z
    .string()
    .max(100)
    .default(() => crypto.randomUUID()),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
}) satisfies z.ZodType<Toast, ToastInput>;

/**
 * Flash toasts travel in a short-lived cookie so they survive a redirect and show with
 * JavaScript off too: set by an action, read and cleared by the next document's root loader.
 */
const toastCookie = createCookie("fa_toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

function secureCookie() {
  return env().NODE_ENV === "production" && env().PUBLIC_URL.startsWith("https:");
}

export async function createToastHeaders(toast: ToastInput): Promise<Headers> {
  const value = toastSchema.parse(toast);
  return new Headers({
    "Set-Cookie": await toastCookie.serialize(value, { secure: secureCookie() }),
  });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) {
    headers.append("Set-Cookie", cookie);
  }
  return redirect(url, { ...init, headers });
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const raw = await toastCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, clearHeader: null };
  const parsed = toastSchema.safeParse(raw);
  const clearHeader = await toastCookie.serialize("", { maxAge: 0, secure: secureCookie() });
  return { toast: parsed.success ? parsed.data : null, clearHeader };
}
