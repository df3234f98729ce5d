import type { Submission } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import { parseSubmission } from "~/lib/http/form";
import { formReply, formResult } from "~/lib/http/form.server";
import { z } from "zod";
import { postedEntry, postedFields } from "~/lib/http/intent";
import { checkRateLimit, RATE_LIMIT_MESSAGE } from "~/lib/http/rate-limit.server";
import { clientIp } from "~/lib/http/request.server";
import type { Toast } from "~/lib/ui/toast";
import { redirectWithToast } from "~/lib/ui/toast.server";
import * as accounts from "./accounts.server";
import { LogoRejectedError, removeLogo as deleteLogo, saveLogo } from "~/lib/accounts/logo.server";
import { saveBusinessSettings, saveReminderSettings } from "~/lib/accounts/preferences.server";
import {
  businessSchema,
  buttonSchema,
  changePasswordSchema,
  remindersSchema,
  deleteSchema,
  inviteSchema,
  memberSchema,
  PASSWORD_FIELDS,
  profileSchema,
  revokeSchema,
  type AccountIntent,
  type AccountReply,
} from "./account-schemas";
import * as profile from "./profile.server";
import { sendVerificationEmail } from "./service.server";
import { destroySession, destroyUserSessions, type CurrentSession } from "./session.server";

/**
 * What each form of /account does when posted: one function per intent, called by the route's
 * action. They check and answer; the work itself is in profile, accounts, service and session.
 */

export interface IntentArgs {
  session: CurrentSession;
  form: FormData;
  request: Request;
  context: AppLoadContext;
}

/** A reply that stays on /account, or a redirect. */
export type AccountActionResult = Response | ReturnType<typeof data<AccountReply>>;

export type IntentHandler = (args: IntentArgs) => Promise<AccountActionResult>;

const OWNER_ONLY = "Only the account owner can manage the team.";
const OWNER_ONLY_BUSINESS = "Only the account owner can change the business settings.";

const retryAfter = (seconds?: number) => (seconds ? { "Retry-After": String(seconds) } : undefined);

/** A message from the server for the whole form, and for the field it is about, if any. */
const failure = (message: string, field?: string) => ({
  formError: message,
  fieldErrors: field ? { [field]: message } : undefined,
});

/** The form worked and the page stays: the note it shows, and the form cleared if asked. */
function succeeded(
  intent: AccountIntent,
  submission: Submission<unknown>,
  success: string,
  options: { resetForm?: boolean; toast?: Toast } = {},
) {
  const { resetForm, toast } = options;
  return data<AccountReply>({
    intent,
    result: formResult(submission, { resetForm }),
    toast,
    success,
  });
}

export async function saveProfile({ session, form, context }: IntentArgs) {
  const submission = parseSubmission(form, profileSchema);
  if (submission.status !== "success")
    return formReply(submission, { status: 400, intent: "profile" });
  // A new address gets a verification email: limited like every other email-sending form.
  if (
    submission.value.email !== session.user.email &&
    !checkRateLimit(clientIp(context), "profile").allowed
  ) {
    return formReply(submission, { status: 429, intent: "profile", formError: RATE_LIMIT_MESSAGE });
  }
  const result = profile.updateProfile(session.user.id, submission.value);
  if (!result.ok) {
    return formReply(submission, {
      status: result.status ?? 409,
      intent: "profile",
      ...failure(result.message, result.field),
      headers: retryAfter(result.retryAfterSeconds),
    });
  }
  return succeeded("profile", submission, result.message);
}

