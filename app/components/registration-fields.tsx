import type { FieldState } from "~/lib/http/server-form";
import { FormField } from "./form-field";

type RegistrationField = "firstName" | "lastName" | "username" | "email" | "password";

/** The fields every registration asks for (/auth and /join-concierge), with the same rules. */
export function RegistrationFields({ fields }: { fields: Record<RegistrationField, FieldState> }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.firstName} label="First name" autoComplete="given-name" />
        <FormField field={fields.lastName} label="Last name" autoComplete="family-name" />
      </div>
      <FormField
        field={fields.username}
        label="Username"
        autoComplete="username"
        pattern="[A-Za-z0-9_.\-]+"
        hint="Letters, numbers, dots, dashes and underscores."
      />
      <FormField field={fields.email} label="Email" type="email" autoComplete="email" required />
      <FormField
        field={fields.password}
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        hint="At least 8 characters. Long passphrases are great."
      />
    </div>
  );
}
