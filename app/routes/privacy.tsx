import type { Route } from "./+types/privacy";
import { originLoader } from "~/lib/ui/origin.server";
import { LegalPage, legalPageMeta } from "~/components/legal-page";
import * as content from "~/content/privacy";

export const loader = originLoader;

const page = {
  title: "Privacy Policy",
  description:
    "What personal information FleetAssist collects, including vehicle photos and their location data, how we use and share it, and the rights you have.",
  path: "/privacy",
};

export const meta: Route.MetaFunction = legalPageMeta(page);

export default function Privacy() {
  return <LegalPage title={page.title} {...content} />;
}
