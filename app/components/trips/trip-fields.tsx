import type { FieldMetadata } from "@conform-to/react";
import { FormField } from "~/components/form-field";
import { SelectField } from "~/components/select-field";
import { US_TIME_ZONES } from "~/domain/dates";
import { GUEST_PLAN_IDS, GUEST_PLANS } from "~/domain/marketplace-rules";
import { TRIP_STATUS_LABELS, TRIP_STATUSES } from "~/domain/trips/trip";

type Field = FieldMetadata<unknown>;

export type TripFieldsMetadata = Record<
  | "reservationId"
  | "vehicleId"
  | "guestName"
  | "startDate"
  | "startTime"
  | "endDate"
  | "endTime"
  | "timeZone"
  | "pickupLocation"
  | "returnLocation"
  | "odometerStart"
  | "odometerEnd"
  | "earnings"
  | "status"
  | "guestPlan",
  Field
>;

/** A trip's fields: the reservation, the car, the guest, local pickup and return times, and more. */
export function TripFields({
  fields,
  vehicles,
  accountTimeZone,
}: {
  fields: TripFieldsMetadata;
  vehicles: { id: string; label: string }[];
  accountTimeZone: string;
}) {
  const zones = US_TIME_ZONES.some((zone) => zone.id === accountTimeZone)
    ? US_TIME_ZONES
    : [{ id: accountTimeZone, label: accountTimeZone.replaceAll("_", " ") }, ...US_TIME_ZONES];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        field={fields.reservationId}
        idPrefix="trip-"
        label="Reservation ID"
        maxLength={40}
        autoComplete="off"
      />
      <SelectField field={fields.vehicleId} label="Car">
        <option value="">Choose a car</option>
        {vehicles.map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {vehicle.label}
          </option>
        ))}
      </SelectField>
      <FormField
        field={fields.guestName}
        idPrefix="trip-"
        label="Guest (optional)"
        maxLength={120}
      />
      <SelectField field={fields.timeZone} label="Time zone of the trip">
        {zones.map((zone) => (
          <option key={zone.id} value={zone.id}>
            {zone.label}
          </option>
        ))}
      </SelectField>
      <FormField field={fields.startDate} idPrefix="trip-" label="Pickup date" type="date" />
      <FormField field={fields.startTime} idPrefix="trip-" label="Pickup time" type="time" />
      <FormField
        field={fields.endDate}
        idPrefix="trip-"
        label="Return date"
        type="date"
        hint="When the trip was scheduled to end, or ended if later."
      />
      <FormField field={fields.endTime} idPrefix="trip-" label="Return time" type="time" />
      <FormField
        field={fields.pickupLocation}
        idPrefix="trip-"
        label="Pickup location (optional)"
        maxLength={200}
      />
      <FormField
        field={fields.returnLocation}
        idPrefix="trip-"
        label="Return location (optional)"
        maxLength={200}
      />
      <FormField
        field={fields.odometerStart}
        idPrefix="trip-"
        label="Odometer at pickup, miles (optional)"
        inputMode="numeric"
      />
      <FormField
        field={fields.odometerEnd}
        idPrefix="trip-"
        label="Odometer at return, miles (optional)"
        inputMode="numeric"
      />
      <FormField
        field={fields.earnings}
        idPrefix="trip-"
        label="Your earnings, $ (optional)"
        inputMode="decimal"
      />
      <SelectField field={fields.status} label="Status">
        <option value="">Work it out from the dates</option>
        {TRIP_STATUSES.map((status) => (
          <option key={status} value={status}>
            {TRIP_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <SelectField
        field={fields.guestPlan}
        label="Guest's protection plan"
        hint="On the trip's page in the marketplace; it decides what the guest owes for damage."
      >
        <option value="">Not known yet</option>
        {GUEST_PLAN_IDS.map((plan) => (
          <option key={plan} value={plan}>
            {GUEST_PLANS[plan].name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
