import { data, Link } from "react-router";
import type { Route } from "./+types/404";
import { freeTools } from "~/config/free-tools";
import { LinkCards, type LinkCard } from "~/components/link-cards";
import { pageMeta } from "~/lib/ui/meta";
import { env } from "~/lib/runtime/env.server";

export function loader() {
  return data({ origin: new URL(env().PUBLIC_URL).origin }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Page not found",
    path: "/404",
    origin: data?.origin ?? "http://localhost:3000",
    noIndex: true,
  });

const destinations: LinkCard[] = [
  {
    path: "/",
    name: "Concierge for rental fleets",
    summary: "AI inbox, human VA and claims agent.",
  },
  {
    path: "/damage-estimates",
    name: "AI damage estimates",
    summary: "Photos to a repair estimate in about 60 seconds.",
  },
  ...freeTools,
];

export default function NotFound() {
  return (
    <div className="container-page py-16 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        We couldn't find that page
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">
        The link may be old or mistyped. Here is where most hosts are headed:
      </p>
      <LinkCards links={destinations} className="mt-10" />
      <p className="mt-10 text-slate-700">
        Still lost?{" "}
        <Link to="/" className="font-medium text-brand-600 underline">
          Go to the home page
        </Link>
        .
      </p>
    </div>
  );
}
