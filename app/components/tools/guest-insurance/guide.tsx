import { Link } from "react-router";
import { marketplace, protectionPlanPath } from "~/config/marketplace";
import { claimDeadlineRule, describeDuration } from "~/domain/marketplace-rules";

/** "How to file, step by step": the four steps, with the marketplace's deadlines. */
export function Guide() {
  const reportWithin = describeDuration(claimDeadlineRule("report-damage").duration);
  const estimateWithin = describeDuration(claimDeadlineRule("repair-estimate").duration);
  const escalateWithin = describeDuration(claimDeadlineRule("escalate").duration);
  const m = marketplace.name;
  const steps = [
    {
      title: `Choose this route or a ${m}-managed claim`,
      body: (
        <>
          Whichever route you take, report the damage in {m}&apos;s claims center within{" "}
          {reportWithin} of the trip&apos;s end. Writing to the guest&apos;s own insurer is part of
          resolving the claim directly with the guest: it fits best when the guest declined a
          protection plan and relies on their own insurance. On a {m}-managed claim, {m} asks the
          guest&apos;s insurance itself (unless they chose Premier) and you pay your plan&apos;s
          deductible.{" "}
          <Link to={protectionPlanPath} className="text-brand-700 underline">
            Compare both routes for your plans
          </Link>
          .
        </>
      ),
    },
    {
      title: "Gather the facts and the evidence",
      body: (
        <>
          Ask the guest, in {m} messaging, for their insurance company, policy number and a photo of
          their insurance card. Get an itemized repair estimate within {estimateWithin}. Collect
          your pre- and post-trip photos, the trip receipt, your registration and a receipt for
          every other charge: the evidence checklist on this page follows what you enter.
        </>
      ),
    },
    {
      title: "Send the letter",
      body: (
        <>
          Fill in the form and check the preview, then download the PDF or print it. Email it to the
          insurer&apos;s claims address (on the insurance card or the insurer&apos;s website) with
          the evidence attached, copy the guest, and keep a copy with the date you sent it.
        </>
      ),
    },
    {
      title: "Follow up",
      body: (
        <>
          The insurer should confirm the claim with a claim number and an adjuster. If a week or two
          passes without a reply, call their claims line with the policy number and the date of your
          letter. If they refuse or stall, you or the guest can still ask {m} to manage the claim
          within {escalateWithin} of the trip&apos;s end; once it is managed you can&apos;t switch
          back.
        </>
      ),
    },
  ];
  return (
    <section aria-labelledby="guide-heading" className="no-print mt-8">
      <h2 id="guide-heading" className="text-xl font-semibold text-slate-900">
        How to file, step by step
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 p-5">
            <p
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {index + 1}
            </p>
            <h3 className="mt-3 font-semibold text-slate-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-sm text-slate-700">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
