import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors } from "~/components/form-field";
import { FleetDetailsFields } from "./fleet-details-fields";
import { marketplace } from "~/config/marketplace";
import { useSchemaForm } from "~/lib/http/form";
import { onboardingProfileSchema, type ConciergeReply } from "~/lib/concierge/concierge-schemas";

export interface Onboarding {
  fleetSize: number | null;
  marketplaceProfile: string | null;
  steps: { profile: boolean; knowledge: boolean; inbound: boolean };
}

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <p className="font-semibold text-slate-900">
        <span className={done ? "text-green-800" : "text-slate-600"}>
          {done ? "Done: " : "To do: "}
        </span>
        {title}
      </p>
      <div className="mt-2 text-sm text-slate-700">{children}</div>
    </li>
  );
}

/** The steps after /join-concierge, each done when the account's data says so. */
export function OnboardingChecklist({
  onboarding,
  reply,
}: {
  onboarding: Onboarding;
  reply?: ConciergeReply;
}) {
  const busy = useNavigation().state === "submitting";
  const own = reply?.intent === "onboarding-profile" ? reply.result : undefined;
  const [form, fields] = useSchemaForm(onboardingProfileSchema, own, {
    id: "onboarding-profile",
    defaultValue: {
      conciergeFleetSize: onboarding.fleetSize?.toString() ?? "",
      marketplaceProfile: onboarding.marketplaceProfile ?? "",
    },
  });
  return (
    <ol className="grid gap-3">
      <Step done={onboarding.steps.profile} title="Your fleet">
        <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="onboarding-profile" />
          <div className="sm:col-span-2">
            <FormErrors form={form} />
          </div>
          <FleetDetailsFields fields={fields} />
          <button type="submit" className="btn-primary sm:justify-self-start" disabled={busy}>
            {onboarding.steps.profile ? "Save fleet details" : "Confirm fleet details"}
          </button>
        </Form>
      </Step>
      <Step done={onboarding.steps.knowledge} title="Your knowledge base">
        Write the answers guests ask for (pickup spot, keys, fuel, tolls…): drafts use nothing else.{" "}
        <Link to="/dashboard/inbox/knowledge" className="text-brand-700 underline">
          Open the knowledge base
        </Link>
      </Step>
      <Step done={onboarding.steps.inbound} title="Your inbound email address">
        Forward {marketplace.name}&apos;s guest notification emails to your inbound address, so
        messages reach the queue.{" "}
        <Link to="/dashboard/inbox" className="text-brand-700 underline">
          See your inbound address
        </Link>
      </Step>
    </ol>
  );
}
