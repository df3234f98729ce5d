/**
 * The concierge queue's items, written from the account's trips, claims and conversations
 * (`syncQueue`), and the worker that emails whoever is on duty once an item is ready
 * (`processQueue`). Both are safe to run again at any time: items are keyed, and an email goes
 * out in the same transaction that marks its item notified (docs/decisions/0020-concierge-queue.md).
 */
import { and, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  accounts,
  claims,
  conversations,
  memberships,
  queueItems,
  queueSyncState,
  shifts,
  trips,
  users,
  vehicles,
  type Role,
} from "~/db/schema";
import { CLAIM_KIND_LABELS, OPEN_CLAIM_STATUSES } from "~/domain/claims/claim";
import { claimDeadlines } from "~/domain/claims/claim-windows";
import { QUEUE_ITEM_LABELS } from "~/domain/concierge/queue-item";
import {
  claimItems,
  CLAIM_DEADLINE_LOOKBACK_MS,
  CONVERSATION_ITEM_KINDS,
  conversationItems,
  TRIP_ITEM_KINDS,
  TRIP_LOOKAHEAD_MS,
  TRIP_LOOKBACK_MS,
  tripInWindow,
  tripItems,
  type QueueItemSpec,
} from "~/domain/concierge/queue-rules";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/domain/dates";
import { ACTION_ITEM_LABELS, RESTRICTED_TOPIC_LABELS } from "~/domain/inbox/restricted-topics";
import { conversationWaiting, listConversations } from "~/lib/inbox/conversations.server";
import { queueEmail } from "~/lib/email/outbox.server";
import { db, type AppDatabase } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";
import { featureAllowed } from "~/lib/billing/gates.server";

export type QueueItemRow = typeof queueItems.$inferSelect;
type Database = Pick<AppDatabase, "select" | "update" | "insert" | "delete">;

/** Where the work of an item is done. */
export function itemPath(item: Pick<QueueItemRow, "conversationId" | "tripId" | "claimId">) {
  if (item.conversationId) return `/dashboard/inbox/${item.conversationId}`;
  if (item.claimId) return `/dashboard/claim/${item.claimId}`;
  if (item.tripId) return `/dashboard/trip/${item.tripId}`;
  return "/dashboard/inbox";
}

function tripSpecs(accountId: string, now: number) {
  const rows = db()
    .select({ trip: trips, nickname: vehicles.nickname })
    .from(trips)
    .leftJoin(vehicles, eq(vehicles.id, trips.vehicleId))
    .where(
      and(
        eq(trips.accountId, accountId),
        lte(trips.startAt, new Date(now + TRIP_LOOKAHEAD_MS)),
        gte(trips.endAt, new Date(now - TRIP_LOOKBACK_MS)),
      ),
    )
    .all();
  const open =
    rows.length === 0
      ? []
      : db()
          .select({ tripId: claims.tripId, kind: claims.kind, claimedCents: claims.claimedCents })
          .from(claims)
          .where(
            and(
              eq(claims.accountId, accountId),
              inArray(
                claims.tripId,
                rows.map((row) => row.trip.id),
              ),
              inArray(claims.status, [...OPEN_CLAIM_STATUSES]),
            ),
          )
          .all();
  const specs = rows.flatMap(({ trip, nickname }) => {
    const facts = {
      ...trip,
      vehicleName: nickname ?? trip.vehicleName,
      startAt: trip.startAt.getTime(),
      endAt: trip.endAt.getTime(),
      knownAt: trip.createdAt.getTime(),
    };
    if (!tripInWindow(facts, now)) return [];
    return tripItems(
      facts,
      open.filter((claim) => claim.tripId === trip.id),
      now,
    );
  });
  // A running trip's start check is dropped once it ends.
  const edges = rows.map((row) => row.trip.endAt.getTime());
  // The next trip to come within the lookahead (its row ends after it starts).
  const horizon = new Date(now + TRIP_LOOKAHEAD_MS);
  const next = db()
    .select({ startAt: sql<number | null>`min(${trips.startAt})` })
    .from(trips)
    .where(
      and(eq(trips.accountId, accountId), gt(trips.endAt, horizon), gt(trips.startAt, horizon)),
    )
    .get()?.startAt;
  if (next != null) edges.push(next - TRIP_LOOKAHEAD_MS);
  return { tripIds: rows.map((row) => row.trip.id), specs, edges };
}

