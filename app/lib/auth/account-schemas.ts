import { z } from "zod";
import type { FormReply } from "~/lib/http/form";
import { intentSchema } from "~/lib/http/intent";
import { canonicalTimeZone } from "~/domain/zoned-time";
import { MEASUREMENT_UNITS } from "~/domain/units";
import { emailField, nameField, newPasswordField, usernameField } from "./schemas";

/** The forms of /account: each posts its name as `intent`, and its reply carries it back. */
export const ACCOUNT_INTENTS = [
  "profile",
  "password",
  "resend",
  "signout-others",
  "signout-all",
  "invite",
  "role",
  "remove",
  "revoke",
  "delete",
  "business",
  "logo",
  "remove-logo",
  "reminders",
] as const;

export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/** Each form of /account posts its intent; anything else is refused. */
export const accountIntentSchema = intentSchema(ACCOUNT_INTENTS, { message: "Unknown action." });

/**
 * /account's reply: the form reply (ADR 0013) and, when a form worked and the page stays, the
 * note it shows ("Profile saved.", "Invitation sent to …").
 */
export type AccountReply = FormReply<AccountIntent> & { success?: string };

export const profileSchema = z.object({
  firstName: nameField("first name"),
  lastName: nameField("last name"),
  username: usernameField,
  email: emailField,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").max(1024),
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords don't match.",
  });

/** The password form's fields, never sent back to the page. */
export const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

/** Forms that are a button only (resend the email, sign out): nothing to check but the intent. */
export const buttonSchema = z.object({});

const teamRole = z.enum(["team_member", "va"], { error: "Choose Team or VA." });

export const inviteSchema = z.object({
  email: emailField,
  role: teamRole,
});

/** Changing a member's role (`role` set) or removing them. */
export const memberSchema = z.object({
  userId: z.uuid("Unknown member."),
  role: teamRole.optional(),
});

export const revokeSchema = z.object({ invitationId: z.coerce.number().int() });

/** Deleting the account: the person types their own username. */
export function deleteSchema(username: string) {
  const message = `Type your username, ${username}, to confirm.`;
  return z.object({
    confirm: z
      .string({ error: message })
      .max(100, message)
      .trim()
      .refine((value) => value === username, message),
  });
}

const timeZoneField = z.string({ error: "Choose a time zone." }).transform((value, context) => {
  const zone = canonicalTimeZone(value);
  if (!zone) {
    context.addIssue({ code: "custom", message: "Choose a time zone from the list." });
    return z.NEVER;
  }
  return zone;
});

/** The business on reports, and how dates and sizes are written. */
export const businessSchema = z.object({
  businessName: z
    .string()
    .trim()
    .max(100, "Keep the business name under 100 characters.")
    .optional()
    .transform((value) => value || null),
  timeZone: timeZoneField,
  units: z.enum(MEASUREMENT_UNITS, { error: "Choose inches or centimeters." }),
});

/** The zone the owner's browser reports, taken while the account has none. */
export const detectTimeZoneSchema = z.object({ timeZone: timeZoneField });

/** Claim reminders: hours before each deadline (checkboxes) and the morning digest. */
export const remindersSchema = z.object({
  leadHours: z
    .preprocess(
      // One checked box posts a single value, several an array.
      (value) => (typeof value === "string" ? [value] : value),
      z
        .array(
          z.enum(["72", "48", "24", "6", "2", "1"], { error: "Choose from the listed times." }),
        )
        .max(6),
    )
    .optional()
    .transform((values) => [...new Set((values ?? []).map(Number))].sort((a, b) => b - a)),
  dailyDigest: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
