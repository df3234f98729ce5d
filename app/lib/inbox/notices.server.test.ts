/**
 * Forwarded notices on a real SQLite database: a booking notice adds the trip (car matched, times
 * in the account's zone), a change moves it, a cancellation cancels it; conversations and trips
 * find each other whichever comes first (a notice, the CSV import, a trip typed by hand); and a
 * message's time is its arrival unless the sender's Date: header is within a day of it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTempDataDir } from "~/tests/support/app-modules";
import { insertOwner, SAMPLE_CAR, tripInput } from "~/tests/support/rows";
import { parseTripCsv } from "~/domain/trips/trip-csv";
import { replyDeadline } from "~/domain/inbox/reply-deadline";

setUpTempDataDir("notices");

// Loaded after DATA_DIR is set: the database reads it once.
const db = await import("~/lib/runtime/db.server");
const schema = await import("~/db/schema");
const vehicles = await import("~/lib/vehicles/vehicles.server");
const preferences = await import("~/lib/accounts/preferences.server");
const trips = await import("~/lib/trips/trips.server");
const inbound = await import("./inbound.server");
const conversations = await import("./conversations.server");

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/forwarded-emails");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function host(name: string) {
  const owner = insertOwner(db, schema, name);
  preferences.setDetectedTimeZone(owner.accountId, "America/Denver");
  return { ...owner, token: inbound.inboundToken(owner.accountId) };
}

async function receive(token: string, raw: Buffer, receivedAt: string) {
  const result = await inbound.receiveInboundEmail(token, raw, new Date(receivedAt));
  if (result.status !== "stored") throw new Error(`not stored: ${result.status}`);
  return result;
}

function conversation(accountId: string, id: string) {
  const found = conversations.getConversation(accountId, id);
  if (!found) throw new Error("no conversation");
  return found;
}

function tripBy(accountId: string, reservationId: string) {
  return trips.listTrips(accountId).find((trip) => trip.reservationId === reservationId);
}

const JORDAN_MESSAGE =
  'Hi Pat! Quick question before pickup:\nis the "airport parking" lot the one by Terminal B? 🚗\n\nWe land at 9:40 PM — is that OK?';

describe("booking, change and cancellation notices", () => {
  it("a booking notice adds the trip; the guest's message then joins it; a cancellation cancels it", async () => {
    const owner = host("notice_flow");
    const tesla = vehicles.createVehicle(owner.accountId, {
      ...SAMPLE_CAR,
      nickname: null,
      year: 2021,
      make: "Tesla",
      model: "Model 3",
      trim: null,
    });
    if (!tesla.ok) throw new Error("vehicle not created");

    const booked = await receive(
      owner.token,
      fixture("outlook-desktop-booking-en-qp.eml"),
      "2026-11-26T17:04:30Z",
    );
    expect(booked.kind).toBe("booking-confirmed");
    const trip = tripBy(owner.accountId, "48213377");
    expect(trip).toMatchObject({
      guestName: "Jordan L.",
      vehicleName: "Tesla Model 3 2021",
      vehicleId: tesla.vehicle.id,
      // 10:00 AM in Denver (MST, UTC−7).
      startAt: new Date("2026-12-04T17:00:00Z"),
      endAt: new Date("2026-12-07T17:00:00Z"),
      timeZone: "America/Denver",
      source: "email",
      status: "booked",
    });
    expect(conversation(owner.accountId, booked.conversationId!).conversation.tripId).toBe(
      trip!.id,
    );

    const message = await receive(
      owner.token,
      fixture("gmail-guest-message-en-qp.eml"),
      "2026-11-26T16:16:02Z",
    );
    expect(message.conversationId).toBe(booked.conversationId);
    const thread = conversation(owner.accountId, message.conversationId!);
    expect(thread.conversation.tripId).toBe(trip!.id);
    expect(thread.messages.map((row) => [row.author, row.text, row.at.toISOString()])).toEqual([
      // The sender's Date: header, minutes before arrival.
      ["guest", JORDAN_MESSAGE, "2026-11-26T16:15:41.000Z"],
    ]);

    await receive(
      owner.token,
      fixture("outlook-web-cancellation-en-base64.eml"),
      "2026-11-27T15:43:10Z",
    );
    expect(tripBy(owner.accountId, "48213377")).toMatchObject({
      status: "canceled",
      guestName: "Jordan L.",
      startAt: new Date("2026-12-04T17:00:00Z"),
    });
  });

  it("a change notice moves an imported trip's times and keeps what it doesn't state", async () => {
    const owner = host("notice_change");
    const civic = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
    if (!civic.ok) throw new Error("vehicle not created");
    trips.createTrip(
      owner.accountId,
      tripInput({
        reservationId: "50112233",
        guestName: "Sam Park",
        startAt: Date.parse("2026-12-11T16:00:00Z"),
        endAt: Date.parse("2026-12-14T16:00:00Z"),
        pickupLocation: "Union Station",
        earningsCents: 21_000,
      }),
      civic.vehicle.id,
      "manual",
    );
    await receive(
      owner.token,
      fixture("apple-mail-iphone-trip-changed-en-qp.eml"),
      "2026-11-27T14:09:40Z",
    );
    expect(tripBy(owner.accountId, "50112233")).toMatchObject({
      startAt: new Date("2026-12-12T16:00:00Z"),
      endAt: new Date("2026-12-16T01:30:00Z"),
      vehicleId: civic.vehicle.id,
      guestName: "Sam Park",
      pickupLocation: "Union Station",
      earningsCents: 21_000,
      status: "booked",
    });
  });

  it("a Spanish booking from Outlook in ISO-8859-1 adds the trip; its Spanish cancellation cancels it", async () => {
    const owner = host("notice_es");
    await receive(
      owner.token,
      fixture("outlook-desktop-booking-es-iso-8859-1.eml"),
      "2026-11-26T22:24:20Z",
    );
    expect(tripBy(owner.accountId, "51230001")).toMatchObject({
      guestName: "María José García",
      vehicleName: "Toyota Corolla 2020",
      vehicleId: null,
      startAt: new Date("2026-12-18T17:00:00Z"),
      endAt: new Date("2026-12-22T01:30:00Z"),
      status: "booked",
    });
    await receive(owner.token, fixture("gmail-cancellation-es-base64.eml"), "2026-11-27T16:05:30Z");
    expect(tripBy(owner.accountId, "51230001")?.status).toBe("canceled");
  });

  it("a notice that can't place its trip's times adds no trip (the account has no zone yet)", async () => {
    const owner = insertOwner(db, schema, "notice_nozone");
    const token = inbound.inboundToken(owner.accountId);
    const result = await receive(
      token,
      fixture("outlook-desktop-booking-en-qp.eml"),
      "2026-11-26T17:04:30Z",
    );
    expect(result.kind).toBe("booking-confirmed");
    expect(trips.listTrips(owner.accountId)).toEqual([]);
  });
});

describe("conversations and trips find each other whichever comes first", () => {
  it("a conversation made before its trip links when the CSV import brings the trip", async () => {
    const owner = host("link_import");
    const message = await receive(
      owner.token,
      fixture("gmail-guest-message-en-qp.eml"),
      "2026-11-26T16:16:02Z",
    );
    expect(conversation(owner.accountId, message.conversationId!).conversation.tripId).toBeNull();
    const parsed = parseTripCsv(
      [
        "Reservation ID,Guest,Vehicle,Trip start,Trip end,Total earnings,Trip status",
        "48213377,Jordan Lee,Tesla Model 3 2021,2026-12-04 10:00,2026-12-07 10:00,$312.40,Booked",
        "48213399,Sam Park,Honda Civic 2022,2026-12-12 09:00,2026-12-15 18:30,$180.00,Booked",
      ].join("\n"),
      { timeZone: "America/Denver", now: Date.parse("2026-11-26T17:00:00Z") },
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    trips.importTrips(owner.accountId, parsed.rows);
    expect(conversation(owner.accountId, message.conversationId!).conversation.tripId).toBe(
      tripBy(owner.accountId, "48213377")!.id,
    );
  });

  it("a conversation made before its trip links when the host types the trip in, or a booking notice brings it", async () => {
    const owner = host("link_manual");
    const spanish = await receive(
      owner.token,
      fixture("outlook-ios-guest-message-es-html-only.eml"),
      "2026-11-27T02:01:30Z",
    );
    const car = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
    if (!car.ok) throw new Error("vehicle not created");
    const typed = trips.createTrip(
      owner.accountId,
      tripInput({
        reservationId: "51230001",
        guestName: "Ana Ruiz",
        startAt: Date.parse("2026-12-18T17:00:00Z"),
        endAt: Date.parse("2026-12-21T17:00:00Z"),
      }),
      car.vehicle.id,
      "manual",
    );
    const thread = conversation(owner.accountId, spanish.conversationId!);
    expect(thread.conversation.tripId).toBe(typed.id);
    expect(thread.messages[0]!.text).toBe(
      "¿Puedo recoger el auto una hora antes? 🙏\nMi vuelo llega a las 7:15 a. m.\n\n¡Gracias!",
    );

    const other = host("link_notice");
    const message = await receive(
      other.token,
      fixture("gmail-guest-message-en-qp.eml"),
      "2026-11-26T16:16:02Z",
    );
    await receive(
      other.token,
      fixture("outlook-desktop-booking-en-qp.eml"),
      "2026-11-26T17:04:30Z",
    );
    expect(conversation(other.accountId, message.conversationId!).conversation.tripId).toBe(
      tripBy(other.accountId, "48213377")!.id,
    );
  });

  it("a conversation that names no reservation links by the guest's name, only when one trip is theirs", async () => {
    const owner = host("link_name");
    const car = vehicles.createVehicle(owner.accountId, SAMPLE_CAR);
    if (!car.ok) throw new Error("vehicle not created");
    const pasted = conversations.pasteConversation(owner.accountId, {
      guestName: "Jordan L.",
      text: "Can I bring a bike rack?",
    });
    const start = Date.now() + 5 * DAY;
    const trip = trips.createTrip(
      owner.accountId,
      tripInput({
        reservationId: "70000001",
        guestName: "Jordan Lee",
        startAt: start,
        endAt: start + 2 * DAY,
      }),
      car.vehicle.id,
      "manual",
    );
    const linked = conversation(owner.accountId, pasted).conversation;
    expect(linked).toMatchObject({ tripId: trip.id, reservationId: "70000001" });

    const repeat = host("link_repeat");
    const waiting = conversations.pasteConversation(repeat.accountId, {
      guestName: "Sam Park",
      text: "Hi!",
    });
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const parsed = parseTripCsv(
      [
        "Reservation ID,Guest,Vehicle,Trip start,Trip end,Total earnings,Trip status",
        `70000010,Sam Park,Honda Civic 2022,${day(4)} 10:00,${day(6)} 10:00,$90.00,Booked`,
        `70000011,Sam Park,Honda Civic 2022,${day(9)} 10:00,${day(11)} 10:00,$90.00,Booked`,
      ].join("\n"),
      { timeZone: "America/Denver", now: Date.now() },
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    trips.importTrips(repeat.accountId, parsed.rows);
    // Two of Sam's trips are around: which one the host means is theirs to say.
    expect(conversation(repeat.accountId, waiting).conversation.tripId).toBeNull();
  });

  it("a guest's conversation started without a reservation takes it when a notice names one", async () => {
    const owner = host("adopt");
    const pasted = conversations.pasteConversation(owner.accountId, {
      guestName: "Jordan L.",
      text: "Is the car pet friendly?",
    });
    const message = await receive(
      owner.token,
      fixture("gmail-guest-message-en-qp.eml"),
      new Date().toISOString(),
    );
    expect(message.conversationId).toBe(pasted);
    expect(conversation(owner.accountId, pasted).conversation.reservationId).toBe("48213377");
  });
});

describe("a message's time", () => {
  it("is the arrival when the sender's Date: header is more than a day off (1899, the year 275760)", async () => {
    const owner = host("dates");
    const original = fixture("gmail-guest-message-en-qp.eml").toString("latin1");
    const arrived = "2026-11-26T16:16:02Z";
    for (const [index, date] of [
      "Sun, 31 Dec 1899 00:00:00 +0000",
      "Sat, 13 Sep 275760 00:00:00 +0000",
    ].entries()) {
      const raw = original
        .replace(/^Date: .*$/m, `Date: ${date}`)
        .replace(/^Message-ID: <(.*)>$/m, `Message-ID: <${index}-$1>`);
      const stored = await receive(owner.token, Buffer.from(raw, "latin1"), arrived);
      const row = db
        .db()
        .select()
        .from(schema.conversationMessages)
        .where(eq(schema.conversationMessages.inboundEmailId, stored.id))
        .get();
      expect(row?.at.toISOString()).toBe(new Date(arrived).toISOString());
    }
    const [listed] = conversations.listConversations(owner.accountId);
    expect(listed!.needs.replyDueAt).toBe(
      replyDeadline({ messageAt: new Date(arrived) }).toISOString(),
    );
    expect(listed!.conversation.lastMessageAt.toISOString()).toBe(new Date(arrived).toISOString());
  });
});
