import { Form, Link, useNavigation } from "react-router";
import { FormErrors } from "~/components/form-field";
import { RegistrationFields } from "~/components/registration-fields";
import { FleetDetailsFields } from "~/components/concierge/fleet-details-fields";
import { registerAndSignIn } from "~/lib/auth/register.server";
import { conciergeRegisterSchema, registrationMessage } from "~/lib/auth/schemas";
import { getCurrentSession } from "~/lib/auth/session.server";
import { formConstraints, parseSubmission, type FormResult } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { formProps, useServerForm, type FieldConstraints } from "~/lib/http/server-form";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { useActionToast } from "~/lib/ui/toast-store";
import type { Route } from "./+types/join-concierge";
import { Icon, type IconName } from "~/components/icons";
import { marketplace } from "~/config/marketplace";
import { BETA_PRICING, betaPricingActive, PLANS, priceLabel } from "~/domain/billing/plans";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const submission = parseSubmission(form, conciergeRegisterSchema);
  if (submission.status !== "success")
    return formReply(submission, { status: 400, hideFields: ["password"] });
  const { conciergeFleetSize, marketplaceProfile, ...user } = submission.value;
  const outcome = await registerAndSignIn(
    { ...user, concierge: { fleetSize: conciergeFleetSize, marketplaceProfile } },
    request,
    context,
  );
  if (!outcome.ok) {
    const message = registrationMessage(outcome.error, true);
    return formReply(submission, {
      status: outcome.status,
      formError: message,
      fieldErrors: outcome.field ? { [outcome.field]: message } : undefined,
      hideFields: ["password"],
      toast: {
        id: `concierge-${Date.now()}`,
        title: "Concierge registration failed",
        description: message,
        variant: "destructive",
      },
    });
  }
  // The new concierge lands in onboarding: the checklist on their concierge queue.
  return redirectWithToast(
    "/concierge-dashboard",
    {
      title: "Account created successfully!",
      description: "Check your email to verify your account.",
    },
    { headers: { "Set-Cookie": outcome.setCookie } },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  return {
    signedIn: Boolean(await getCurrentSession(request)),
    origin: new URL(env().PUBLIC_URL).origin,
    betaPricingEnds: betaPricingActive(new Date()) ? BETA_PRICING.endsLabel : null,
    price: priceLabel(PLANS.concierge),
    trialDays: PLANS.concierge.trialDays,
    // The form validates on the server; the browser gets the schema's native constraints.
    constraints: formConstraints(conciergeRegisterSchema),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Join Concierge",
    description:
      "24/7 AI inbox monitoring, a human virtual assistant and an AI claims agent for your rental fleet, with 1 hour of onboarding included and a free trial.",
    path: "/join-concierge",
    origin: data?.origin ?? "http://localhost:3000",
  });

const offer: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: "inbox",
    title: "24/7 AI inbox monitoring",
    text: `Every ${marketplace.name} message read and answered around the clock from your playbook, with anything sensitive held for approval.`,
  },
  {
    icon: "user",
    title: "A human virtual assistant",
    text: "A trained VA with their own login to your account handles lock-outs, accidents, refunds and upset guests by your rules.",
  },
  {
    icon: "shield",
    title: "An AI claims agent",
    text: "Estimates from photos in about 60 seconds, evidence assembled, deadlines tracked and claims followed until you're paid.",
  },
  {
    icon: "clock",
    title: "1 hour of onboarding included",
    text: "We set up your playbook, house rules and escalation contacts with you on a call, so the assistant sounds like you from day one.",
  },
];

export default function JoinConcierge({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page py-12 sm:py-20">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Join Concierge
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Hand off the inbox and the claims. Keep the profits.
          </h1>
          <p className="mt-5 text-lg text-slate-700">
            Concierge combines AI that never sleeps with a human who knows your fleet. Start with a
            free trial; it costs less than hiring a virtual assistant yourself.
          </p>
          <p className="mt-4 text-slate-700">
            <strong className="text-slate-900">{loaderData.price}</strong>
            {loaderData.trialDays ? `, after a ${loaderData.trialDays}-day free trial` : null}.
          </p>
          {loaderData.betaPricingEnds ? (
            <p className="mt-4 inline-flex rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
              Beta pricing ends {loaderData.betaPricingEnds}
            </p>
          ) : null}
        </div>

        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {offer.map((item) => (
            <li
              key={item.title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6"
            >
              <span className="inline-flex h-11 w-11 flex-none items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon name={item.icon} />
              </span>
              <div>
                <h2 className="text-lg font-semibold text-slate-900">{item.title}</h2>
                <p className="mt-1 text-slate-700">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>

        {loaderData.signedIn ? null : (
          <ConciergeRegistration
            lastResult={actionData?.result}
            constraints={loaderData.constraints}
          />
        )}

        <section
          aria-labelledby="trial-heading"
          className="mt-12 rounded-2xl bg-brand-700 p-8 text-white sm:p-10"
        >
          <h2 id="trial-heading" className="text-2xl font-bold">
            How the trial works
          </h2>
          <ol className="mt-4 list-decimal space-y-2 pl-5 text-brand-100">
            <li>Book a short demo so we can see your fleet size and how you run it.</li>
            <li>We onboard you in a one-hour call and connect your inbox.</li>
            <li>Your trial starts: the assistant, your VA and the claims agent go to work.</li>
          </ol>
          <Link
            to="/#demo"
            className="btn mt-6 bg-white px-6 py-3 text-base text-brand-700 hover:bg-brand-50"
          >
            Book your demo
          </Link>
        </section>
      </div>
    </div>
  );
}

function ConciergeRegistration({
  lastResult,
  constraints,
}: {
  lastResult?: FormResult;
  constraints: Record<keyof typeof conciergeRegisterSchema.shape, FieldConstraints>;
}) {
  const [form, fields] = useServerForm(lastResult, constraints, { id: "join-concierge" });
  const busy = useNavigation().state === "submitting";
  return (
    <section
      aria-labelledby="register-heading"
      className="mt-12 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8"
      id="register"
    >
      <h2 id="register-heading" className="text-2xl font-bold text-slate-900">
        Create your Concierge account
      </h2>
      <p className="mt-1 text-slate-700">We'll set up your trial and book your onboarding call.</p>
      <Form method="post" className="mt-6 grid gap-4 sm:grid-cols-2" {...formProps(form)}>
        <div className="sm:col-span-2">
          <FormErrors form={form} />
        </div>
        <div className="sm:col-span-2">
          <RegistrationFields fields={fields} />
        </div>
        <FleetDetailsFields fields={fields} profileClassName="sm:col-span-2" />
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="btn-primary w-full py-3 sm:w-auto sm:px-8"
            disabled={busy}
          >
            {busy ? "Creating your account..." : "Start my trial"}
          </button>
        </div>
      </Form>
    </section>
  );
}
