import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { formatCents, formatPercent } from "~/domain/money";
import type { VaPermissions } from "~/domain/concierge/permissions";
import type { VaFigures } from "~/domain/concierge/shift-report";

export interface TeamVa {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  permissions: VaPermissions;
}

function Checkbox({
  name,
  checked,
  children,
}: {
  name: string;
  checked: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" name={name} defaultChecked={checked} className="h-4 w-4" />
      {children}
    </label>
  );
}

const nameOf = (va: TeamVa) => [va.firstName, va.lastName].filter(Boolean).join(" ") || va.username;

/** The owner's VAs: what each may do without asking (a form per VA) and how they are doing. */
export function TeamPanel({
  vas,
  figures,
  error,
}: {
  vas: TeamVa[];
  figures: Array<VaFigures & { userId: string }>;
  error?: string;
}) {
  const busy = useNavigation().state === "submitting";
  if (vas.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        No VAs yet. Invite one under Account, Team, with the role VA.
      </p>
    );
  }
  return (
    <div className="space-y-4 text-sm">
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {error}
        </p>
      ) : null}
      {vas.map((va) => {
        const stats = figures.find((entry) => entry.userId === va.userId);
        const id = `va-${va.userId}`;
        return (
          <div key={va.userId} className="rounded-xl border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">
              {nameOf(va)}{" "}
              <span className="font-normal break-all text-slate-600">({va.email})</span>
            </h3>
            {stats ? (
              <p className="mt-1 text-slate-700">
                Replies done: {stats.repliesDone}
                {stats.onTimeShare !== null
                  ? `, ${formatPercent(stats.onTimeShare * 100, 0)} before the deadline`
                  : ""}
                {stats.medianReplyMinutes !== null
                  ? `, median ${stats.medianReplyMinutes} min to reply`
                  : ""}
                . Passed to you: {stats.passedToOwner}. Reopened: {stats.reopened}.
              </p>
            ) : null}
            <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[16rem_1fr] sm:items-end">
              <input type="hidden" name="intent" value="permissions" />
              <input type="hidden" name="userId" value={va.userId} />
              <div>
                <label htmlFor={`${id}-limit`} className="label">
                  Approve reimbursements up to ($)
                </label>
                <input
                  id={`${id}-limit`}
                  name="reimbursementLimit"
                  className="input"
                  inputMode="decimal"
                  required
                  pattern="\d{1,5}(\.\d{1,2})?"
                  defaultValue={(va.permissions.reimbursementLimitCents / 100).toString()}
                  aria-describedby={`${id}-limit-hint`}
                />
                <p id={`${id}-limit-hint`} className="mt-1 text-xs text-slate-600">
                  Now{" "}
                  {formatCents(va.permissions.reimbursementLimitCents, { trimWholeDollars: true })};
                  0 means always ask you.
                </p>
              </div>
              <div className="space-y-2">
                <Checkbox name="sendReplies" checked={va.permissions.sendReplies}>
                  May mark replies sent
                </Checkbox>
                <Checkbox name="tripChanges" checked={va.permissions.tripChanges}>
                  May agree to trip changes, discounts and refunds
                </Checkbox>
              </div>
              <button
                type="submit"
                className="btn-outline sm:col-span-2 sm:justify-self-start"
                disabled={busy}
                aria-label={`Save permissions for ${nameOf(va)}`}
              >
                Save permissions
              </button>
            </Form>
          </div>
        );
      })}
    </div>
  );
}
