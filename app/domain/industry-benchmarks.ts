/**
 * Numbers that are not marketplace rules but still need a source: product claims and industry
 * figures used as calculator defaults. Same idea as marketplace-rules.ts: one place, each value
 * with where it comes from and when.
 */

export interface Benchmark {
  value: number;
  /** What the number means, with its unit. */
  meaning: string;
  source: string;
  asOf: string;
}

/** Share of rental cars damaged each month: the default "monthly damage rate". */
export const MONTHLY_DAMAGE_RATE_PERCENT: Benchmark = {
  value: 10,
  meaning: "About 10% of cars get damaged each month (percent of the fleet per month).",
  source:
    "Default damage rate: FleetAssist's planning figure of about 10% of cars a month; use your own",
  asOf: "2026-11-01",
};

/** How much faster claims go with FleetAssist: hours per claim are divided by this. */
export const CLAIMS_SPEED_MULTIPLIER: Benchmark = {
  value: 10,
  meaning: "FleetAssist handles claims 10× faster (time per claim divided by 10).",
  source: "Time saved: FleetAssist's product claim that claims take a tenth of the time",
  asOf: "2026-11-01",
};

/** Average repairable insurance claim in the US, used as a default repair cost per incident. */
export const AVERAGE_REPAIRABLE_CLAIM_CENTS: Benchmark = {
  value: 4_730_00,
  meaning:
    "Average repairable collision claim in the US: more than $4,730 (26% are $2,000 or less).",
  source: "CCC Intelligent Solutions, Crash Course 2024–25",
  asOf: "2024-12-31",
};