function claimSpecs(accountId: string, now: number) {
  const edges: number[] = [];
  const specs = db()
    .select({
      id: claims.id,
      kind: claims.kind,
      status: claims.status,
      claimedCents: claims.claimedCents,
      createdAt: claims.createdAt,
      reservationId: trips.reservationId,
      endAt: trips.endAt,
      timeZone: trips.timeZone,
    })
    .from(claims)
    .innerJoin(trips, eq(trips.id, claims.tripId))
    .where(and(eq(claims.accountId, accountId), inArray(claims.status, [...OPEN_CLAIM_STATUSES])))
    .all()
    .flatMap((claim) => {
      const deadlines = claimDeadlines(
        claim.kind,
        { endAt: claim.endAt.getTime(), timeZone: claim.timeZone },
        now,
      );
      // A deadline's item goes once the deadline is further back than the lookback.
      for (const deadline of deadlines) {
        edges.push(deadline.dueAtMs + CLAIM_DEADLINE_LOOKBACK_MS + 1);
      }
      return claimItems(
        { ...claim, tripEndAt: claim.endAt.getTime(), knownAt: claim.createdAt.getTime() },
        deadlines,
        CLAIM_KIND_LABELS[claim.kind],
        now,
      );
    });
  return { specs, edges };
}

/**
 * The conversations where a guest waits (for a reply, or for a person on "Needs you"), read as
 * the conversation page reads them, and the ones where nobody waits.
 */
function conversationSpecs(accountId: string, now: number) {
  const settled: { conversationId: string; kinds: QueueItemRow["kind"][] }[] = [];
  const specs: QueueItemSpec[] = [];
  // What a guest's message asks of a person can change when their trip starts.
  const edges: number[] = [];
  // The messages and trips come with the list (a few queries, not two per conversation).
  for (const { conversation, needs, messages, trip } of listConversations(accountId, now)) {
    const waiting = conversationWaiting(
      messages,
      needs,
      trip?.startAt ?? null,
      trip ? trip.startAt.getTime() <= now : undefined,
    );
    if (trip) edges.push(trip.startAt.getTime());
    const done: QueueItemRow["kind"][] = [];
    if (!waiting.reply) done.push("reply");
    if (!waiting.needsYou) done.push("escalation");
    if (done.length) settled.push({ conversationId: conversation.id, kinds: done });
    specs.push(
      ...conversationItems({
        id: conversation.id,
        guestName: conversation.guestName,
        reservationId: conversation.reservationId,
        reply: waiting.reply
          ? { since: waiting.reply.since.getTime(), dueAt: waiting.reply.dueAt.getTime() }
          : null,
        needsYou: waiting.needsYou
          ? { since: waiting.needsYou.since.getTime(), dueAt: waiting.needsYou.dueAt.getTime() }
          : null,
        escalationReasons: [
          ...needs.restrictedTopics.map((topic) => RESTRICTED_TOPIC_LABELS[topic]),
          ...needs.actionItems.map((item) => ACTION_ITEM_LABELS[item]),
        ],
      }),
    );
  }
  return { settled, specs, edges };
}

/** Enough keys per `IN (…)` that a large account still asks once, within SQLite's limit. */
const KEYS_PER_QUERY = 10_000;

/**
 * What the rules call for against what is stored, read first so that a pass with nothing new
 * writes nothing: the new items to insert, the open ones whose text or amount changed, the open
 * ones the rules no longer give (their trip's times, claim or guest message changed) and the
 * open reply and escalation items of conversations where nobody waits any more.
 */
