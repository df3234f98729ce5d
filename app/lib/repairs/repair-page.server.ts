/** The /repair-quote page's data and its three forms' actions. */
import { accuracySummary, outcome } from "~/domain/repairs/accuracy";
import { parseSubmission } from "~/lib/http/form";
import { formReply } from "~/lib/http/form.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { accountPreferences } from "~/lib/accounts/preferences.server";
import { recordEvent } from "~/lib/analytics/server";
import { accountOwnerName } from "~/lib/accounts/owner.server";
import { finalizedEstimates } from "~/lib/estimates/final-estimates.server";
import { confirmRepairSchema, recordQuoteSchema, requestQuoteSchema } from "./repair-input";
import {
  confirmRepair,
  listConfirmations,
  listQuotes,
  recordQuote,
  RepairInputError,
  requestQuote,
  type RepairActor,
} from "./repairs.server";

export function repairPageData(accountId: string) {
  const estimates = finalizedEstimates(accountId);
  const labels = new Map(estimates.map((estimate) => [estimate.id, estimate.label]));
  const confirmations = listConfirmations(accountId);
  return {
    estimates: estimates.map(({ id, label }) => ({ id, label })),
    quotes: listQuotes(accountId).map(({ quote, estimateCents }) => ({
      id: quote.id,
      estimate: labels.get(quote.reportId) ?? "Estimate",
      shopName: quote.shopName,
      status: quote.status,
      amountCents: quote.amountCents,
      days: quote.days,
      details: quote.details,
      estimateCents,
      requestedAt: quote.requestedAt.toISOString(),
    })),
    confirmations: confirmations.map((row) => ({
      id: row.id,
      estimate: labels.get(row.reportId) ?? "Estimate",
      shopName: row.shopName,
      invoiceCents: row.invoiceCents,
      estimateCents: row.estimateCents,
      repairedOn: row.repairedOn,
      ...outcome(row),
    })),
    accuracy: accuracySummary(confirmations),
  };
}

function refused(
  submission: Parameters<typeof formReply>[0],
  intent: "request" | "record" | "confirm",
  error: unknown,
) {
  if (!(error instanceof RepairInputError)) throw error;
  return formReply(submission, {
    status: error.status,
    intent,
    formError: error.message,
    fieldErrors: { [error.field]: error.message },
  });
}

export function repairAction(actor: RepairActor, form: FormData) {
  const intent = form.get("intent");
  if (intent === "request") {
    const submission = parseSubmission(form, requestQuoteSchema);
    if (submission.status !== "success") return formReply(submission, { status: 400, intent });
    try {
      const business =
        accountPreferences(actor.accountId).businessName ?? accountOwnerName(actor.accountId);
      requestQuote(actor, { ...submission.value, businessName: business });
    } catch (error) {
      return refused(submission, intent, error);
    }
    recordEvent("feature_usage", { feature: "repair_quotes", action: "request" }, actor.userId);
    return redirectWithToast("/repair-quote", {
      title: "Quote requested",
      description: `${submission.value.shopName} got the estimate and a link to answer.`,
    });
  }
  if (intent === "record") {
    const submission = parseSubmission(form, recordQuoteSchema);
    if (submission.status !== "success") return formReply(submission, { status: 400, intent });
    const { amount, ...rest } = submission.value;
    try {
      recordQuote(actor, { ...rest, amountCents: amount });
    } catch (error) {
      return refused(submission, intent, error);
    }
    return redirectWithToast("/repair-quote", { title: "Quote saved" });
  }
  if (intent === "confirm") {
    const submission = parseSubmission(form, confirmRepairSchema);
    if (submission.status !== "success") return formReply(submission, { status: 400, intent });
    const { invoice, ...rest } = submission.value;
    try {
      confirmRepair(actor, { ...rest, invoiceCents: invoice });
    } catch (error) {
      return refused(submission, intent, error);
    }
    recordEvent(
      "feature_usage",
      { feature: "repair_confirmations", action: "confirm" },
      actor.userId,
    );
    return redirectWithToast("/repair-quote", {
      title: "Repair confirmed",
      description: "The damage is marked repaired and the estimate's accuracy recorded.",
    });
  }
  return formReply(null, { status: 400, formError: "Unknown action." });
}
