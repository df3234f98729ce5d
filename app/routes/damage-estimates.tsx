import { Link } from "react-router";
import type { Route } from "./+types/damage-estimates";
import { Icon } from "~/components/icons";
import { Testimonials } from "~/components/testimonials";
import { VideoEmbed } from "~/components/video-embed";
import { howItWorks, problems } from "~/content/damage-estimates";
import { promoVideo, testimonials, visibleTestimonials } from "~/content/site";
import { env, showExampleContent } from "~/lib/runtime/env.server";
import { DAMAGE_ESTIMATES_DESCRIPTION, pageMeta } from "~/lib/ui/meta";
import type { Toast } from "~/lib/ui/toast";
import { useRootData } from "~/root";

export const EMAIL_VERIFIED_TOAST: Toast = {
  id: "email-verified",
  title: "Email Verified",
  description: "Your email has been successfully verified. Thank you!",
  variant: "default",
};

export function loader({ request }: Route.LoaderArgs) {
  const verified = new URL(request.url).searchParams.get("verified") === "true";
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    toast: verified ? EMAIL_VERIFIED_TOAST : null,
    testimonials: visibleTestimonials(testimonials, showExampleContent()),
    video: {
      youtubeId: env().PROMO_VIDEO_YOUTUBE_ID ?? promoVideo.youtubeId,
      title: promoVideo.title,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "AI Damage Estimates for Rental Cars",
    description: DAMAGE_ESTIMATES_DESCRIPTION,
    path: "/damage-estimates",
    origin: data?.origin ?? "http://localhost:3000",
  });

/** 'Create your Free AI Estimate' goes to the estimate tool when signed in, else to sign-in. */
function EstimateCta({ className = "" }: { className?: string }) {
  const signedIn = Boolean(useRootData()?.user);
  return (
    <Link
      to={signedIn ? "/app" : "/auth"}
      className={`btn-primary px-6 py-3 text-base ${className}`}
    >
      Create your Free AI Estimate
    </Link>
  );
}

export default function DamageEstimates({ loaderData }: Route.ComponentProps) {
  const { video, testimonials: quotes } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page grid items-center gap-12 py-12 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              AI damage estimates
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Damage photos to a repair estimate in about 60 seconds.
            </h1>
            <p className="mt-5 text-lg text-slate-700">
              A transparent, line-by-line estimate with labor, paint and parts, and a professional
              report that wins damage claims. Free to try, no credit card needed.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
              <EstimateCta />
              <a href="#how-it-works" className="btn-ghost px-6 py-3 text-base">
                See how it works
              </a>
            </div>
            <p className="mt-4 text-sm text-slate-600">
              Sample estimate range: $729-986 for bumper and wheel damage.
            </p>
          </div>
          <VideoEmbed youtubeId={video.youtubeId} title={video.title} />
        </div>
      </section>

      <Testimonials items={quotes} heading="Hosts who got paid" />

      <section aria-labelledby="problem-heading" className="py-16 sm:py-20">
        <div className="container-page">
          <h2
            id="problem-heading"
            className="text-center text-3xl font-bold tracking-tight text-slate-900"
          >
            Damage is part of hosting. Losing the claim shouldn't be.
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {problems.map((problem) => (
              <li key={problem.title} className="rounded-2xl border border-slate-200 p-6">
                <h3 className="text-lg font-semibold text-slate-900">{problem.title}</h3>
                <p className="mt-2 text-slate-700">{problem.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="how-heading"
        className="bg-slate-50 py-16 sm:py-20"
      >
        <div className="container-page">
          <h2
            id="how-heading"
            className="text-center text-3xl font-bold tracking-tight text-slate-900"
          >
            How it works in 4 steps
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {howItWorks.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6">
                <div className="flex items-center gap-3">
                  <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-white">
                    {index + 1}
                  </span>
                  <Icon name={step.icon} className="h-6 w-6 text-brand-600" />
                </div>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="py-16 sm:py-20">
        <div className="container-page max-w-3xl text-center">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Your next claim starts with a photo
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Create your first estimate free. No credit card, no body-shop wait.
          </p>
          <EstimateCta className="mt-8" />
        </div>
      </section>

      <section
        aria-labelledby="secure-heading"
        className="border-t border-slate-200 bg-slate-50 py-12"
      >
        <div className="container-page flex max-w-3xl flex-col items-center gap-4 text-center">
          <Icon name="lock" className="h-8 w-8 text-brand-600" />
          <h2 id="secure-heading" className="text-xl font-semibold text-slate-900">
            Safe and Secure
          </h2>
          <p className="text-slate-700">
            Payments are processed by Stripe, damage photos are analyzed by OpenAI's vision models,
            and every connection is protected with SSL encryption. Your photos and reports are never
            sold or shared without your say.
          </p>
        </div>
      </section>
    </>
  );
}