function planSync(
  accountId: string,
  specs: readonly QueueItemSpec[],
  stale: {
    tripIds: readonly string[];
    waiting: readonly string[];
    settled: ReadonlyArray<{ conversationId: string; kinds: readonly QueueItemRow["kind"][] }>;
  },
) {
  // The account's open items come off its (account, done, deadline) index.
  const open = db()
    .select({
      id: queueItems.id,
      kind: queueItems.kind,
      key: queueItems.key,
      title: queueItems.title,
      detail: queueItems.detail,
      amountCents: queueItems.amountCents,
      tripId: queueItems.tripId,
      conversationId: queueItems.conversationId,
    })
    .from(queueItems)
    .where(and(eq(queueItems.accountId, accountId), isNull(queueItems.doneAt)))
    .all();
  const openByKey = new Map(open.map((item) => [item.key, item]));
  // A done item stays done: its key is known, so the rules never add it again.
  const unknown = [...new Set(specs.map((spec) => spec.key))].filter((key) => !openByKey.has(key));
  const done = new Set<string>();
  for (let from = 0; from < unknown.length; from += KEYS_PER_QUERY) {
    for (const row of db()
      .select({ key: queueItems.key })
      .from(queueItems)
      .where(
        and(
          eq(queueItems.accountId, accountId),
          inArray(queueItems.key, unknown.slice(from, from + KEYS_PER_QUERY)),
        ),
      )
      .all()) {
      done.add(row.key);
    }
  }
  const inserts: QueueItemSpec[] = [];
  const updates: { id: string; spec: QueueItemSpec }[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.key)) continue;
    seen.add(spec.key);
    const stored = openByKey.get(spec.key);
    if (!stored) {
      if (!done.has(spec.key)) inserts.push(spec);
      continue;
    }
    // A known item keeps its progress; only what it says (a claimed amount) follows the data.
    if (
      stored.title !== spec.title ||
      stored.detail !== spec.detail ||
      stored.amountCents !== (spec.amountCents ?? null)
    ) {
      updates.push({ id: stored.id, spec });
    }
  }
  const tripIds = new Set(stale.tripIds);
  const waiting = new Set(stale.waiting);
  const tripKinds: readonly string[] = TRIP_ITEM_KINDS;
  const conversationKinds: readonly string[] = CONVERSATION_ITEM_KINDS;
  const drops = open.filter(
    (item) =>
      !seen.has(item.key) &&
      ((tripKinds.includes(item.kind) && item.tripId !== null && tripIds.has(item.tripId)) ||
        item.kind === "claim-deadline" ||
        (conversationKinds.includes(item.kind) &&
          item.conversationId !== null &&
          waiting.has(item.conversationId))),
  );
  const dropped = new Set(drops.map((item) => item.id));
  const settledKinds = new Map(stale.settled.map((entry) => [entry.conversationId, entry.kinds]));
  const closes = open.filter(
    (item) =>
      !dropped.has(item.id) &&
      item.conversationId !== null &&
      (settledKinds.get(item.conversationId)?.includes(item.kind) ?? false),
  );
  return {
    inserts,
    updates,
    drops: drops.map((item) => item.id),
    closes: closes.map((item) => item.id),
  };
}

function insertSpecs(
  database: Database,
  accountId: string,
  specs: readonly QueueItemSpec[],
  now: number,
) {
  for (const spec of specs) {
    database
      .insert(queueItems)
      .values({
        id: crypto.randomUUID(),
        accountId,
        kind: spec.kind,
        key: spec.key,
        title: spec.title,
        detail: spec.detail,
        tripId: spec.tripId ?? null,
        claimId: spec.claimId ?? null,
        conversationId: spec.conversationId ?? null,
        amountCents: spec.amountCents ?? null,
        readyAt: new Date(spec.readyAt),
        deadlineAt: new Date(spec.deadlineAt),
        // A quiet item is listed without its email.
        notifiedAt: spec.quiet ? new Date(now) : null,
      })
      // Another process wrote it since the read: theirs stands, the next pass compares again.
      .onConflictDoNothing({ target: [queueItems.accountId, queueItems.key] })
      .run();
  }
}

/** In chunks, so a large change stays within SQLite's limit on bound values. */
function byIds(ids: readonly string[], write: (chunk: string[]) => void) {
  for (let from = 0; from < ids.length; from += KEYS_PER_QUERY) {
    write(ids.slice(from, from + KEYS_PER_QUERY));
  }
}

