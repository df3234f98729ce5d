/** The hours before a claim deadline at which its owner can be reminded. */
export const REMINDER_LEAD_CHOICES = [72, 48, 24, 6, 2, 1] as const;
export const DEFAULT_REMINDER_LEADS = [24, 2];

/** The stored JSON list as lead hours among the choices (largest first); the defaults if damaged. */
export function parseLeadHours(json: string): number[] {
  try {
    const value = JSON.parse(json) as unknown;
    if (Array.isArray(value)) {
      return value
        .filter((hours): hours is number => REMINDER_LEAD_CHOICES.includes(hours as never))
        .sort((a, b) => b - a);
    }
  } catch {
    // A damaged setting falls back to the defaults below.
  }
  return DEFAULT_REMINDER_LEADS;
}
