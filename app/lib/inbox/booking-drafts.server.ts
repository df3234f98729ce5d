/**
 * The booking automation (`app/domain/inbox/booking-messages.ts`) as durable jobs: each message
 * of an upcoming trip is a concierge queue item written ahead of time with the moment it becomes
 * ready (its key makes it once per trip and start time). When that moment comes, the worker
 * writes its draft and links it to the item in one transaction, so a restart or a second pass
 * never drafts it twice; the queue then emails whoever is on duty.
 */
import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { queueItems, trips } from "~/db/schema";
import { marketplace } from "~/config/marketplace";
import { formatDateTime } from "~/domain/dates";
import {
  BOOKING_MESSAGE_LABELS,
  bookingMessageKnowledge,
  bookingMessageSlots,
  type BookingMessage,
} from "~/domain/inbox/booking-messages";
import {
  fillTemplateLeavingOut,
  findTemplate,
  TEMPLATE_VARIABLES,
} from "~/domain/guest-message-templates";
import { getVehicle, vehicleLabel } from "~/lib/vehicles/vehicles.server";
import { db } from "~/lib/runtime/db.server";
import { featureAllowed } from "~/lib/billing/gates.server";
import { signatureOf, storeDraft } from "./drafts.server";
import { conversationFor } from "./conversations.server";
import { knowledgeFor } from "./knowledge.server";
import type { TripRow } from "~/lib/trips/trips.server";

const DAY = 86_400_000;

/** A booking is confirmed once; the other messages follow the trip's start time. */
function itemKey(purpose: BookingMessage, trip: Pick<TripRow, "id" | "startAt">) {
  return purpose === "booking-confirmation"
    ? `draft:${purpose}:${trip.id}`
    : `draft:${purpose}:${trip.id}:${trip.startAt.getTime()}`;
}

/**
 * Writes the queue items of the booking messages of every booked trip starting in the next two
 * weeks (all accounts, or one). Items already written are left alone; a trip whose start moved
 * gets new ones, and the unsent ones for the old time go.
 */
export function scheduleBookingDrafts(now = Date.now(), accountId?: string): number {
  const upcoming = db()
    .select()
    .from(trips)
    .where(
      and(
        accountId ? eq(trips.accountId, accountId) : undefined,
        eq(trips.status, "booked"),
        gt(trips.startAt, new Date(now)),
        lte(trips.startAt, new Date(now + 14 * DAY)),
      ),
    )
    .all();
  let written = 0;
  for (const trip of upcoming) {
    if (!featureAllowed(trip.accountId, "automations")) continue;
    const slots = bookingMessageSlots(
      { startAt: trip.startAt.getTime(), bookedAt: trip.createdAt.getTime() },
      now,
    );
    const keys = slots.map((slot) => itemKey(slot.purpose, trip));
    db().transaction((tx) => {
      tx.delete(queueItems)
        .where(
          and(
            eq(queueItems.accountId, trip.accountId),
            eq(queueItems.tripId, trip.id),
            eq(queueItems.kind, "draft"),
            isNull(queueItems.doneAt),
            isNull(queueItems.draftId),
            keys.length ? sql`${queueItems.key} not in ${keys}` : undefined,
          ),
        )
        .run();
      for (const slot of slots) {
        const result = tx
          .insert(queueItems)
          .values({
            id: crypto.randomUUID(),
            accountId: trip.accountId,
            kind: "draft",
            key: itemKey(slot.purpose, trip),
            title: `${BOOKING_MESSAGE_LABELS[slot.purpose]} for ${trip.guestName ?? "the guest"}`,
            detail: `Reservation ${trip.reservationId}`,
            tripId: trip.id,
            readyAt: new Date(slot.readyAt),
            deadlineAt: new Date(slot.deadlineAt),
            // Due the moment an imported trip became known (its confirmation, pickup
            // instructions of a trip starting soon): listed and drafted, not emailed to the host
            // who is importing their trips.
            notifiedAt:
              trip.source === "import" && slot.readyAt <= trip.createdAt.getTime()
                ? new Date(now)
                : null,
          })
          .onConflictDoNothing()
          .run();
        written += result.changes;
      }
    });
  }
  return written;
}

/**
 * The message's text: the library's template filled from the trip, plus the host's entries (the
 * car's own first). What neither knows is left out of the text and listed as missing, never put
 * in as a bracket.
 */
