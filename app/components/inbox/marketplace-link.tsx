import { marketplace } from "~/config/marketplace";

/** Opens the conversation on the marketplace, where replies are sent (in a new tab). */
export function MarketplaceLink({ href, className }: { href: string; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      Open on {marketplace.name}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
