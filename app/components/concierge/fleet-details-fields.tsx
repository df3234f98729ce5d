import type { FieldState } from "~/lib/http/server-form";
import { FormField } from "~/components/form-field";
import { marketplace } from "~/config/marketplace";

/**
 * The concierge's fleet size and marketplace profile: asked at /join-concierge, confirmed in
 * onboarding. `profileClassName` lets a wider form give the link the full row.
 */
export function FleetDetailsFields({
  fields,
  profileClassName,
}: {
  fields: {
    conciergeFleetSize: FieldState;
    marketplaceProfile: FieldState;
  };
  profileClassName?: string;
}) {
  return (
    <>
      <FormField
        field={fields.conciergeFleetSize}
        label="Vehicles in your fleet"
        type="number"
        inputMode="numeric"
      />
      <div className={profileClassName}>
        <FormField
          field={fields.marketplaceProfile}
          label={`${marketplace.name} profile link or fleet website`}
        />
      </div>
    </>
  );
}
