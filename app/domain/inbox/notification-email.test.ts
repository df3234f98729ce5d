import { describe, expect, it } from "vitest";
import { readNotificationEmail } from "./notification-email";

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
      kind: "unrecognized",
      guestName: null,
      reservationId: "99887766",
      messageText: null,
    });
  });
});