export async function changePassword({ session, form, request, context }: IntentArgs) {
  const submission = parseSubmission(form, changePasswordSchema);
  const reply = (options: { formError?: string; fieldErrors?: Record<string, string> } = {}) =>
    formReply(submission, {
      status: 400,
      intent: "password",
      hideFields: PASSWORD_FIELDS,
      ...options,
    });
  if (submission.status !== "success") return reply();
  const { currentPassword, newPassword } = submission.value;
  const result = await profile.changePassword(
    session,
    currentPassword,
    newPassword,
    request,
    clientIp(context),
  );
  if (!result.ok) return reply(failure(result.message, result.field));
  // This browser continues under a new session id; every other session ended. A redirect,
  // because this request's loaders would still read the old, now dead, session cookie.
  return redirectWithToast(
    "/account",
    { title: result.message },
    { headers: { "Set-Cookie": result.setCookie } },
  );
}

export async function resendVerification({ session, form, context }: IntentArgs) {
  const submission = parseSubmission(form, buttonSchema);
  const failed = (description?: string): Toast => ({
    id: `resend-${Date.now()}`,
    title: "Failed to resend verification email.",
    ...(description ? { description } : {}),
    variant: "destructive",
  });
  if (!checkRateLimit(clientIp(context), "verify").allowed) {
    return formReply(submission, {
      status: 429,
      intent: "resend",
      formError: RATE_LIMIT_MESSAGE,
      toast: failed(),
    });
  }
  if (session.user.emailVerified) {
    return formReply(submission, {
      status: 409,
      intent: "resend",
      formError: "Your email is already verified.",
    });
  }
  const mail = sendVerificationEmail(session.user);
  if (!mail.sent) {
    return formReply(submission, {
      status: 429,
      intent: "resend",
      formError: mail.message,
      toast: failed(mail.message),
      headers: retryAfter(mail.retryAfterSeconds),
    });
  }
  return succeeded("resend", submission, "Verification Email Sent", {
    toast: { id: `resend-${Date.now()}`, title: "Verification Email Sent", variant: "default" },
  });
}

export async function signOutOtherDevices({ session, form }: IntentArgs) {
  destroyUserSessions(session.user.id, session.idHash);
  return succeeded(
    "signout-others",
    parseSubmission(form, buttonSchema),
    "Signed out of every other device.",
  );
}

export async function signOutEverywhere({ session, request }: IntentArgs) {
  destroyUserSessions(session.user.id);
  return redirectWithToast(
    "/",
    { title: "Logged out" },
    { headers: { "Set-Cookie": await destroySession(request) } },
  );
}

export async function inviteMember({ session, form, context }: IntentArgs) {
  const submission = parseSubmission(form, inviteSchema);
  if (session.role !== "primary")
    return formReply(submission, { status: 403, intent: "invite", formError: OWNER_ONLY });
  if (!checkRateLimit(clientIp(context), "invite").allowed)
    return formReply(submission, { status: 429, intent: "invite", formError: RATE_LIMIT_MESSAGE });
  if (submission.status !== "success")
    return formReply(submission, { status: 400, intent: "invite" });
  const { email, role } = submission.value;
  if (email === session.user.email) {
    return formReply(submission, {
      status: 400,
      intent: "invite",
      fieldErrors: { email: "That's you: you already own this account." },
    });
  }
  const invited = accounts.inviteMember(session.accountId, session.user, email, role);
  if (!invited.ok) {
    return formReply(submission, {
      status: 429,
      intent: "invite",
      ...failure(invited.message, "email"),
      headers: retryAfter(invited.retryAfterSeconds),
    });
  }
  return succeeded("invite", submission, `Invitation sent to ${email}.`, { resetForm: true });
}

/** The owner changes or ends a member's place in the account (`change` says whether it did). */
async function onMember(
  intent: "role" | "remove",
  { session, form }: IntentArgs,
  change: (member: { userId: string; role?: "team_member" | "va" }) => boolean,
  success: string,
) {
  const submission = parseSubmission(form, memberSchema);
  const refuse = (status: number, formError?: string) =>
    formReply(submission, { status, intent, formError });
  if (session.role !== "primary") return refuse(403, OWNER_ONLY);
  if (submission.status !== "success")
    return refuse(400, Object.values(submission.error ?? {})[0]?.[0]);
  if (!change(submission.value)) return refuse(404, "That member is not part of this account.");
  return succeeded(intent, submission, success);
}

