/** The /repair-quote page's data and its three forms' actions. */
import { outcome } from "~/domain/repairs/accuracy";
import { parseSubmission } from "~/lib/http/form";
import { formReply, inputErrorReply } from "~/lib/http/form.server";
import { catchInputError, type InputError } from "~/lib/http/input-error";
import { intentSchema, type IntentHandlers, type IntentOf } from "~/lib/http/intent";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { recordEvent } from "~/lib/analytics/server";
import { accountOwnerName } from "~/lib/accounts/owner.server";
import { finalizedEstimates } from "~/lib/estimates/final-estimates.server";
import { confirmRepairSchema, recordQuoteSchema, requestQuoteSchema } from "./repair-input";
import { pageOrFirst, readTimePageRequest } from "~/lib/paging/paging";
import {
  QUOTES_CURSOR,
  REPAIR_INTENTS,
  REPAIR_LIST_PAGE_SIZE,
  REPAIRS_CURSOR,
} from "./repair-lists";
import {
  confirmationPage,
  confirmRepair,
  quoteCount,
  quotePage,
  recordQuote,
  repairAccuracy,
  requestQuote,
  type RepairActor,
} from "./repairs.server";

/** The list page a cursor parameter asks for; a stale link shows the first page with a notice. */
function listPageAsked(url: URL, cursorParam: string) {
  const asked = readTimePageRequest(url.searchParams, REPAIR_LIST_PAGE_SIZE, cursorParam);
  return pageOrFirst(asked, REPAIR_LIST_PAGE_SIZE);
}

export function repairPageData(accountId: string, url: URL) {
  const quotesAsked = listPageAsked(url, QUOTES_CURSOR);
  const repairsAsked = listPageAsked(url, REPAIRS_CURSOR);
  const quotes = quotePage(accountId, quotesAsked.page);
  const confirmations = confirmationPage(accountId, repairsAsked.page);
  return {
    estimates: finalizedEstimates(accountId).map(({ id, label }) => ({ id, label })),
    quotes: {
      items: quotes.items.map(({ quote, estimate, estimateCents }) => ({
        id: quote.id,
        estimate,
        shopName: quote.shopName,
        status: quote.status,
        amountCents: quote.amountCents,
        days: quote.days,
        details: quote.details,
        estimateCents,
        requestedAt: quote.requestedAt.toISOString(),
      })),
      count: quoteCount(accountId),
      nextCursor: quotes.nextCursor,
      notice: quotesAsked.notice,
    },
    confirmations: {
      items: confirmations.items.map((row) => ({
        id: row.id,
        estimate: row.estimate,
        shopName: row.shopName,
        invoiceCents: row.invoiceCents,
        estimateCents: row.estimateCents,
        repairedOn: row.repairedOn,
        ...outcome(row),
      })),
      nextCursor: confirmations.nextCursor,
      notice: repairsAsked.notice,
    },
    accuracy: repairAccuracy(accountId),
  };
}

const repairIntentSchema = intentSchema(REPAIR_INTENTS, {
  message: "Unknown action.",
});
type RepairIntent = IntentOf<typeof repairIntentSchema>;

/** One posted form of the page, for its intent's handler. */
interface RepairPost {
  actor: RepairActor;
  form: FormData;
}

/** A refusal from lib, on the form and on its field. */
function refused(submission: Parameters<typeof formReply>[0], intent: RepairIntent) {
  return (error: InputError) => inputErrorReply(submission, error, { intent });
}

async function requestPosted({ actor, form }: RepairPost) {
  const submission = parseSubmission(form, requestQuoteSchema);
  if (submission.status !== "success") {
    return formReply(submission, { status: 400, intent: "request" });
  }
  return catchInputError(
    () => {
      const business =
        accountPreferences(actor.accountId).businessName ?? accountOwnerName(actor.accountId);
      requestQuote(actor, { ...submission.value, businessName: business });
      recordEvent("feature_usage", { feature: "repair_quotes", action: "request" }, actor.userId);
      return redirectWithToast("/repair-quote", {
        title: "Quote requested",
        description: `${submission.value.shopName} got the estimate and a link to answer.`,
      });
    },
    refused(submission, "request"),
  );
}

async function recordPosted({ actor, form }: RepairPost) {
  const submission = parseSubmission(form, recordQuoteSchema);
  if (submission.status !== "success") {
    return formReply(submission, { status: 400, intent: "record" });
  }
  const { amount, ...rest } = submission.value;
  return catchInputError(
    () => {
      recordQuote(actor, { ...rest, amountCents: amount });
      return redirectWithToast("/repair-quote", { title: "Quote saved" });
    },
    refused(submission, "record"),
  );
}

async function confirmPosted({ actor, form }: RepairPost) {
  const submission = parseSubmission(form, confirmRepairSchema);
  if (submission.status !== "success") {
    return formReply(submission, { status: 400, intent: "confirm" });
  }
  const { invoice, ...rest } = submission.value;
  return catchInputError(
    () => {
      confirmRepair(actor, { ...rest, invoiceCents: invoice });
      recordEvent(
        "feature_usage",
        { feature: "repair_confirmations", action: "confirm" },
        actor.userId,
      );
      return redirectWithToast("/repair-quote", {
        title: "Repair confirmed",
        description: "The damage is marked repaired and the estimate's accuracy recorded.",
      });
    },
    refused(submission, "confirm"),
  );
}

const repairIntents = {
  request: requestPosted,
  record: recordPosted,
  confirm: confirmPosted,
} satisfies IntentHandlers<RepairIntent, RepairPost>;

/** The /repair-quote page's action: its three forms, each posting its intent. */
export async function repairAction(actor: RepairActor, form: FormData) {
  const posted = parseSubmission(form, repairIntentSchema);
  if (posted.status !== "success") {
    return formReply(null, { status: 400, formError: "Unknown action." });
  }
  return repairIntents[posted.value.intent]({ actor, form });
}
