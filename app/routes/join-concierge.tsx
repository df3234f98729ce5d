import { Link } from "react-router";
import type { Route } from "./+types/join-concierge";
import { Icon, type IconName } from "~/components/icons";
import { marketplace } from "~/config/marketplace";
import { betaPricing, betaPricingActive } from "~/content/site";
import { env } from "~/lib/env.server";
import { pageMeta } from "~/lib/meta";

export function loader() {
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    betaPricingEnds: betaPricingActive(new Date()) ? betaPricing.endsLabel : null,
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

export default function JoinConcierge({ loaderData }: Route.ComponentProps) {
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
