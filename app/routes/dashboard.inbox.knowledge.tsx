import { Form, useNavigation } from "react-router";
import { featureAllowed, requireFeature } from "~/lib/billing/gates.server";
import { ReadOnlyNotice } from "~/components/billing/upgrade-required";
import type { Route } from "./+types/dashboard.inbox.knowledge";
import { FleetPageHeader } from "~/components/fleet";
import { FormAlert } from "~/components/form-field";
import { HoldingReplyForm } from "~/components/inbox/holding-reply-form";
import { KnowledgeEntryForm } from "~/components/inbox/knowledge-entry-form";
import {
  KNOWLEDGE_TOPIC_INFO,
  KNOWLEDGE_TOPICS,
  STALE_AFTER_DAYS,
  type KnowledgeTopic,
} from "~/domain/inbox/knowledge";
import { holdingReply } from "~/domain/inbox/restricted-topics";
import { requireSession } from "~/lib/auth/guards.server";
import type { CurrentSession } from "~/lib/auth/session.server";
import { getVehicle, listVehicles, vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { parseSubmission } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { accountHoldingReply, saveHoldingReply } from "~/lib/inbox/drafts.server";
import { holdingReplySchema, MAX_KNOWLEDGE_CHARS } from "~/lib/inbox/inbox-forms";
import { knowledgeBase, saveKnowledge } from "~/lib/inbox/knowledge.server";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { intentSchema, postedFields, postedText } from "~/lib/http/intent";
import { z } from "zod";

export const meta: Route.MetaFunction = ({ data }) =>
  privatePageMeta("Knowledge base", "/dashboard/inbox/knowledge", data);

/** The car whose own answers are shown (`?vehicle=`), or null for the whole account's. */
function scopeOf(accountId: string, url: URL) {
  const id = url.searchParams.get("vehicle");
  return id ? (getVehicle(accountId, id) ?? null) : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  const vehicle = scopeOf(session.accountId, new URL(request.url));
  return {
    readOnly: !featureAllowed(session.accountId, "inbox"),
    origin: new URL(env().PUBLIC_URL).origin,
    vehicles: listVehicles(session.accountId).map((car) => ({
      id: car.id,
      label: vehicleLabel(car),
    })),
    vehicle: vehicle ? { id: vehicle.id, label: vehicleLabel(vehicle) } : null,
    entries: knowledgeBase(session.accountId, vehicle?.id ?? null),
    holdingReply: accountHoldingReply(session.accountId) ?? "",
    defaultHoldingReply: holdingReply(null),
  };
}

/** The page's forms: the holding reply, or an answer of the knowledge base (no intent). */
const knowledgePostSchema = intentSchema(["holding-reply", "entry"], { fallback: "entry" });
const entrySchema = z.object({ topic: postedText, text: postedText });

/** Each form of the page posts its intent; one function answers each. */
const intents = {
  entry(session: CurrentSession, form: FormData, url: URL) {
    const vehicle = scopeOf(session.accountId, url);
    const posted = postedFields(form, entrySchema);
    const topic = posted.topic;
    const text = posted.text.replace(/\r\n?/g, "\n").trim();
    if (!KNOWLEDGE_TOPICS.includes(topic as KnowledgeTopic)) {
      return formReply(null, { status: 400, formError: "Choose one of the topics on this page." });
    }
    if (text.length > MAX_KNOWLEDGE_CHARS) {
      return formReply(null, { status: 400, formError: "Keep an answer under 1,000 characters." });
    }
    saveKnowledge(session.accountId, topic as KnowledgeTopic, text, vehicle?.id ?? null);
    return redirectWithToast(`${url.pathname}${url.search}#${topic}`, {
      title: text ? "Saved and confirmed" : "Removed",
      description: KNOWLEDGE_TOPIC_INFO[topic as KnowledgeTopic].label,
    });
  },
  "holding-reply"(session: CurrentSession, form: FormData, url: URL) {
    const submission = parseSubmission(form, holdingReplySchema);
    if (submission.status !== "success")
      return formReply(submission, { status: 400, intent: "holding-reply" });
    saveHoldingReply(session.accountId, submission.value.holdingReply ?? "");
    return redirectWithToast(`${url.pathname}${url.search}#holding-reply`, {
      title: "Holding reply saved",
      description: submission.value.holdingReply
        ? "Guests who need a person get it."
        : "Guests who need a person get the default.",
    });
  },
};

export async function action({ request }: Route.ActionArgs) {
  const session = await requireSession(request);
  requireFeature(session, "inbox");
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const { intent } = postedFields(form, knowledgePostSchema);
  return intents[intent](session, form, new URL(request.url));
}

export default function Knowledge({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData?.intent ? undefined : actionData?.result.error?.[""]?.[0];
  const { vehicle } = loaderData;
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/inbox", label: "Guest inbox" }}
        title="Knowledge base"
        intro={`Your answers to what guests ask. Drafts are made only from these, and list the ones they used. Confirm an answer when you check it; after ${STALE_AFTER_DAYS} days unconfirmed it is marked stale.`}
      />
      {loaderData.readOnly ? <ReadOnlyNotice feature="inbox" /> : null}
      {loaderData.vehicles.length > 0 ? (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="knowledge-vehicle" className="label">
              Answers for
            </label>
            <select
              id="knowledge-vehicle"
              name="vehicle"
              className="input"
              defaultValue={vehicle?.id ?? ""}
            >
              <option value="">Every car (the account&apos;s answers)</option>
              {loaderData.vehicles.map((car) => (
                <option key={car.id} value={car.id}>
                  {car.label} only
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-outline">
            Show
          </button>
        </Form>
      ) : null}
      {vehicle ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
          Answers for the {vehicle.label} only. Where it has none of its own, drafts for it use the
          account&apos;s answer.
        </p>
      ) : (
        <HoldingReplyForm
          value={loaderData.holdingReply}
          placeholder={loaderData.defaultHoldingReply}
          lastResult={actionData?.intent === "holding-reply" ? actionData.result : undefined}
          busy={busy}
        />
      )}
      <FormAlert message={error} />
      {loaderData.entries.map((entry) => (
        <KnowledgeEntryForm
          key={`${vehicle?.id ?? "account"}:${entry.topic}`}
          entry={entry}
          busy={busy}
        />
      ))}
    </div>
  );
}
