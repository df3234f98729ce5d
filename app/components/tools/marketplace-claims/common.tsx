import { marketplace } from "~/config/marketplace";
import { claimDeadlineRule, describeDuration, type RuleSource } from "~/domain/marketplace-rules";
import { formatCents } from "~/domain/money";

export const name = marketplace.name;

/** How long the host has from trip end, as the page words it. */
export const report = describeDuration(claimDeadlineRule("report-damage").duration);
export const estimate = describeDuration(claimDeadlineRule("repair-estimate").duration);
export const escalate = describeDuration(claimDeadlineRule("escalate").duration);
export const tolls = describeDuration(claimDeadlineRule("toll-reimbursement").duration);
export const fee = (cents: number) => formatCents(cents, { trimWholeDollars: true });

export function SourceLink({ source }: { source: RuleSource }) {
  if (!source.url) return null;
  return (
    <p className="mt-1 text-sm">
      <a
        href={source.url}
        className="text-brand-700 underline"
        rel="noopener noreferrer"
        target="_blank"
      >
        Source: {source.topic}
      </a>
    </p>
  );
}
