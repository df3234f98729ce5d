import { demoLeads } from "~/db/schema";
import { recordEvent } from "~/lib/analytics/server";
import { db } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";
import { errorFields, logger } from "~/lib/runtime/logger.server";
import { demoLeadSchema, PROFILE_FIELD, schedulingRedirectUrl, type DemoLead } from "./demo-lead";
import { fieldErrorsOf } from "~/lib/http/form.server";
import type { UtmAttribution } from "~/lib/analytics/utm";

export function parseDemoLead(input: unknown) {
  const result = demoLeadSchema.safeParse(input);
  return result.success
    ? ({ ok: true, lead: result.data } as const)
    : ({ ok: false, fieldErrors: fieldErrorsOf(result.error.issues) } as const);
}

/**
 * Saves the lead and returns the scheduling page to send the prospect to. Saving must never
 * block the prospect: a failure is logged ('Error saving demo lead'), the prospect sees no
 * message, and the redirect still happens.
 */
export function submitDemoLead(
  lead: DemoLead,
  { source, attribution }: { source: string; attribution: UtmAttribution },
): { saved: boolean; redirectUrl: string } {
  let saved = false;
  try {
    db()
      .insert(demoLeads)
      .values({
        email: lead.email,
        firstName: lead.firstName,
        lastName: lead.lastName,
        phone: lead.phone,
        marketplaceProfile: lead[PROFILE_FIELD],
        vehicleCount: lead.vehicleCount,
        utmAttribution:
          attribution.firstTouch || attribution.session ? JSON.stringify(attribution) : null,
        source,
      })
      .run();
    saved = true;
  } catch (error) {
    logger.error("Error saving demo lead", { email: lead.email, ...errorFields(error) });
  }
  recordEvent("demo_booking_submitted", { location: source, vehicleCount: lead.vehicleCount });
  return { saved, redirectUrl: schedulingRedirectUrl(env().SCHEDULING_URL, lead) };
}
