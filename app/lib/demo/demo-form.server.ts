import { data, redirect, type AppLoadContext } from "react-router";
import { recordEvent } from "~/lib/analytics/server";
import { HONEYPOT_FIELD, demoLeadSchema, demoStartSchema } from "./demo-lead";
import { submitDemoLead } from "./demo-lead.server";
import type { Submission } from "@conform-to/react";
import { z } from "zod";
import { parseSubmission, type FormReply } from "~/lib/http/form";
import { formResult, readForm } from "~/lib/http/form.server";
import {
  intentSchema,
  postedFields,
  postedText,
  type IntentHandlers,
  type IntentOf,
} from "~/lib/http/intent";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import { readAttribution } from "~/lib/analytics/utm.server";

export const DEMO_FORM_IDS = ["hero", "closing"] as const;
export type DemoFormId = (typeof DEMO_FORM_IDS)[number];

/** The demo form's reply: the one form reply shape, keyed by which of the page's two forms posted. */
export type DemoFormState = FormReply<DemoFormId> & { step: 1 | 2 };

/**
 * The two-step demo form as a plain form post (works with JavaScript off; with JavaScript the
 * same action answers a fetcher). Step 1 records the click and asks for the rest; step 2
 * validates, saves the lead and redirects to the scheduling page.
 */
export async function handleDemoFormPost(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  if (!form) return demoReply(null, { intent: "hero", step: 1, status: 400 });
  const { intent, formId, [HONEYPOT_FIELD]: honeypot } = postedFields(form, demoPostSchema);
  const refusal =
    honeypot.trim() !== ""
      ? { status: 400, formError: "Your request could not be submitted. Please try again." }
      : !checkRateLimit(clientIp(context), "demo").allowed
        ? { status: 429, formError: RATE_LIMIT_MESSAGE }
        : null;
  return demoSteps[intent]({ form, formId, refusal, request });
}

/** Which form posted (the hero's or the closing one), its step, and the bots' hidden field. */
const demoPostSchema = intentSchema(["start", "book"], { fallback: "start" }).extend({
  formId: z.enum(DEMO_FORM_IDS).catch("hero"),
  [HONEYPOT_FIELD]: postedText,
});

type Refusal = { status: number; formError: string } | null;

interface DemoPost {
  form: FormData;
  formId: DemoFormId;
  refusal: Refusal;
  request: Request;
}

const demoSteps = {
  start: startDemo,
  book: bookDemo,
} satisfies IntentHandlers<IntentOf<typeof demoPostSchema>, DemoPost>;

/** Step 1: the email alone; the click is recorded and step 2 shows the address read-only. */
function startDemo({ form, formId, refusal }: DemoPost) {
  const submission = parseSubmission(form, demoStartSchema);
  if (refusal) return demoReply(submission, { intent: formId, step: 1, ...refusal });
  if (submission.status !== "success")
    return demoReply(submission, { intent: formId, step: 1, status: 400 });
  recordEvent("demo_button_clicked", { location: formId });
  return data<DemoFormState>({
    intent: formId,
    step: 2,
    result: { status: "success", initialValue: { email: submission.value.email } },
  });
}

/** Step 2: the whole form; the lead is saved and the prospect goes to the scheduling page. */
async function bookDemo({ form, formId, refusal, request }: DemoPost) {
  const submission = parseSubmission(form, demoLeadSchema);
  if (refusal) return demoReply(submission, { intent: formId, step: 2, ...refusal });
  if (submission.status !== "success")
    return demoReply(submission, { intent: formId, step: 2, status: 400 });
  const { redirectUrl } = submitDemoLead(submission.value, {
    source: formId,
    attribution: await readAttribution(request),
  });
  return redirect(redirectUrl, 303);
}

function demoReply(
  submission: Submission<unknown> | null,
  options: { intent: DemoFormId; step: 1 | 2; status: number; formError?: string },
) {
  const { intent, step, status, formError } = options;
  const result = formResult(submission, { formError, hideFields: [HONEYPOT_FIELD] });
  return data<DemoFormState>({ intent, step, result }, { status });
}
