import { useFormat } from "~/lib/ui/preferences";
import { buttonSchema, type AccountReply } from "~/lib/auth/account-schemas";
import { AccountForm, ResultAlert, useAccountForm, SubmitButton } from "./account-form";
import { CardSection } from "~/components/card-section";

export interface SessionRow {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ip: string | null;
}

export function SessionsSection({
  sessions,
  reply,
}: {
  sessions: SessionRow[];
  reply?: AccountReply;
}) {
  const others = useAccountForm(buttonSchema, reply, "signout-others");
  const everywhere = useAccountForm(buttonSchema, reply, "signout-all");
  const { dateTime } = useFormat();
  return (
    <CardSection id="sessions-heading" title="Active sessions">
      <ResultAlert success={others.success} error={others.form.errors?.[0]} />
      <ul className="divide-y divide-slate-100">
        {sessions.map((s) => (
          <li key={s.id} className="py-3 text-sm">
            <p className="font-medium text-slate-900">
              {s.userAgent ? s.userAgent.slice(0, 80) : "Unknown device"}{" "}
              {s.current ? (
                <span className="rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800">
                  This device
                </span>
              ) : null}
            </p>
            <p className="text-slate-600">
              Signed in {dateTime(s.createdAt)} · last active {dateTime(s.lastSeenAt)}
              {s.ip ? ` · ${s.ip}` : ""}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <AccountForm form={others.form} intent="signout-others">
          <SubmitButton className="btn-outline w-full">Sign out other devices</SubmitButton>
        </AccountForm>
        <AccountForm form={everywhere.form} intent="signout-all">
          <SubmitButton className="btn-ghost w-full">Sign out everywhere</SubmitButton>
        </AccountForm>
      </div>
    </CardSection>
  );
}