/**
 * Whether the account's stored items are what a sync would write now: no trip, claim, car,
 * conversation or guest message changed and no item was reopened since the last sync (its
 * version), and `now` has not reached an instant where the rules give other items for the same
 * data. One read by primary key.
 */
function syncStateOf(accountId: string, now: number) {
  const state = db()
    .select()
    .from(queueSyncState)
    .where(eq(queueSyncState.accountId, accountId))
    .get();
  const fresh =
    state !== undefined &&
    state.syncedVersion === state.sourceVersion &&
    state.syncedAt !== null &&
    state.syncedAt.getTime() <= now &&
    (state.nextEdgeAt === null || now < state.nextEdgeAt.getTime());
  return { state, fresh };
}

/**
 * Brings the account's items up to date with its data: writes the items the rules call for now,
 * once each (by key); drops undone items whose trip times, claim or guest message changed; closes
 * reply and escalation items of conversations with no unanswered guest message. When nothing the
 * rules read has changed and no timed edge has passed it only reads the account's sync state;
 * otherwise it reads the data, compares with what is stored and writes only the difference
 * (docs/decisions/0038-incremental-queue-sync.md). Returns how many items it wrote.
 */
export function syncQueue(accountId: string, now = Date.now()): number {
  const { state, fresh } = syncStateOf(accountId, now);
  if (fresh) return 0;
  // The row first, so a change made while the data is read moves the version past the one read.
  if (!state) db().insert(queueSyncState).values({ accountId }).onConflictDoNothing().run();
  const version = state?.sourceVersion ?? 0;
  const trip = tripSpecs(accountId, now);
  const claim = claimSpecs(accountId, now);
  const conversation = conversationSpecs(accountId, now);
  const specs = [...trip.specs, ...claim.specs, ...conversation.specs];
  const waiting = [...new Set(conversation.specs.flatMap((spec) => spec.conversationId ?? []))];
  const plan = planSync(accountId, specs, {
    tripIds: trip.tripIds,
    waiting,
    settled: conversation.settled,
  });
  const edge = Math.min(
    ...[...trip.edges, ...claim.edges, ...conversation.edges].filter((at) => at > now),
  );
  const nextEdgeAt = Number.isFinite(edge) ? new Date(edge) : null;
  const changes =
    plan.inserts.length + plan.updates.length + plan.drops.length + plan.closes.length;
  db().transaction((tx) => {
    insertSpecs(tx, accountId, plan.inserts, now);
    for (const { id, spec } of plan.updates) {
      tx.update(queueItems)
        .set({ title: spec.title, detail: spec.detail, amountCents: spec.amountCents ?? null })
        .where(and(eq(queueItems.id, id), isNull(queueItems.doneAt)))
        .run();
    }
    byIds(plan.drops, (ids) =>
      tx
        .delete(queueItems)
        .where(and(inArray(queueItems.id, ids), isNull(queueItems.doneAt)))
        .run(),
    );
    // Nobody waits any more: done, without a person (the inbox closes them with one).
    byIds(plan.closes, (ids) =>
      tx
        .update(queueItems)
        .set({ doneAt: new Date(now), doneByUserId: null })
        .where(and(inArray(queueItems.id, ids), isNull(queueItems.doneAt)))
        .run(),
    );
    tx.update(queueSyncState)
      .set({ syncedVersion: version, syncedAt: new Date(now), nextEdgeAt })
      .where(eq(queueSyncState.accountId, accountId))
      .run();
  });
  return changes;
}

/** Who gets an account's emails now: a VA member on shift (the longest on), else the owner. */
export function onDutyRecipient(accountId: string): { userId: string; email: string; role: Role } {
  const onShift = db()
    .select({ userId: users.id, email: users.email })
    .from(memberships)
    .innerJoin(shifts, and(eq(shifts.userId, memberships.userId), isNull(shifts.endedAt)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, "va")))
    .orderBy(shifts.startedAt)
    .get();
  if (onShift) return { ...onShift, role: "va" };
  const owner = db()
    .select({ userId: users.id, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, accountId))
    .get();
  if (!owner) throw new Error(`Account ${accountId} has no owner`);
  return { ...owner, role: "primary" };
}

function ownerRecipient(accountId: string) {
  return db()
    .select({ email: users.email, timeZone: accounts.timeZone })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(eq(accounts.id, accountId))
    .get();
}

