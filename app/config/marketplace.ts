/**
 * The one place that names the marketplace. Routes (/turo-claims, /turo-protection-plan), the
 * demo-lead profile field (turoProfile) and marketplace copy all derive from here.
 */
export const marketplace = {
  name: "Turo",
  slug: "turo",
  profileField: "turoProfile",
  profileExample: "https://turo.com/us/en/drivers/123456",
} as const;

export const claimsPath = `/${marketplace.slug}-claims`;
export const protectionPlanPath = `/${marketplace.slug}-protection-plan`;
