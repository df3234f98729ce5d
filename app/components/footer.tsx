import { Link } from "react-router";
import { freeTools } from "~/config/free-tools";
import { Logo } from "./logo";

export const FOOTER_TAGLINE =
  "Automating the inbox and damage claims for rental fleets with advanced AI technology.";

function Column({
  title,
  links,
}: {
  title: string;
  links: ReadonlyArray<{ path: string; name: string }>;
}) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path} className="text-sm text-slate-600 hover:text-brand-600">
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer({ year }: { year: number }) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Logo />
          <p className="mt-4 max-w-sm text-sm leading-6 text-slate-600">{FOOTER_TAGLINE}</p>
        </div>
        <Column
          title="Quick Links"
          links={[
            { path: "/", name: "Home" },
            { path: "/damage-estimates", name: "Damage Estimates" },
            { path: "/dashboard", name: "Dashboard" },
          ]}
        />
        <Column
          title="Legal"
          links={[
            { path: "/terms", name: "Terms of Service" },
            { path: "/privacy", name: "Privacy Policy" },
          ]}
        />
        <Column title="Free Tools" links={freeTools} />
      </div>
      <div className="border-t border-slate-200">
        <p className="container-page py-6 text-sm text-slate-600">
          © {year} FleetAssist. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