function itemLines(item: QueueItemRow, timeZone: string, now: number) {
  // A deadline that has passed is said as such, never as one coming up.
  const when =
    item.deadlineAt.getTime() <= now
      ? `Overdue since ${formatDateTime(item.deadlineAt, timeZone)}.`
      : `Due by ${formatDateTime(item.deadlineAt, timeZone)}.`;
  return [when, item.detail, `Open it: ${env().PUBLIC_URL}${itemPath(item)}`].filter(
    (line): line is string => Boolean(line),
  );
}

const WHY_THIS_EMAIL =
  "You get this email because you are on duty for this account in FleetAssist (a VA on shift, otherwise the owner).";

/** One email for everything that became ready for one person in a pass. */
export function queueDigest(
  to: string,
  items: ReadonlyArray<{ item: QueueItemRow; timeZone: string }>,
  now: number,
) {
  const queueLink = `Your queue: ${env().PUBLIC_URL}/concierge-dashboard`;
  if (items.length === 1) {
    const { item, timeZone } = items[0]!;
    return {
      to,
      subject: `${QUEUE_ITEM_LABELS[item.kind]}: ${item.title}`,
      text: [item.title, ...itemLines(item, timeZone, now), queueLink, "", WHY_THIS_EMAIL].join(
        "\n",
      ),
    };
  }
  const sorted = [...items].sort(
    (a, b) => a.item.deadlineAt.getTime() - b.item.deadlineAt.getTime(),
  );
  return {
    // A second notice of the same item, to whoever is on duty, does no harm.
    duplicate: "harmless" as const,
    to,
    subject: `${items.length} things need you: ${sorted[0]!.item.title}, and more`,
    text: [
      `${items.length} things need you, the soonest deadline first:`,
      "",
      ...sorted.flatMap(({ item, timeZone }, index) => [
        `${index + 1}. ${QUEUE_ITEM_LABELS[item.kind]}: ${item.title}`,
        ...itemLines(item, timeZone, now).map((line) => `   ${line}`),
        "",
      ]),
      queueLink,
      "",
      WHY_THIS_EMAIL,
    ].join("\n"),
  };
}

/** Who gets a ready item's email: the owner when it was passed to them, else whoever is on duty. */
function recipientOf(item: QueueItemRow) {
  const owner = ownerRecipient(item.accountId);
  const to = item.forOwner ? owner?.email : onDutyRecipient(item.accountId).email;
  return to ? { to, timeZone: owner?.timeZone ?? DEFAULT_TIME_ZONE } : null;
}

/**
 * Marks one person's ready items notified and queues one email listing them, together: an item
 * another pass (or process) already marked is left out, and nothing is sent when none is left.
 */
function notifyOnce(
  to: string,
  batch: ReadonlyArray<{ item: QueueItemRow; timeZone: string }>,
  now: number,
) {
  return db().transaction((tx) => {
    const marked = batch.filter(
      ({ item }) =>
        tx
          .update(queueItems)
          .set({ notifiedAt: new Date(now) })
          .where(and(eq(queueItems.id, item.id), isNull(queueItems.notifiedAt)))
          .run().changes > 0,
    );
    if (marked.length === 0) return false;
    queueEmail(queueDigest(to, marked, now));
    return true;
  });
}

/** A guest message this recent gets its items at the next pass even if nothing else is open. */
const RECENT_MESSAGE_MS = 14 * 86_400_000;

/**
 * The accounts whose queue the rules could change now, in one indexed read across accounts: a
 * trip in the window around now, an open claim, a recent guest conversation, or an item still
 * open (one the rules may close or drop). Any other account has nothing to sync, so an idle
 * account costs a pass nothing.
 */
