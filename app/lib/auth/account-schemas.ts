import { z } from "zod";
import { emailField, newPasswordField, usernameField } from "./schemas";

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(60, `Your ${label} must be at most 60 characters.`);

export const profileSchema = z.object({
  firstName: name("first name"),
  lastName: name("last name"),
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

export const inviteSchema = z.object({
  email: emailField,
  role: z.enum(["team_member", "va"], { error: "Choose Team or VA." }),
});

export const memberSchema = z.object({
  userId: z.uuid("Unknown member."),
  role: z.enum(["team_member", "va"], { error: "Choose Team or VA." }).optional(),
});

export const deleteSchema = z.object({ confirm: z.string().max(100) });
