import { Form, Link, useNavigation } from "react-router";
import { FilterSelect } from "~/components/filter-select";
import {
  QUEUE_ITEM_KINDS,
  QUEUE_ITEM_LABELS,
  type QueueItemKind,
} from "~/domain/concierge/queue-item";
import { formatCents } from "~/domain/money";
import type { ConciergeIntent } from "~/lib/concierge/concierge-schemas";
import { useFormat } from "~/lib/ui/preferences";

export interface QueueEntry {
  id: string;
  kind: QueueItemKind;
  title: string;
  detail: string | null;
  accountName: string;
  role: string;
  path: string;
  amountCents: number | null;
  deadlineAt: string;
  overdue: boolean;
  forOwner: boolean;
  takenByMe: boolean;
  taken: boolean;
  done: boolean;
  doneAt: string | null;
}

/** One button that posts an item action (a real form post: it works without JavaScript). */
function ItemButton({
  intent,
  itemId,
  label,
  title,
  primary = false,
}: {
  intent: ConciergeIntent;
  itemId: string;
  label: string;
  title: string;
  primary?: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={itemId} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`${label}: ${title}`}
        className={primary ? "btn-primary px-3 py-1.5 text-sm" : "btn-outline px-3 py-1.5 text-sm"}
      >
        {label}
      </button>
    </Form>
  );
}

/** The queue's items, soonest deadline first; overdue ones say so in words and color. */
export function QueueList({ items, label }: { items: QueueEntry[]; label: string }) {
  const { dateTime } = useFormat();
  return (
    <ul className="grid gap-3" aria-label={label}>
      {items.map((item) => {
        const owner = item.role === "primary";
        return (
          <li
            key={item.id}
            className={`rounded-xl border p-4 text-sm ${item.overdue ? "border-red-300 bg-red-50" : "border-slate-200 bg-white"}`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {QUEUE_ITEM_LABELS[item.kind]}
              </span>
              {item.overdue ? (
                <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                  Overdue
                </span>
              ) : null}
              {item.forOwner ? (
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  For the owner
                </span>
              ) : null}
              {item.taken && !item.done ? (
                <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  {item.takenByMe ? "Taken by you" : "Taken"}
                </span>
              ) : null}
              <span className="text-xs text-slate-600">{item.accountName}</span>
            </div>
            <p className="mt-2 font-semibold break-words text-slate-900">
              <Link to={item.path} className="text-brand-700 underline">
                {item.title}
              </Link>
            </p>
            {item.detail ? <p className="mt-1 break-words text-slate-700">{item.detail}</p> : null}
            <p className={`mt-1 ${item.overdue ? "font-semibold text-red-800" : "text-slate-700"}`}>
              {item.done && item.doneAt
                ? `Done ${dateTime(item.doneAt)}`
                : `${item.overdue ? "Was due" : "Due"} ${dateTime(item.deadlineAt)}`}
              {item.amountCents !== null ? ` · ${formatCents(item.amountCents)}` : ""}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {item.done ? (
                owner ? (
                  <ItemButton intent="reopen" itemId={item.id} label="Reopen" title={item.title} />
                ) : null
              ) : (
                <>
                  {!item.takenByMe ? (
                    <ItemButton intent="take" itemId={item.id} label="Take" title={item.title} />
                  ) : null}
                  <ItemButton
                    intent="done"
                    itemId={item.id}
                    label="Mark done"
                    title={item.title}
                    primary
                  />
                  {!owner && !item.forOwner ? (
                    <ItemButton
                      intent="for-owner"
                      itemId={item.id}
                      label="Pass to owner"
                      title={item.title}
                    />
                  ) : null}
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** How soon an item is due, as the queue's filter says it. */
const DUE_LABELS = {
  overdue: "Overdue",
  day: "Due within a day",
  week: "Due within a week",
} as const;

const FILTER_WIDTH = "w-full sm:w-auto sm:min-w-40 sm:flex-1";

/**
 * The queue's filters (account, kind, how soon due): a GET form, so it works without JavaScript,
 * the URL can be shared and the page links keep it. Choosing a filter starts from the first page.
 */
export function QueueFilters({
  accounts,
  selected,
  counts,
}: {
  accounts: Array<{ accountId: string; name: string; isOwn: boolean }>;
  selected: { account: string | null; kind: QueueItemKind | null; due: string | null };
  counts: { open: number; overdue: number; byKind: Record<QueueItemKind, number> };
}) {
  const filtered = Boolean(selected.account || selected.kind || selected.due);
  return (
    <Form
      key={`${selected.account ?? ""}:${selected.kind ?? ""}:${selected.due ?? ""}`}
      method="get"
      action="/concierge-dashboard"
      aria-label="Filter the queue"
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      {accounts.length > 1 ? (
        <FilterSelect
          id="account"
          name="account"
          label="Account"
          value={selected.account}
          anyLabel="All accounts"
          options={accounts.map((account) => ({
            value: account.accountId,
            label: account.name,
          }))}
          className={FILTER_WIDTH}
        />
      ) : null}
      <FilterSelect
        id="kind"
        name="kind"
        label="Kind"
        value={selected.kind}
        anyLabel={`All kinds (${counts.open})`}
        options={QUEUE_ITEM_KINDS.map((kind) => ({
          value: kind,
          label: `${QUEUE_ITEM_LABELS[kind]} (${counts.byKind[kind]})`,
        }))}
        className={FILTER_WIDTH}
      />
      <FilterSelect
        id="due"
        name="due"
        label="Due"
        value={selected.due}
        anyLabel="Any time"
        options={Object.entries(DUE_LABELS).map(([due, label]) => ({
          value: due,
          label: due === "overdue" ? `${label} (${counts.overdue})` : label,
        }))}
        className={FILTER_WIDTH}
      />
      <button type="submit" className="btn-outline">
        Show
      </button>
      {filtered ? (
        <Link
          to="/concierge-dashboard"
          className="inline-block py-2 text-sm font-medium text-brand-700 underline"
        >
          Show all
        </Link>
      ) : null}
    </Form>
  );
}
