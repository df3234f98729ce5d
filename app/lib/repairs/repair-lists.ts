/** The /repair-quote page's forms. */
export const REPAIR_INTENTS = ["request", "record", "confirm"] as const;

/** The /repair-quote page's two lists each page on a cursor parameter of their own. */
export const REPAIR_LIST_PAGE_SIZE = 25;
export const QUOTES_CURSOR = "quotes";
export const REPAIRS_CURSOR = "repairs";
