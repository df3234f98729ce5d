import type { Route } from "./+types/terms";
import { originLoader } from "~/lib/ui/origin.server";
import { LegalPage, legalPageMeta } from "~/components/legal-page";
import { lastUpdated, sections, summary } from "~/content/terms";

export const loader = originLoader;

export const meta: Route.MetaFunction = legalPageMeta({
  title: "Terms of Service",
  description:
    "The terms for using FleetAssist's AI damage estimates, claims tracking, guest inbox assistant and Concierge service.",
  path: "/terms",
});

export default function Terms() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={lastUpdated}
      summary={summary}
      sections={sections}
    />
  );
}
