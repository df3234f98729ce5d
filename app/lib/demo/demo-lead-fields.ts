import { marketplace } from "~/config/marketplace";

/** Field names and limits of the demo form, shared by the form (browser) and the schema. */
export const MIN_DEMO_VEHICLES = 5;
export const PROFILE_FIELD = marketplace.profileField;
export const HONEYPOT_FIELD = "company_website";
