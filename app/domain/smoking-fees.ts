/**
 * The marketplace's smoking fees (part of `FEES` in marketplace-rules.ts, dated and sourced there).
 * A module of their own so a page that only offers the fee choices doesn't download every rule.
 */
export const SMOKING_FEES = {
  odorOnlyCents: 50_00,
  odorWithEvidenceCents: 150_00,
  multipleIssuesCents: 250_00,
} as const;
