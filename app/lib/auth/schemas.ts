import { z } from "zod";
import { marketplace } from "~/config/marketplace";

/** Forms of the accounts feature; used by Conform in the browser and by the actions. */

export const emailField = z
  .string({ error: "Enter your email address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Enter a valid email address, like name@example.com."));

export const usernameField = z
  .string({ error: "Choose a username." })
  .trim()
  .min(3, "Usernames have at least 3 characters.")
  .max(30, "Usernames have at most 30 characters.")
  .regex(/^[A-Za-z0-9_.-]+$/, "Use letters, numbers, dots, dashes and underscores only.");

/** Length only; the common-password check runs on the server. */
export const newPasswordField = z
  .string({ error: "Choose a password." })
  .refine((value) => [...value].length >= 8, "Use at least 8 characters.")
  .refine((value) => [...value].length <= 128, "Use at most 128 characters.");

export const nameField = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(60, `Your ${label} must be at most 60 characters.`);

/**
 * A hidden field: a bad value falls back to the default page (see lib/http/safe-redirect.ts)
 * instead of failing validation with an error nobody can see or correct.
 */
const redirectToField = z.string().max(2000).optional().catch(undefined);

export const loginSchema = z.object({
  identifier: z
    .string({ error: "Enter your username or email." })
    .trim()
    .min(1, "Enter your username or email.")
    .max(254, "That is too long to be a username or email."),
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(1024),
  redirectTo: redirectToField,
});

export const registerSchema = z.object({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
  firstName: nameField("first name"),
  lastName: nameField("last name"),
  redirectTo: redirectToField,
});

export const conciergeRegisterSchema = registerSchema.extend({
  conciergeFleetSize: z.coerce
    .number({ error: "Enter how many vehicles you run." })
    .int("Enter a whole number of vehicles.")
    .min(1, "Enter how many vehicles you run.")
    .max(100_000, "That is more vehicles than we can onboard at once."),
  marketplaceProfile: z
    .string({ error: `Enter your ${marketplace.name} profile link or fleet website.` })
    .trim()
    .min(1, `Enter your ${marketplace.name} profile link or fleet website.`)
    .max(500, "That link is too long."),
});

export { RESET_LINK_INVALID } from "./messages";

export const resetRequestSchema = z.object({ email: emailField });

export const newPasswordSchema = z
  .object({
    token: z.string().min(20).max(100),
    password: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords don't match.",
  });

/** Registration errors: what the server says → what the person reads. */
export const REGISTRATION_MESSAGES: Record<string, string> = {
  "Email already in use":
    "An account with this email already exists. Please use a different email or try logging in.",
  "Username already exists": "This username is already taken. Please choose a different username.",
  "Email already registered":
    "An account with this email already exists. Please use a different email or try logging in.",
  "Username already taken": "This username is already taken. Please choose a different username.",
};

export function registrationMessage(serverError: string | undefined, concierge: boolean): string {
  const mapped =
    serverError && Object.hasOwn(REGISTRATION_MESSAGES, serverError)
      ? REGISTRATION_MESSAGES[serverError]
      : undefined;
  if (mapped) return mapped;
  return (
    serverError ||
    (concierge
      ? "Concierge registration failed. Please try again."
      : "Registration failed. Please try again.")
  );
}
