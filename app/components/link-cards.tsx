import { Link } from "react-router";

export interface LinkCard {
  path: string;
  name: string;
  summary: string;
}

/** A grid of links, each a card with its page's name and what the page is for. */
export function LinkCards({ links, className = "" }: { links: LinkCard[]; className?: string }) {
  return (
    <ul className={`grid gap-3 sm:grid-cols-2 lg:grid-cols-3 ${className}`}>
      {links.map((link) => (
        <li key={link.path}>
          <Link
            to={link.path}
            className="block h-full rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 hover:shadow-sm"
          >
            <span className="font-semibold text-brand-700">{link.name}</span>
            <span className="mt-1 block text-sm text-slate-700">{link.summary}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
