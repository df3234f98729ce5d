import { z } from "zod";
import { marketplace } from "~/config/marketplace";
import { HONEYPOT_FIELD, MIN_DEMO_VEHICLES, PROFILE_FIELD } from "./demo-lead-fields";

export { HONEYPOT_FIELD, MIN_DEMO_VEHICLES, PROFILE_FIELD };

const email = z
  .string({ error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email("Enter a valid email address, like name@example.com."));

function requiredText(label: string, max = 100) {
  return z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(max, `Your ${label} must be at most ${max} characters.`);
}

/** Step 1 of the demo form: email only. */
export const demoStartSchema = z.object({ email });

/** Step 2 of the demo form; also the body of POST /api/demo-leads. */
export const demoLeadSchema = z.object({
  email,
  firstName: requiredText("first name"),
  lastName: requiredText("last name"),
  phone: z
    .string({ error: "Enter your phone number." })
    .trim()
    .min(1, "Enter your phone number.")
    .max(40, "That phone number is too long.")
    .regex(/^\+?[0-9 ().-]{7,}$/, "Enter a phone number with at least 7 digits."),
  [PROFILE_FIELD]: requiredText(`${marketplace.name} profile link or fleet website`, 500),
  vehicleCount: z.coerce
    .number({ error: "Enter the number of vehicles in your fleet." })
    .int("Enter a whole number of vehicles.")
    .min(
      MIN_DEMO_VEHICLES,
      `The concierge demo is for fleets of ${MIN_DEMO_VEHICLES} or more vehicles.`,
    )
    .max(100_000, "That is more vehicles than we can help with in one demo."),
});

export type DemoLead = z.infer<typeof demoLeadSchema>;

/**
 * The external scheduling page with the lead's details prefilled: email, name, a1 (phone),
 * a2 (profile) and a3 (vehicle count).
 */
export function schedulingRedirectUrl(schedulingUrl: string, lead: DemoLead): string {
  const url = new URL(schedulingUrl);
  url.searchParams.set("email", lead.email);
  url.searchParams.set("name", `${lead.firstName} ${lead.lastName}`);
  url.searchParams.set("a1", lead.phone);
  url.searchParams.set("a2", lead[PROFILE_FIELD]);
  url.searchParams.set("a3", String(lead.vehicleCount));
  return url.toString();
}
