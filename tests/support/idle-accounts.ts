/**
 * Accounts with history and nothing due, for the tests and the benchmark that hold the background
 * passes to one indexed read however many accounts there are. Each account has an owner, a car,
 * two trips that ended long ago, a paid claim, a guest conversation the host answered weeks ago
 * and a queue item done long ago: every table a pass reads grows with them, none of it is due.
 * Written in one transaction with prepared statements on the app's own connection (a thousand
 * accounts take a fraction of a second).
 */
import crypto from "node:crypto";
import type Database from "better-sqlite3";

const DAY_MS = 86_400_000;

export function insertIdleAccounts(client: Database.Database, count: number, now = Date.now()) {
  const longAgo = now - 120 * DAY_MS;
  const insert = {
    user: client.prepare(
      "INSERT INTO users (id, username, username_key, email, password_hash, created_at) VALUES (?, ?, ?, ?, 'x', ?)",
    ),
    account: client.prepare(
      "INSERT INTO accounts (id, owner_user_id, time_zone, created_at) VALUES (?, ?, 'America/New_York', ?)",
    ),
    membership: client.prepare(
      "INSERT INTO memberships (account_id, user_id, role, created_at) VALUES (?, ?, 'primary', ?)",
    ),
    vehicle: client.prepare(
      `INSERT INTO vehicles (id, account_id, nickname, year, make, model, body_type, price_class, paint_type, status, created_at, updated_at)
       VALUES (?, ?, 'Blue', 2021, 'Toyota', 'Camry', 'sedan', 'mid', 'solid', 'active', ?, ?)`,
    ),
    trip: client.prepare(
      `INSERT INTO trips (id, account_id, vehicle_id, reservation_id, guest_name, start_at, end_at, time_zone, status, source, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'Jordan Lee', ?, ?, 'America/New_York', 'completed', 'import', ?, ?)`,
    ),
    claim: client.prepare(
      `INSERT INTO claims (id, account_id, trip_id, kind, status, claimed_cents, paid_cents, created_at, updated_at)
       VALUES (?, ?, ?, 'cleaning', 'paid', 15000, 15000, ?, ?)`,
    ),
    conversation: client.prepare(
      `INSERT INTO conversations (id, account_id, thread_key, reservation_id, guest_name, trip_id, last_message_at, created_at)
       VALUES (?, ?, ?, ?, 'Jordan Lee', ?, ?, ?)`,
    ),
    message: client.prepare(
      `INSERT INTO conversation_messages (conversation_id, account_id, author, text, source, at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    item: client.prepare(
      `INSERT INTO queue_items (id, account_id, kind, key, title, conversation_id, ready_at, deadline_at, notified_at, done_at, created_at)
       VALUES (?, ?, 'reply', ?, 'Reply to Jordan Lee', ?, ?, ?, ?, ?, ?)`,
    ),
  };
  const accountIds: string[] = [];
  client.transaction(() => {
    for (let i = 0; i < count; i++) {
      const userId = crypto.randomUUID();
      const accountId = crypto.randomUUID();
      const vehicleId = crypto.randomUUID();
      const name = `idle_${accountId.slice(0, 8)}_${i}`;
      insert.user.run(userId, name, name, `${name}@example.com`, longAgo);
      insert.account.run(accountId, userId, longAgo);
      insert.membership.run(accountId, userId, longAgo);
      insert.vehicle.run(vehicleId, accountId, longAgo, longAgo);
      const tripIds = [0, 1].map((n) => {
        const tripId = crypto.randomUUID();
        const startAt = longAgo + n * 10 * DAY_MS;
        insert.trip.run(
          tripId,
          accountId,
          vehicleId,
          `${70_000_000 + i * 2 + n}`,
          startAt,
          startAt + 3 * DAY_MS,
          longAgo,
          longAgo,
        );
        return tripId;
      });
      insert.claim.run(crypto.randomUUID(), accountId, tripIds[0], longAgo, longAgo);
      const conversationId = crypto.randomUUID();
      const reservationId = `${70_000_000 + i * 2}`;
      const answeredAt = longAgo + 2 * DAY_MS;
      insert.conversation.run(
        conversationId,
        accountId,
        `reservation:${reservationId}`,
        reservationId,
        tripIds[0],
        answeredAt,
        longAgo,
      );
      insert.message.run(
        conversationId,
        accountId,
        "guest",
        "Where do I pick up the car?",
        "email",
        answeredAt - 3_600_000,
      );
      insert.message.run(
        conversationId,
        accountId,
        "host",
        "In the garage, level 2.",
        "marked-sent",
        answeredAt,
      );
      insert.item.run(
        crypto.randomUUID(),
        accountId,
        `reply:${conversationId}:1`,
        conversationId,
        answeredAt - 3_600_000,
        answeredAt,
        answeredAt - 3_600_000,
        answeredAt,
        answeredAt - 3_600_000,
      );
      accountIds.push(accountId);
    }
  })();
  return accountIds;
}
