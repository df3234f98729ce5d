/**
 * The forms of the report page (/analysis/:reportId): which intents it posts and what its action
 * answers (ADR 0013). The finding forms use `FindingFormSchema`; the others are buttons (and the
 * share form's one select, checked by `createShareLink`).
 */
import { intentSchema } from "~/lib/http/intent";
import { errorsOf, valuesOf, type FormReply, type FormResult } from "~/lib/http/form";

export const REPORT_INTENTS = [
  "add-finding",
  "update-finding",
  "remove-finding",
  "finalize",
  "open-revision",
  "reprice",
  "retry",
  "share",
  "revoke-share",
  "share-gps",
  "printed",
  "set-trip",
] as const;

export type ReportIntent = (typeof REPORT_INTENTS)[number];

/** Every form on the page posts its intent; anything else is refused with this message. */
export const reportIntentSchema = intentSchema(REPORT_INTENTS, { message: "Unknown action." });

/** The page's reply: the form contract's, plus the new link once (it is never stored readable). */
export type ReportReply = FormReply<ReportIntent> & { shareUrl?: string };

/** The reply's result when it answers `intent` (and, for a finding's form, that finding). */
export function resultFor(
  reply: ReportReply | undefined,
  intent: ReportIntent,
  findingId?: string,
): FormResult | undefined {
  if (reply?.intent !== intent) return undefined;
  if (findingId !== undefined && valuesOf(reply.result).findingId !== findingId) return undefined;
  return reply.result;
}

/** The message for the whole form, if the reply has one. */
export function formErrorOf(reply: ReportReply | undefined): string | undefined {
  return errorsOf(reply?.result).form;
}