export async function changeMemberRole(args: IntentArgs) {
  const { accountId } = args.session;
  return onMember(
    "role",
    args,
    ({ userId, role }) => (role ? accounts.changeMemberRole(accountId, userId, role) : false),
    "Role updated.",
  );
}

export async function removeMember(args: IntentArgs) {
  const { accountId } = args.session;
  return onMember(
    "remove",
    args,
    ({ userId }) => accounts.removeMember(accountId, userId),
    "Member removed. Their access ended at once.",
  );
}

export async function revokeInvitation({ session, form }: IntentArgs) {
  const submission = parseSubmission(form, revokeSchema);
  if (session.role !== "primary")
    return formReply(submission, { status: 403, intent: "revoke", formError: OWNER_ONLY });
  if (
    submission.status !== "success" ||
    !accounts.revokeInvitation(session.accountId, submission.value.invitationId)
  ) {
    return formReply(submission, {
      status: 404,
      intent: "revoke",
      formError: "Invitation not found.",
    });
  }
  return succeeded("revoke", submission, "Invitation revoked.");
}

export async function deleteAccount({ session, form, request }: IntentArgs) {
  const submission = parseSubmission(form, deleteSchema(session.user.username));
  if (submission.status !== "success")
    return formReply(submission, { status: 400, intent: "delete", hideFields: ["confirm"] });
  const clearCookie = await destroySession(request);
  profile.deleteUser(session.user.id);
  return redirectWithToast(
    "/",
    { title: "Account deleted", description: "Your account and personal data were removed." },
    { headers: { "Set-Cookie": clearCookie } },
  );
}

export async function saveBusiness({ session, form }: IntentArgs) {
  const submission = parseSubmission(form, businessSchema);
  if (session.role !== "primary")
    return formReply(submission, {
      status: 403,
      intent: "business",
      formError: OWNER_ONLY_BUSINESS,
    });
  if (submission.status !== "success")
    return formReply(submission, { status: 400, intent: "business" });
  saveBusinessSettings(session.accountId, submission.value);
  return succeeded("business", submission, "Business settings saved.");
}

/** The logo form: its file, as posted (text or nothing is refused below). */
const logoUploadSchema = z.object({ logo: postedEntry });

export async function uploadLogo({ session, form }: IntentArgs) {
  const submission = parseSubmission(form, buttonSchema);
  const refuse = (status: number, formError: string) =>
    formReply(submission, { status, intent: "logo", formError, fieldErrors: { logo: formError } });
  if (session.role !== "primary") return refuse(403, OWNER_ONLY_BUSINESS);
  const { logo: file } = postedFields(form, logoUploadSchema);
  if (!(file instanceof File)) return refuse(400, "Choose a logo file to upload.");
  try {
    await saveLogo(session.accountId, file);
  } catch (error) {
    if (error instanceof LogoRejectedError) return refuse(400, error.message);
    throw error;
  }
  return succeeded("logo", submission, "Logo saved. It appears on your reports and share links.");
}

export async function removeLogo({ session, form }: IntentArgs) {
  const submission = parseSubmission(form, buttonSchema);
  if (session.role !== "primary")
    return formReply(submission, {
      status: 403,
      intent: "remove-logo",
      formError: OWNER_ONLY_BUSINESS,
    });
  await deleteLogo(session.accountId);
  return succeeded("remove-logo", submission, "Logo removed.");
}

export async function saveReminders({ session, form }: IntentArgs) {
  const submission = parseSubmission(form, remindersSchema);
  if (session.role !== "primary")
    return formReply(submission, {
      status: 403,
      intent: "reminders",
      formError: "Only the account owner can change the claim reminders.",
    });
  if (submission.status !== "success")
    return formReply(submission, { status: 400, intent: "reminders" });
  saveReminderSettings(session.accountId, submission.value);
  return succeeded("reminders", submission, "Reminder settings saved.");
}
