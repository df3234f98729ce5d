/**
 * Marketing content the operator edits: testimonials, the promo video and the beta-pricing date.
 *
 * The testimonials below are EXAMPLES, written to show the layout. They are not real customers.
 * Production builds never show an item marked `example: true` unless SHOW_EXAMPLE_CONTENT=true;
 * replace them with quotes from your own hosts (with their permission) and drop the flag.
 */
import type { Testimonial } from "~/components/testimonials";

export const testimonials: Testimonial[] = [
  {
    quote:
      "A guest curbed two wheels and scraped the rear bumper. I had a line-by-line estimate before he left the lot, and the claim was approved without a single back-and-forth.",
    name: "Example host",
    role: "12 cars, Phoenix",
    example: true,
  },
  {
    quote:
      "Our VA answers the 2 a.m. lockbox questions and the AI drafts everything else. I stopped living in the host app and started planning the next five cars.",
    name: "Example fleet owner",
    role: "28 cars, Miami",
    example: true,
  },
  {
    quote:
      "We used to let small claims go because the paperwork wasn't worth it. Now tolls, smoking fees and curb rash all get filed on time, and that money adds up fast.",
    name: "Example host",
    role: "7 cars, Denver",
    example: true,
  },
];

/**
 * The promo video: a YouTube video id (11 characters). Null shows the product preview instead.
 * PROMO_VIDEO_YOUTUBE_ID overrides it without a rebuild (useful for Docker installs).
 */
export const promoVideo = {
  youtubeId: null as string | null,
  title: "How FleetAssist turns damage photos into a repair estimate",
};

export function visibleTestimonials(all: Testimonial[], showExamples: boolean): Testimonial[] {
  return all.filter((testimonial) => showExamples || !testimonial.example);
}