function bookingMessageText(
  purpose: BookingMessage,
  trip: TripRow,
  entries: ReturnType<typeof knowledgeFor>,
): { text: string; missing: string[] } {
  const vehicle = trip.vehicleId ? getVehicle(trip.accountId, trip.vehicleId) : undefined;
  const guest = trip.guestName?.trim().split(/\s+/)[0] ?? "";
  const signature = signatureOf(trip.accountId) ?? "";
  const knowledge = bookingMessageKnowledge(purpose, entries).map((entry) => entry.text.trim());
  if (purpose === "check-in") {
    const keySteps = knowledge.length > 0;
    return {
      text: [
        `Hi${guest ? ` ${guest}` : ""}, your trip ${vehicle ? `in the ${vehicleLabel(vehicle)} ` : ""}starts now!`,
        "",
        ...(keySteps ? knowledge : [`Access details are in the ${marketplace.name} app.`]),
        "",
        `Before you drive off, please take your pickup photos in the ${marketplace.name} app. Enjoy the drive!`,
        ...(signature ? [signature] : []),
      ].join("\n"),
      missing: keySteps ? [] : ["how to get the keys (Keys and unlocking)"],
    };
  }
  const template = findTemplate(
    purpose === "booking-confirmation" ? "booking-confirmation" : "pre-pickup-instructions",
  )!;
  const filled = fillTemplateLeavingOut(template, {
    guestName: guest,
    hostName: signature,
    vehicle: vehicle ? vehicleLabel(vehicle) : (trip.vehicleName ?? ""),
    tripStart: formatDateTime(trip.startAt, trip.timeZone),
    tripEnd: formatDateTime(trip.endAt, trip.timeZone),
    location: trip.pickupLocation ?? "",
  });
  // Without a pickup place on the trip, the host's pickup spot answer says where the car is.
  const pickupSpot = entries.some((entry) => entry.topic === "pickup-spot" && entry.text.trim());
  // The names only shape the greeting and sign-off; the rest are facts the guest needs.
  const missing = filled.missing
    .filter((key) => key !== "guestName" && key !== "hostName")
    .filter((key) => key !== "location" || !pickupSpot)
    .map((key) => TEMPLATE_VARIABLES[key].label.toLowerCase());
  const body = filled.text;
  if (knowledge.length === 0) return { text: body, missing };
  // The host's answers go before the sign-off.
  const signOff = body.lastIndexOf("\n\nThanks,");
  const head = signOff === -1 ? body : body.slice(0, signOff);
  const tail = signOff === -1 ? "" : body.slice(signOff);
  return {
    text: `${head}\n\nA few things to know:\n${knowledge.map((text) => `- ${text}`).join("\n")}${tail}`,
    missing,
  };
}

/**
 * Drafts every booking message whose moment has come (ready, not drafted, not done), each in one
 * transaction with its item. Returns how many were drafted.
 */
export function prepareBookingDrafts(now = Date.now()): number {
  const due = db()
    .select({ item: queueItems, trip: trips })
    .from(queueItems)
    .innerJoin(trips, eq(trips.id, queueItems.tripId))
    .where(
      and(
        eq(queueItems.kind, "draft"),
        isNull(queueItems.draftId),
        isNull(queueItems.doneAt),
        lte(queueItems.readyAt, new Date(now)),
        inArray(trips.status, ["booked", "in_progress"]),
      ),
    )
    .limit(200)
    .all();
  let drafted = 0;
  for (const { item, trip } of due) {
    if (!featureAllowed(trip.accountId, "automations")) continue;
    const purpose = item.key.split(":")[1] as BookingMessage;
    const entries = knowledgeFor(trip.accountId, trip.vehicleId);
    const { text, missing } = bookingMessageText(purpose, trip, entries);
    db().transaction((tx) => {
      // Another pass may have drafted it meanwhile.
      const fresh = tx.select().from(queueItems).where(eq(queueItems.id, item.id)).get();
      if (!fresh || fresh.draftId || fresh.doneAt) return;
      const conversationId = conversationFor(
        tx,
        trip.accountId,
        { guestName: trip.guestName, reservationId: trip.reservationId },
        new Date(now),
      )!;
      const draft = storeDraft(
        trip.accountId,
        conversationId,
        purpose,
        {
          kind: "template",
          text,
          usedKnowledge: bookingMessageKnowledge(purpose, entries).map((entry) => entry.topic),
          missing,
        },
        {
          answersMessageId: null,
          entries,
          tripStarted: trip.startAt.getTime() <= now,
          now,
        },
        tx,
      );
      tx.update(queueItems)
        .set({ draftId: draft.id, conversationId })
        .where(eq(queueItems.id, item.id))
        .run();
      drafted += 1;
    });
  }
  return drafted;
}
