/**
 * Claim deadline reminders and the daily digest, by email (the outbox, so SMTP or the local
 * table). A reminder goes out once: its key (claim, deadline, lead time) is inserted in the same
 * transaction as its email, under a unique index, so a second pass, a restart or a second process
 * finds it already sent.
 */
import { eq, inArray } from "drizzle-orm";
import { accounts, claims, sentReminders, trips, users } from "~/db/schema";
import { CLAIM_KIND_LABELS, OPEN_CLAIM_STATUSES, type ClaimKind } from "~/domain/claims/claim";
import { claimDeadlines, type ClaimDeadline } from "~/domain/claims/claim-windows";
import { parseLeadHours } from "~/domain/claims/reminder-leads";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/domain/dates";
import { formatIsoDate, wallClockAt } from "~/domain/zoned-time";
import { queueEmail } from "~/lib/email/outbox.server";
import { db } from "~/lib/runtime/db.server";
import { env } from "~/lib/runtime/env.server";

/** The digest goes out from this local hour on. */
const DIGEST_HOUR = 8;
const DIGEST_HORIZON_MS = 72 * 3_600_000;
const HOUR_MS = 3_600_000;

interface OpenClaim {
  claimId: string;
  createdAt: Date;
  kind: ClaimKind;
  accountId: string;
  reservationId: string;
  endAt: Date;
  tripTimeZone: string;
  ownerEmail: string;
  leadHours: string;
  dailyDigest: boolean;
  accountTimeZone: string | null;
}

function openClaims(): OpenClaim[] {
  return db()
    .select({
      claimId: claims.id,
      createdAt: claims.createdAt,
      kind: claims.kind,
      accountId: claims.accountId,
      reservationId: trips.reservationId,
      endAt: trips.endAt,
      tripTimeZone: trips.timeZone,
      ownerEmail: users.email,
      leadHours: accounts.reminderLeadHours,
      dailyDigest: accounts.dailyDigest,
      accountTimeZone: accounts.timeZone,
    })
    .from(claims)
    .innerJoin(trips, eq(trips.id, claims.tripId))
    .innerJoin(accounts, eq(accounts.id, claims.accountId))
    .innerJoin(users, eq(users.id, accounts.ownerUserId))
    .where(inArray(claims.status, [...OPEN_CLAIM_STATUSES]))
    .all() as OpenClaim[];
}

/**
 * Records each reminder's keys as sent and queues one email listing the reminders whose first
 * key wasn't sent yet (another pass or process may have sent some), together. A reminder with
 * `silent` set is recorded without being listed. Returns whether an email was queued.
 */
function sendOnce(
  accountId: string,
  reminders: ReadonlyArray<{ keys: string[]; silent?: boolean; line?: ReminderLine }>,
  email: (lines: ReminderLine[]) => { to: string; subject: string; text: string },
) {
  return db().transaction((tx) => {
    const now = new Date();
    const lines: ReminderLine[] = [];
    for (const reminder of reminders) {
      const [first, ...rest] = reminder.keys;
      const inserted = tx
        .insert(sentReminders)
        .values({ accountId, key: first!, sentAt: now })
        .onConflictDoNothing()
        .run();
      if (inserted.changes === 0) continue;
      for (const key of rest) {
        tx.insert(sentReminders)
          .values({ accountId, key, sentAt: now })
          .onConflictDoNothing()
          .run();
      }
      if (!reminder.silent && reminder.line) lines.push(reminder.line);
    }
    if (lines.length === 0) return false;
    queueEmail(email(lines));
    return true;
  });
}

interface ReminderLine {
  claim: OpenClaim;
  deadline: ClaimDeadline;
}

function deadlinesOf(claim: OpenClaim, now: number): ClaimDeadline[] {
  return claimDeadlines(
    claim.kind,
    { endAt: claim.endAt.getTime(), timeZone: claim.tripTimeZone },
    now,
  );
}

function claimUrl(claimId: string) {
  return `${env().PUBLIC_URL}/dashboard/claim/${claimId}`;
}

/** One reminder's email text, or its entry in a list of several. */
function reminderText({ claim, deadline }: ReminderLine) {
  const kind = CLAIM_KIND_LABELS[claim.kind];
  const when = formatDateTime(deadline.dueAtMs, claim.tripTimeZone);
  return {
    subject: `${deadline.label} by ${when} (${kind.toLowerCase()} claim, trip ${claim.reservationId})`,
    lines: [
      `${deadline.label}: ${deadline.timeLeft.text}, by ${when}.`,
      deadline.description,
      deadline.caveat ? `Note: ${deadline.caveat}` : null,
      `Open the claim: ${claimUrl(claim.claimId)}`,
    ].filter((line): line is string => line !== null),
  };
}

const WHY_REMINDERS =
  "You get this reminder because you set claim reminders under Account in FleetAssist.";

