/** Messages the accounts pages show as they are, apart from the schemas so pages need no zod. */

export const RESET_LINK_INVALID =
  "This reset link is invalid or has expired. Please request a new one.";
