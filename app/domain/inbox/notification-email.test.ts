import { describe, expect, it } from "vitest";
import { readNotificationEmail } from "./notification-email";

const NO_TRIP = { vehicleName: null, startAt: null, endAt: null };

describe("reading a forwarded notification email", () => {
  it("reads a guest's message: who, which reservation, and only their words", () => {
    const read = readNotificationEmail({
      subject: "Fwd: New message from Jordan L.",
      text: [
        "---------- Forwarded message ---------",
        "From: Turo <noreply@mail.turo.com>",
        "Date: Thu, Nov 26, 2026 at 9:12 AM",
        "Subject: New message from Jordan L.",
        "",
        "Jordan L. wrote:",
        "Hi! Where exactly is the car parked at the airport?",
        "Thanks",
        "",
        "Reply",
        "https://turo.com/us/en/reservation/48213377/messages",
      ].join("\n"),
    });
    expect(read).toEqual({
      ...NO_TRIP,
      kind: "guest-message",
      guestName: "Jordan L.",
      reservationId: "48213377",
      messageText: "Hi! Where exactly is the car parked at the airport?\nThanks",
    });
  });

  it("takes a quoted message, and the guest from the subject's other wordings", () => {
    expect(
      readNotificationEmail({
        subject: "Ana Ruiz sent you a message",
        text: "“¿Puedo recoger el auto una hora antes?”\nView message\nTrip #51230001",
      }),
    ).toEqual({
      ...NO_TRIP,
      kind: "guest-message",
      guestName: "Ana Ruiz",
      reservationId: "51230001",
      messageText: "¿Puedo recoger el auto una hora antes?",
    });
  });

  it("tells bookings, changes and cancellations apart", () => {
    const kind = (subject: string) => readNotificationEmail({ subject, text: "" }).kind;
    expect(kind("Sam Park booked your Honda Civic")).toBe("booking-confirmed");
    expect(kind("Your trip is confirmed")).toBe("booking-confirmed");
    expect(kind("Sam Park wants to change their trip")).toBe("trip-changed");
    expect(kind("Trip modification request")).toBe("trip-changed");
    expect(kind("FW: Sam Park cancelled their trip")).toBe("trip-cancelled");
    expect(kind("Your trip was canceled")).toBe("trip-cancelled");
    expect(
      readNotificationEmail({ subject: "Sam Park booked your Honda Civic", text: "" }).guestName,
    ).toBe("Sam Park");
  });

  it("keeps anything else as unrecognized, with what it could find", () => {
    expect(
      readNotificationEmail({
        subject: "Your monthly earnings summary",
        text: "Reservation ID: 99887766",
      }),
    ).toEqual({
      ...NO_TRIP,
      kind: "unrecognized",
      guestName: null,
      reservationId: "99887766",
      messageText: null,
    });
  });

  it("keeps the guest's quotes, line breaks and emoji, and only the email's own quotation marks go", () => {
    const read = readNotificationEmail({
      subject: "Fwd: Jordan L. sent you a message",
      text: [
        "Sorry for the late forward!",
        "",
        "---------- Forwarded message ---------",
        "From: Turo <noreply@mail.turo.com>",
        "Date: Thu, Nov 26, 2026 at 9:12 AM",
        "Subject: Jordan L. sent you a message",
        "To: <pat.host@gmail.com>",
        "",
        "Jordan L. sent you a message",
        "",
        "Jordan L.",
        '"The sign says "Lot C" but the app says "Lot B" 🤔',
        "",
        'Which one?"',
        "",
        "Reply",
      ].join("\n"),
    });
    expect(read.messageText).toBe(
      'The sign says "Lot C" but the app says "Lot B" 🤔\n\nWhich one?',
    );
  });

  it("reads the forwarded subject when the host retitled the forward, in Spanish too", () => {
    const read = readNotificationEmail({
      subject: "mira esto",
      text: [
        "-----Mensaje original-----",
        "De: Turo <noreply@mail.turo.com>",
        "Enviado el: jueves, 26 de noviembre de 2026 16:20",
        "Para: pat@empresa.mx",
        "Asunto: Tu viaje con Ana Ruiz ha sido cancelado",
        "",
        "N.º de reserva: 51230001",
      ].join("\n"),
    });
    expect(read).toMatchObject({
      kind: "trip-cancelled",
      guestName: "Ana Ruiz",
      reservationId: "51230001",
    });
  });

  it("reads a change the guest only asked for without taking its times as the trip's", () => {
    const read = readNotificationEmail({
      subject: "Sam Park wants to change their trip",
      text: "Trip start\nSat, Dec 12, 2026 9:00 AM\nTrip end\nTue, Dec 15, 2026 6:30 PM",
      receivedOn: { year: 2026, month: 11, day: 27 },
    });
    expect(read).toMatchObject({ kind: "trip-changed", startAt: null, endAt: null });
  });

  it("dates a trip time without a year from the day the email came", () => {
    const read = readNotificationEmail({
      subject: "Sam Park has booked your Honda Civic 2022",
      text: "Trip start: Sat, Jan 2 9:00 AM\nTrip end: Mon, Jan 4 9:00 AM\nReservation ID: 50112233",
      receivedOn: { year: 2026, month: 12, day: 28 },
    });
    expect(read).toMatchObject({
      kind: "booking-confirmed",
      vehicleName: "Honda Civic 2022",
      startAt: { year: 2027, month: 1, day: 2, hour: 9, minute: 0 },
      endAt: { year: 2027, month: 1, day: 4, hour: 9, minute: 0 },
    });
  });

  it("reads a huge email quickly: only its first 200,000 characters", () => {
    const started = performance.now();
    const read = readNotificationEmail({
      subject: "Fwd: Jordan L. sent you a message",
      text: "De: x\n".repeat(500_000),
    });
    expect(read.kind).toBe("guest-message");
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