function remindersEmail(to: string, lines: ReminderLine[]) {
  if (lines.length === 1) {
    const one = reminderText(lines[0]!);
    const [first, ...rest] = one.lines;
    return {
      to,
      subject: one.subject,
      text: [first, "", ...rest.slice(0, -1), "", rest.at(-1), "", WHY_REMINDERS].join("\n"),
    };
  }
  const sorted = [...lines].sort((a, b) => a.deadline.dueAtMs - b.deadline.dueAtMs);
  return {
    to,
    subject: `${lines.length} claim deadlines coming up, the first: ${reminderText(sorted[0]!).subject}`,
    text: [
      `${lines.length} claim deadlines are coming up, soonest first:`,
      "",
      ...sorted.flatMap((line, index) => {
        const [first, ...rest] = reminderText(line).lines;
        return [`${index + 1}. ${first}`, ...rest.map((text) => `   ${text}`), ""];
      }),
      WHY_REMINDERS,
    ].join("\n"),
  };
}

/**
 * One pass: for each open deadline of each open claim whose reminder time (deadline minus a lead
 * time) has come, a reminder; one email per owner per pass lists them all. When several lead
 * times have passed at once, only the nearest is sent and the others are marked sent. A reminder
 * whose time had already come when the claim was opened is marked sent without email: the person
 * opening the claim sees its deadlines on its page. Returns how many emails were queued.
 */
export function sendDueReminders(now = Date.now()): number {
  const byAccount = new Map<
    string,
    { to: string; reminders: { keys: string[]; silent: boolean; line: ReminderLine }[] }
  >();
  for (const claim of openClaims()) {
    const leads = [...parseLeadHours(claim.leadHours)].sort((a, b) => a - b);
    for (const deadline of deadlinesOf(claim, now)) {
      if (deadline.status !== "open") continue;
      const due = leads.filter((hours) => deadline.dueAtMs - hours * HOUR_MS <= now);
      if (due.length === 0) continue;
      const keys = due.map((hours) => `claim:${claim.claimId}:${deadline.key}:${hours}`);
      const silent = deadline.dueAtMs - due[0]! * HOUR_MS <= claim.createdAt.getTime();
      const entry = byAccount.get(claim.accountId) ?? { to: claim.ownerEmail, reminders: [] };
      entry.reminders.push({ keys, silent, line: { claim, deadline } });
      byAccount.set(claim.accountId, entry);
    }
  }
  let sent = 0;
  for (const [accountId, { to, reminders }] of byAccount) {
    if (sendOnce(accountId, reminders, (lines) => remindersEmail(to, lines))) sent++;
  }
  return sent;
}

/**
 * Once per account and local day, from 8 AM in the account's zone: the claim deadlines of the next
 * three days, for owners who keep the digest on and have any.
 */
export function sendDailyDigests(now = Date.now()): number {
  const byAccount = new Map<string, OpenClaim[]>();
  for (const claim of openClaims()) {
    if (!claim.dailyDigest) continue;
    byAccount.set(claim.accountId, [...(byAccount.get(claim.accountId) ?? []), claim]);
  }
  let sent = 0;
  for (const [accountId, accountClaims] of byAccount) {
    const zone = accountClaims[0]!.accountTimeZone ?? DEFAULT_TIME_ZONE;
    const local = wallClockAt(now, zone);
    if (local.hour < DIGEST_HOUR) continue;
    // The morning's look-ahead: a claim opened since this morning's digest time is in tomorrow's.
    const digestTime = now - ((local.hour - DIGEST_HOUR) * 60 + local.minute) * 60_000;
    const soon = accountClaims
      .filter((claim) => claim.createdAt.getTime() <= digestTime)
      .flatMap((claim) =>
        deadlinesOf(claim, now)
          .filter(
            (deadline) => deadline.status === "open" && deadline.dueAtMs - now <= DIGEST_HORIZON_MS,
          )
          .map((deadline) => ({ claim, deadline })),
      )
      .sort((a, b) => a.deadline.dueAtMs - b.deadline.dueAtMs);
    if (soon.length === 0) continue;
    const lines = soon.map(
      ({ claim, deadline }) =>
        `- ${deadline.label} by ${formatDateTime(deadline.dueAtMs, claim.tripTimeZone)} (${deadline.timeLeft.text}): ${CLAIM_KIND_LABELS[claim.kind].toLowerCase()} claim, trip ${claim.reservationId}, ${claimUrl(claim.claimId)}`,
    );
    const email = {
      to: accountClaims[0]!.ownerEmail,
      subject: `Claim deadlines in the next 3 days: ${soon.length}`,
      text: [
        "Your claim deadlines in the next three days, soonest first:",
        "",
        ...lines,
        "",
        "You get this digest every morning while you have open claims; turn it off under Account in FleetAssist.",
      ].join("\n"),
    };
    if (
      sendOnce(
        accountId,
        [{ keys: [`digest:${formatIsoDate(local)}`], line: soon[0]! }],
        () => email,
      )
    )
      sent++;
  }
  return sent;
}
