/**
 * The background passes that read what is due on a timer (app/jobs.server.ts), by
 * name, each run once at `now`: what the worker-scale test and `npm run bench:scale` run over
 * many accounts. Imported only after DATA_DIR points at the caller's own folder.
 */
export async function loadWorkerPasses() {
  const bookings = await import("../../app/lib/inbox/booking-drafts.server");
  const replies = await import("../../app/lib/inbox/drafts.server");
  const queue = await import("../../app/lib/concierge/queue.server");
  const reminders = await import("../../app/lib/claims/reminders.server");
  const outbox = await import("../../app/lib/email/outbox.server");
  return [
    {
      name: "Scheduling booking messages",
      run: (now: number) => bookings.scheduleBookingDrafts(now),
    },
    { name: "Drafting booking messages", run: (now: number) => bookings.prepareBookingDrafts(now) },
    {
      name: "Drafting guest replies",
      run: (now: number) => replies.draftPendingReplies({ now, drafter: null }),
    },
    { name: "Updating the concierge queue", run: (now: number) => queue.processQueue(now) },
    { name: "Sending claim reminders", run: (now: number) => reminders.sendDueReminders(now) },
    { name: "Sending daily digests", run: (now: number) => reminders.sendDailyDigests(now) },
    { name: "Sending the email outbox", run: (now: number) => outbox.processOutbox(new Date(now)) },
  ] as const;
}
