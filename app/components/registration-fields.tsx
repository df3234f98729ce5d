import { FormField } from "./form-field";

interface RegistrationFieldsProps {
  values: Record<string, string | undefined>;
  errors: Partial<Record<string, string>>;
}

/** The fields every registration asks for (/auth and /join-concierge), with the same rules. */
export function RegistrationFields({ values, errors }: RegistrationFieldsProps) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="firstName"
          label="First name"
          autoComplete="given-name"
          required
          maxLength={60}
          defaultValue={values.firstName}
          error={errors.firstName}
        />
        <FormField
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          required
          maxLength={60}
          defaultValue={values.lastName}
          error={errors.lastName}
        />
      </div>
      <FormField
        name="username"
        label="Username"
        autoComplete="username"
        required
        minLength={3}
        maxLength={30}
        pattern="[A-Za-z0-9_.\-]+"
        defaultValue={values.username}
        error={errors.username}
        hint="Letters, numbers, dots, dashes and underscores."
      />
      <FormField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values.email}
        error={errors.email}
      />
      <FormField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={128}
        error={errors.password}
        hint="At least 8 characters. Long passphrases are great."
      />
    </div>
  );
}