export function accountsToSync(now = Date.now()): string[] {
  // UNION ALL, then distinct: each part reads its own index by time or status (a plain UNION
  // lets SQLite walk whole account-ordered indexes instead, to merge them).
  return db()
    .all<{ accountId: string }>(
      sql`select distinct accountId from (
        select ${trips.accountId} as accountId from ${trips}
          where ${trips.endAt} >= ${now - TRIP_LOOKBACK_MS} and ${trips.startAt} <= ${now + TRIP_LOOKAHEAD_MS}
        union all select ${claims.accountId} from ${claims}
          where ${claims.status} in ${[...OPEN_CLAIM_STATUSES]}
        union all select ${conversations.accountId} from ${conversations}
          where ${conversations.lastMessageAt} >= ${now - RECENT_MESSAGE_MS}
        union all select ${queueItems.accountId} from ${queueItems} where ${queueItems.doneAt} is null)`,
    )
    .map((row) => row.accountId);
}

/** Of `accountIds`, those whose stored items are what a sync would write now, in one read. */
function freshAccounts(accountIds: readonly string[], now: number) {
  const fresh = new Set<string>();
  for (let from = 0; from < accountIds.length; from += KEYS_PER_QUERY) {
    for (const { accountId } of db()
      .select({ accountId: queueSyncState.accountId })
      .from(queueSyncState)
      .where(
        and(
          inArray(queueSyncState.accountId, accountIds.slice(from, from + KEYS_PER_QUERY)),
          eq(queueSyncState.syncedVersion, queueSyncState.sourceVersion),
          lte(queueSyncState.syncedAt, new Date(now)),
          or(isNull(queueSyncState.nextEdgeAt), gt(queueSyncState.nextEdgeAt, new Date(now))),
        ),
      )
      .all()) {
      fresh.add(accountId);
    }
  }
  return fresh;
}

/**
 * One pass of the worker: syncs the queue of every account that has something the rules look at
 * (`accountsToSync`) and whose data changed or reached a timed edge since its last sync, then
 * emails whoever is on duty about the ready, open items not yet notified: one email per person
 * per pass, listing them. Returns how many emails were queued.
 */
export function processQueue(now = Date.now()): number {
  // Only accounts whose plan has the automations (all of them when billing is off).
  const allowed = new Map<string, boolean>();
  const automated = (id: string) => {
    if (!allowed.has(id)) allowed.set(id, featureAllowed(id, "automations"));
    return allowed.get(id)!;
  };
  const candidates = accountsToSync(now);
  const fresh = freshAccounts(candidates, now);
  for (const id of candidates) if (!fresh.has(id) && automated(id)) syncQueue(id, now);
  const ready = db()
    .select()
    .from(queueItems)
    .where(
      and(
        lte(queueItems.readyAt, new Date(now)),
        isNull(queueItems.notifiedAt),
        isNull(queueItems.doneAt),
      ),
    )
    .all();
  const byRecipient = new Map<string, { item: QueueItemRow; timeZone: string }[]>();
  for (const item of ready) {
    if (!automated(item.accountId)) continue;
    const recipient = recipientOf(item);
    if (!recipient) continue;
    byRecipient.set(recipient.to, [
      ...(byRecipient.get(recipient.to) ?? []),
      { item, timeZone: recipient.timeZone },
    ]);
  }
  let sent = 0;
  for (const [to, batch] of byRecipient) if (notifyOnce(to, batch, now)) sent++;
  return sent;
}

/** Items of `accountIds` still open or done since `doneSince`, ready by `readyBy` if given. */
function itemsOf(accountIds: readonly string[], options: { doneSince: number; readyBy?: number }) {
  if (accountIds.length === 0) return [];
  return db()
    .select()
    .from(queueItems)
    .where(
      and(
        inArray(queueItems.accountId, [...accountIds]),
        options.readyBy === undefined
          ? undefined
          : lte(queueItems.readyAt, new Date(options.readyBy)),
        or(isNull(queueItems.doneAt), gte(queueItems.doneAt, new Date(options.doneSince))),
      ),
    )
    .orderBy(queueItems.deadlineAt)
    .all();
}

/** Items of `accountIds` to show: ready and open, or done in the last day. */
export function queueFor(accountIds: readonly string[], now = Date.now()) {
  return itemsOf(accountIds, { readyBy: now, doneSince: now - 86_400_000 });
}

/** Every item of `accountIds` still open or done since `since` (the shift report). */
export function itemsSince(accountIds: readonly string[], since: number) {
  return itemsOf(accountIds, { doneSince: since });
}
