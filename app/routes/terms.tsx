import type { Route } from "./+types/terms";
import { originLoader } from "~/lib/ui/origin.server";
import { LegalPage, legalPageMeta } from "~/components/legal-page";
import * as content from "~/content/terms";

export const loader = originLoader;

const page = {
  title: "Terms of Service",
  description:
    "The terms for using FleetAssist's AI damage estimates, claims tracking, guest inbox assistant and Concierge service.",
  path: "/terms",
};

export const meta: Route.MetaFunction = legalPageMeta(page);

export default function Terms() {
  return <LegalPage title={page.title} {...content} />;
}
