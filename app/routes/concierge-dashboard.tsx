import type { Route } from "./+types/concierge-dashboard";
import { OnboardingChecklist } from "~/components/concierge/onboarding-checklist";
import { QueueFilters, QueueList } from "~/components/concierge/queue-list";
import { PageLinks, PageNotice } from "~/components/page-links";
import { ShiftPanel, ShiftReport } from "~/components/concierge/shift-panel";
import { TeamPanel } from "~/components/concierge/team-panel";
import { FleetPageHeader } from "~/components/fleet";
import { CardSection } from "~/components/card-section";
import { FormAlert } from "~/components/form-field";
import { strayReplyMessage } from "~/lib/http/form-result";
import { requireSession } from "~/lib/auth/guards.server";
import {
  conciergeDashboard,
  QUEUE_PAGE_SIZE,
  requireQueueAccess,
} from "~/lib/concierge/dashboard.server";
import { readQueueFilter } from "~/lib/concierge/queue-list.server";
import { pageOrFirst, readPageRequest } from "~/lib/paging/paging";
import {
  done,
  endShiftIntent,
  forOwner,
  onboardingProfile,
  permissions,
  reopen,
  startShiftIntent,
  take,
  type ConciergeActionResult,
  type IntentHandler,
} from "~/lib/concierge/dashboard-intents.server";
import {
  conciergeIntentSchema,
  type ConciergeIntent,
  type ConciergeReply,
} from "~/lib/concierge/concierge-schemas";
import { formReply, readForm } from "~/lib/http/form.server";
import { env } from "~/lib/runtime/env.server";
import { pageMeta } from "~/lib/ui/meta";
import { useActionToast } from "~/lib/ui/toast-store";
import { parseSubmission } from "~/lib/http/form";

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: "Concierge queue",
    path: "/concierge-dashboard",
    origin: data?.origin ?? "http://localhost",
    noIndex: true,
  });

/** `?account=` and `?shift=` as posted: one value each, ids only. */
function param(url: URL, name: string) {
  const value = url.searchParams.get(name)?.trim();
  return value ? value.slice(0, 64) : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireSession(request);
  requireQueueAccess(session);
  const url = new URL(request.url);
  // A stale or edited page link shows the first page, with a word about it.
  const asked = pageOrFirst(readPageRequest(url.searchParams, QUEUE_PAGE_SIZE), QUEUE_PAGE_SIZE);
  return {
    origin: new URL(env().PUBLIC_URL).origin,
    pageNotice: asked.notice,
    ...conciergeDashboard(
      session,
      {
        account: param(url, "account"),
        shift: param(url, "shift"),
        ...readQueueFilter(url.searchParams),
      },
      asked.page,
    ),
  };
}

/** Each form of the page posts its intent; one function answers each. */
const intents = {
  take,
  done,
  "for-owner": forOwner,
  reopen,
  permissions,
  "start-shift": startShiftIntent,
  "end-shift": endShiftIntent,
  "onboarding-profile": onboardingProfile,
} satisfies Record<ConciergeIntent, IntentHandler>;

export async function action({ request }: Route.ActionArgs): Promise<ConciergeActionResult> {
  const session = await requireSession(request);
  requireQueueAccess(session);
  const form = await readForm(request);
  if (!form) return formReply<ConciergeIntent>(null, { status: 400 });
  const posted = parseSubmission(form, conciergeIntentSchema);
  if (posted.status !== "success") {
    return formReply<ConciergeIntent>(null, { status: 400, formError: "Unknown action." });
  }
  const { intent } = posted.value;
  const url = new URL(request.url);
  const back = `/concierge-dashboard${url.search}`;
  return intents[intent]({ session, form, back });
}

export default function ConciergeDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as ConciergeReply | undefined;
  useActionToast(reply?.toast);
  const {
    open,
    done: finished,
    shift,
    report,
    team,
    onboarding,
    accounts,
    filter,
    counts,
  } = loaderData;
  const ownAccount = accounts.find((account) => account.isOwn);
  // The queue's item forms have no fields to show an error on: their refusals, like a post no
  // form of the page owns, show above the queue.
  const formsShown = [
    ...(team && ownAccount && team.vas.length > 0 ? ["permissions"] : []),
    ...(shift ? [shift.open ? "end-shift" : "start-shift"] : []),
    ...(onboarding && !onboarding.complete ? ["onboarding-profile"] : []),
  ];
  const itemError = strayReplyMessage(reply, formsShown);
  const overdue = counts.overdue;
  return (
    <div className="container-page max-w-4xl space-y-6 py-8 sm:py-10">
      <FleetPageHeader
        breadcrumb={{ to: "/dashboard", label: "Dashboard" }}
        title="Concierge queue"
        intro="Everything a person has to do for the accounts you serve, the nearest deadline first."
      />
      {onboarding && !onboarding.complete ? (
        <CardSection
          id="onboarding"
          title="Get started with Concierge"
          description="Three steps so the inbox and your VA can work for you."
        >
          <OnboardingChecklist onboarding={onboarding} reply={reply} />
        </CardSection>
      ) : null}
      {report ? (
        <CardSection id="shift-report" title="End-of-shift report">
          <ShiftReport report={report} />
        </CardSection>
      ) : null}
      {shift ? (
        <CardSection id="shift" title={shift.open ? "Your shift" : "Start your shift"}>
          <ShiftPanel shift={shift} reply={reply} />
        </CardSection>
      ) : null}
      <CardSection
        id="queue"
        title={`Open items (${counts.open})`}
        description={
          overdue > 0 ? (
            <strong className="text-red-800">
              {overdue === 1 ? "1 item is overdue." : `${overdue} items are overdue.`}
            </strong>
          ) : undefined
        }
      >
        <div className="space-y-3">
          {counts.open > 0 || filter.account || filter.kind || filter.due ? (
            <QueueFilters accounts={accounts} selected={filter} counts={counts} />
          ) : null}
          <PageNotice notice={loaderData.pageNotice} />
          <FormAlert message={itemError} />
          {open.length === 0 ? (
            <p className="text-slate-700">
              {counts.open > 0 ? "No open items match these filters." : "Nothing to do right now."}
            </p>
          ) : (
            <QueueList items={open} label="Open items, nearest deadline first" />
          )}
          <PageLinks nextCursor={loaderData.nextCursor} label="Pages of open items" />
        </div>
      </CardSection>
      {finished.length > 0 ? (
        <CardSection
          id="done-items"
          title={`Done in the last 24 hours (${loaderData.doneCount})`}
          description={
            loaderData.doneCount > finished.length
              ? `The latest ${finished.length} of them.`
              : undefined
          }
        >
          <QueueList items={finished} label="Items done in the last 24 hours" />
        </CardSection>
      ) : null}
      {team && ownAccount && team.vas.length > 0 ? (
        <CardSection
          id="team"
          title="Your VAs"
          description="What each VA may do in your account without asking you, and how they are doing."
        >
          <TeamPanel
            vas={team.vas}
            figures={team.figures}
            error={
              reply?.intent === "permissions"
                ? Object.values(reply.result.error ?? {})[0]?.[0]
                : undefined
            }
          />
        </CardSection>
      ) : null}
    </div>
  );
}
