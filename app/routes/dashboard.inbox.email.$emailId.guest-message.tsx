import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.inbox.email.$emailId.guest-message";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { FormErrors, FormField } from "~/components/form-field";
import { TextareaField } from "~/components/textarea-field";
import { requireFeature } from "~/lib/billing/gates.server";
import { requireSession } from "~/lib/auth/guards.server";
import { parseSubmission, useSchemaForm } from "~/lib/http/form";
import { formReply, readForm } from "~/lib/http/form.server";
import { MAX_PASTED_MESSAGE_CHARS, pasteConversationSchema } from "~/lib/inbox/inbox-forms";
import {
  guestMessageStart,
  hasInboundEmail,
  isUnreadEmail,
  makeGuestMessage,
} from "~/lib/inbox/unread-emails.server";
import { draftRepliesSoon } from "~/lib/inbox/drafts.server";
import { env } from "~/lib/runtime/env.server";
import { privatePageMeta } from "~/lib/ui/meta";
import { useFormat } from "~/lib/ui/preferences";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: Route.MetaFunction = ({ data, params }) =>
  privatePageMeta(
    "Make this a guest message",
    `/dashboard/inbox/email/${params.emailId}/guest-message`,
    data,
  );

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await requireSession(request);
  requireFeature(session, "inbox");
  const start = await guestMessageStart(session.accountId, params.emailId);
  if (!start) throw new Response("Not Found", { status: 404 });
  return {
    email: { ...start.email, receivedAt: start.email.receivedAt.toISOString() },
    origin: new URL(env().PUBLIC_URL).origin,
    guess: start.guess,
    trips: start.trips.map((trip) => ({
      reservationId: trip.reservationId,
      guestName: trip.guestName,
      startAt: trip.startAt.toISOString(),
    })),
  };
}

/**
 * An email that is no longer unread: another account's (or none) is not found, as everywhere;
 * this account's was already made a guest message (a second tab, a double post), which the
 * inbox says whatever the form held.
 */
function emailGone(accountId: string, emailId: string) {
  if (!hasInboundEmail(accountId, emailId)) throw new Response("Not Found", { status: 404 });
  return redirectWithToast("/dashboard/inbox#unread-emails", {
    title: "That email is no longer in the list of emails we couldn't read.",
  });
}

/** The email becomes the guest's message: it joins their conversation and leaves the list. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireSession(request);
  requireFeature(session, "inbox");
  if (!isUnreadEmail(session.accountId, params.emailId)) {
    return emailGone(session.accountId, params.emailId);
  }
  const form = await readForm(request);
  if (!form) return formReply(null, { status: 400 });
  const submission = parseSubmission(form, pasteConversationSchema);
  if (submission.status !== "success") return formReply(submission, { status: 400 });
  const conversationId = makeGuestMessage(session.accountId, params.emailId, submission.value);
  if (!conversationId) return emailGone(session.accountId, params.emailId);
  await draftRepliesSoon(session.accountId);
  return redirectWithToast(`/dashboard/inbox/${conversationId}`, {
    title: "Added to the guest's conversation",
  });
}

export default function MakeGuestMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, guess, trips } = loaderData;
  const busy = useNavigation().state === "submitting";
  const { dateTime, day } = useFormat();
  const [form, fields] = useSchemaForm(pasteConversationSchema, actionData?.result, {
    id: "guest-message",
    defaultValue: guess,
  });
  const guests = [...new Set(trips.map((trip) => trip.guestName).filter(Boolean))] as string[];
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard/inbox#unread-emails", label: "Guest inbox" }}
        title="Make this a guest message"
        intro="Pick the guest, the reservation and the guest's words. The message joins the guest's conversation as if the inbox had read the email."
      />
      <CardSection id="the-email" title="The email">
        <p className="break-words">
          <span className="font-medium">{email.subject || "(no subject)"}</span>{" "}
          <span className="text-sm text-slate-600">
            {email.fromAddress ? `from ${email.fromAddress} · ` : ""}
            {dateTime(email.receivedAt)}
          </span>
        </p>
        <a
          href={`/dashboard/inbox/email/${email.id}`}
          className="mt-2 inline-block text-sm text-brand-700 underline"
          download
        >
          Download the original
        </a>
      </CardSection>
      <CardSection id="the-message" title="Guest, reservation and message">
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <FormErrors form={form} />
          <FormField
            field={fields.guestName}
            label="Guest's name"
            autoComplete="off"
            list="known-guests"
          />
          <datalist id="known-guests">
            {guests.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <FormField
            field={fields.reservationId}
            label="Reservation id (optional)"
            autoComplete="off"
            inputMode="numeric"
            list="known-reservations"
            hint="With a reservation, the message joins that trip's conversation; without one, the guest's."
          />
          <datalist id="known-reservations">
            {trips.map((trip) => (
              <option key={trip.reservationId} value={trip.reservationId}>
                {[trip.guestName, day(trip.startAt)].filter(Boolean).join(" · ")}
              </option>
            ))}
          </datalist>
          <TextareaField
            field={fields.text}
            label="The guest's message"
            maxLength={MAX_PASTED_MESSAGE_CHARS}
            rows={8}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Make this a guest message
          </button>
        </Form>
      </CardSection>
    </div>
  );
}
