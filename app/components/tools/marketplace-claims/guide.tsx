import {
  CLAIM_ROUTES,
  FEES,
  PRIOR_DAMAGE_RULE,
  REIMBURSEMENT_RULE,
  TRIP_PHOTO_RULE,
  type RuleSource,
} from "~/domain/marketplace-rules";
import { escalate, estimate, fee, name, report, SourceLink, tolls } from "./common";

/** The claim's steps and its two routes. */
export function HowClaimsWork() {
  const routes = [CLAIM_ROUTES["resolve-directly"], CLAIM_ROUTES["marketplace-managed"]];
  const steps = [
    `Take post-trip photos in the ${name} app within ${TRIP_PHOTO_RULE.postTripMaxHoursAfterEnd} hours of trip end, matching your pre-trip set.`,
    `Report the damage in ${name}'s claims center within ${report} of trip end (or of the guest telling you, if that came first).`,
    `Choose a route: settle it with the guest, or have ${name} manage it.`,
    `Send a repair estimate within ${estimate}; if you and the guest can't agree, either of you can escalate within ${escalate}.`,
    `Invoice tolls and other incidentals as reimbursement requests (tolls within ${tolls}); the guest has ${REIMBURSEMENT_RULE.guestDisputeWindowHours} hours to dispute each one.`,
  ];
  return (
    <section aria-labelledby="how-heading" className="mt-14">
      <h2 id="how-heading" className="text-2xl font-bold text-slate-900">
        How a damage claim works on {name}
      </h2>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {steps.map((step, index) => (
          <li key={step} className="rounded-2xl border border-slate-200 p-4">
            <p className="text-sm font-semibold text-brand-700">Step {index + 1}</p>
            <p className="mt-1 text-sm text-slate-700">{step}</p>
          </li>
        ))}
      </ol>
      <h3 className="mt-8 text-lg font-semibold text-slate-900">The two routes</h3>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {routes.map((route) => (
          <article key={route.id} className="rounded-2xl border border-slate-200 p-5">
            <h4 className="font-semibold text-slate-900">{route.name}</h4>
            <p className="mt-2 text-sm text-slate-700">{route.summary}</p>
            <SourceLink source={route.source} />
          </article>
        ))}
      </div>
    </section>
  );
}

/** The evidence a claim is won with. */
export function EvidenceThatWins() {
  const items: Array<{ title: string; text: string; source?: RuleSource }> = [
    {
      title: "Pre- and post-trip photos, on time",
      text: `Pre-trip photos taken within ${TRIP_PHOTO_RULE.preTripMaxHoursBeforeStart} hours before the trip starts and post-trip photos within ${TRIP_PHOTO_RULE.postTripMaxHoursAfterEnd} hours after it ends, in the ${name} app: all four sides, every wheel, the interior, the fuel or charge level and the odometer.`,
      source: TRIP_PHOTO_RULE.source,
    },
    {
      title: "Missing photos lose the claim",
      text: `Without the required trip photos the claim is denied and you are charged a ${fee(FEES.missingPhotos.feeCents)} fee.`,
      source: FEES.missingPhotos.source,
    },
    {
      title: "Timestamps and originals",
      text: "Keep the original files: their capture time and place show the damage appeared during the trip. Take a wide shot for position and a close-up for size, in good light.",
    },
    {
      title: "A repair estimate with line items",
      text: "Each damaged part with its operation (repair, replace, refinish), labor hours × rate, parts and paint materials. An itemized estimate is hard to argue with; a lump sum invites a lower offer.",
    },
    {
      title: "Receipts for everything else",
      text: `Toll statements, fuel, cleaning and smoking-odor receipts, sent as reimbursement requests with photos attached. Invoices that misuse the tool cost the host ${fee(FEES.reimbursementMisuse.feeCents)} each.`,
      source: REIMBURSEMENT_RULE.source,
    },
    {
      title: "A record of earlier damage",
      text: `${PRIOR_DAMAGE_RULE.summary} Dated photos and estimates of old damage keep a new claim from being discounted.`,
      source: PRIOR_DAMAGE_RULE.source,
    },
    {
      title: `Messages inside the ${name} app`,
      text: `The conversation in ${name}'s messaging is the record its claims team reads. Stick to facts and evidence; don't discuss fault by phone or text.`,
    },
  ];
  return (
    <section aria-labelledby="evidence-heading" className="mt-14">
      <h2 id="evidence-heading" className="text-2xl font-bold text-slate-900">
        What evidence wins
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.title} className="rounded-2xl border border-slate-200 p-5">
            <h3 className="font-semibold text-slate-900">{item.title}</h3>
            <p className="mt-2 text-sm text-slate-700">{item.text}</p>
            {item.source ? <SourceLink source={item.source} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
