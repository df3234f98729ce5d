import { data, redirect, type AppLoadContext } from "react-router";
import { recordEvent } from "../analytics/server";
import { HONEYPOT_FIELD, demoStartSchema } from "./demo-lead";
import { parseDemoLead, submitDemoLead } from "./demo-lead.server";
import { fieldErrorsOf, readForm, type FieldErrors } from "../http/form.server";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "../http/rate-limit.server";
import { clientIp } from "../http/request.server";
import { readAttribution } from "../analytics/utm.server";

export const DEMO_FORM_IDS = ["hero", "closing"] as const;
export type DemoFormId = (typeof DEMO_FORM_IDS)[number];

export interface DemoFormState {
  formId: DemoFormId;
  step: 1 | 2;
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  formError?: string;
}

function textValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value === "string" && key !== HONEYPOT_FIELD) values[key] = value.slice(0, 1000);
  }
  return values;
}

/**
 * The two-step demo form as a plain form post (works with JavaScript off; with JavaScript the
 * same action answers a fetcher). Step 1 records the click and asks for the rest; step 2
 * validates, saves the lead and redirects to the scheduling page.
 */
export async function handleDemoFormPost(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  if (!form) {
    return data<DemoFormState>(
      {
        formId: "hero",
        step: 1,
        values: {},
        fieldErrors: {},
        formError: "We couldn't read that form. Please try again.",
      },
      { status: 400 },
    );
  }
  const formId: DemoFormId = form.get("formId") === "closing" ? "closing" : "hero";
  const intent = form.get("intent") === "book" ? "book" : "start";
  const values = textValues(form);
  const step = intent === "book" ? 2 : 1;
  const reply = (status: number, fieldErrors: FieldErrors, formError?: string) =>
    data<DemoFormState>({ formId, step, values, fieldErrors, formError }, { status });

  const filledHoneypot = form.get(HONEYPOT_FIELD);
  if (typeof filledHoneypot === "string" && filledHoneypot.trim() !== "") {
    return reply(400, {}, "Your request could not be submitted. Please try again.");
  }
  const limit = checkRateLimit(clientIp(context), "demo");
  if (!limit.allowed) return reply(429, {}, RATE_LIMIT_MESSAGE);

  if (intent === "start") {
    const result = demoStartSchema.safeParse({ email: values.email });
    if (!result.success) return reply(400, fieldErrorsOf(result.error.issues));
    recordEvent("demo_button_clicked", { location: formId });
    return data<DemoFormState>({
      formId,
      step: 2,
      values: { email: result.data.email },
      fieldErrors: {},
    });
  }

  const parsed = parseDemoLead(values);
  if (!parsed.ok) return reply(400, parsed.fieldErrors);
  const { redirectUrl } = submitDemoLead(parsed.lead, {
    source: formId,
    attribution: await readAttribution(request),
  });
  return redirect(redirectUrl, 303);
}
