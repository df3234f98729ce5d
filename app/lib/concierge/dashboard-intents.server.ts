/**
 * What each form of /concierge-dashboard does when posted: one function per intent. Item actions
 * work on any account the person serves (404 elsewhere), whatever account the session views;
 * successes redirect back with a toast, refusals stay on the page with the reason and its status.
 */
import { data } from "react-router";
import { formReply } from "~/lib/http/form.server";
import { parseSubmission } from "~/lib/http/form";
import type { CurrentSession } from "~/lib/auth/session.server";
import { redirectWithToast } from "~/lib/ui/toast.server";
import { logActivity } from "~/lib/accounts/activity.server";
import {
  endShiftSchema,
  itemSchema,
  onboardingProfileSchema,
  permissionsSchema,
  startShiftSchema,
  type ConciergeIntent,
  type ConciergeReply,
} from "./concierge-schemas";
import { confirmOnboardingProfile } from "./onboarding.server";
import { saveVaPermissions } from "~/lib/auth/va-permissions.server";
import {
  finishItem,
  passToOwner,
  reopenItem,
  servedAccounts,
  takeItem,
  type QueueActionResult,
} from "./queue-actions.server";
import { endShift, startShift } from "./shifts.server";
import { ACTIVITY } from "~/domain/concierge/shift-report";
import { formatCents } from "~/domain/money";

export interface IntentArgs {
  session: CurrentSession;
  form: FormData;
  /** Where to go back to (the page with its filter). */
  back: string;
}
export type ConciergeActionResult = Response | ReturnType<typeof data<ConciergeReply>>;
export type IntentHandler = (args: IntentArgs) => Promise<ConciergeActionResult>;

function itemIntent(
  intent: ConciergeIntent,
  act: (userId: string, itemId: string) => QueueActionResult,
) {
  return async ({ session, form, back }: IntentArgs): Promise<ConciergeActionResult> => {
    const submission = parseSubmission(form, itemSchema);
    if (submission.status !== "success") return formReply(submission, { status: 400, intent });
    const result = act(session.user.id, submission.value.itemId);
    if (!result.ok) {
      return formReply(submission, { status: result.status, intent, formError: result.message });
    }
    return redirectWithToast(back, { title: result.message });
  };
}

export const take = itemIntent("take", takeItem);
export const done = itemIntent("done", finishItem);
export const forOwner = itemIntent("for-owner", passToOwner);
export const reopen = itemIntent("reopen", reopenItem);

/** The owner sets what one VA of their own account may do. */
export async function permissions({ session, form, back }: IntentArgs) {
  const intent = "permissions";
  const submission = parseSubmission(form, permissionsSchema);
  if (submission.status !== "success") return formReply(submission, { status: 400, intent });
  const own = servedAccounts(session.user.id).find((account) => account.isOwn);
  const { userId, reimbursementLimit, sendReplies, tripChanges } = submission.value;
  const saved =
    own &&
    saveVaPermissions(own.accountId, userId, {
      reimbursementLimitCents: reimbursementLimit,
      sendReplies,
      tripChanges,
    });
  if (!own || !saved) {
    return formReply(submission, {
      status: 404,
      intent,
      formError: "That person isn't a VA of your account.",
    });
  }
  logActivity(
    { accountId: own.accountId, userId: session.user.id, role: "primary" },
    {
      action: ACTIVITY.permissionsSaved,
      detail: `VA ${userId}: reimbursements up to ${formatCents(reimbursementLimit)}, replies ${sendReplies ? "yes" : "no"}, trip changes ${tripChanges ? "yes" : "no"}`,
    },
  );
  return redirectWithToast(back, { title: "VA permissions saved." });
}

const NOT_A_VA = "Shifts are for VAs: you don't serve any account as a VA.";

function servesAsVa(session: CurrentSession) {
  return servedAccounts(session.user.id).some((account) => account.role === "va");
}

export async function startShiftIntent({ session, form, back }: IntentArgs) {
  const intent = "start-shift";
  const submission = parseSubmission(form, startShiftSchema);
  if (!servesAsVa(session))
    return formReply(submission, { status: 403, intent, formError: NOT_A_VA });
  if (!startShift(session.user.id)) {
    return formReply(submission, {
      status: 409,
      intent,
      formError: "Your shift has already started.",
    });
  }
  return redirectWithToast(back, { title: "Shift started." });
}

export async function endShiftIntent({ session, form }: IntentArgs) {
  const intent = "end-shift";
  const submission = parseSubmission(form, endShiftSchema);
  if (submission.status !== "success") return formReply(submission, { status: 400, intent });
  if (!servesAsVa(session))
    return formReply(submission, { status: 403, intent, formError: NOT_A_VA });
  const shift = endShift(session.user.id, submission.value.handoverNote);
  if (!shift) {
    return formReply(submission, { status: 409, intent, formError: "You have no shift to end." });
  }
  return redirectWithToast(`/concierge-dashboard?shift=${shift.id}#shift-report`, {
    title: "Shift ended. Here is your report.",
  });
}

export async function onboardingProfile({ session, form, back }: IntentArgs) {
  const intent = "onboarding-profile";
  const submission = parseSubmission(form, onboardingProfileSchema);
  if (submission.status !== "success") return formReply(submission, { status: 400, intent });
  const own = servedAccounts(session.user.id).find((account) => account.isOwn);
  if (!own) return formReply(submission, { status: 404, intent, formError: "No account found." });
  confirmOnboardingProfile(session.user.id, own.accountId, submission.value);
  return redirectWithToast(back, { title: "Fleet details saved." });
}
