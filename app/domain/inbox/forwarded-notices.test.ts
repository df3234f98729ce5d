/**
 * The marketplace's notices as hosts really forward them: Gmail, Outlook (desktop, web, the
 * iPhone app's HTML-only mail) and Apple Mail (iPhone and Mac), in English and Spanish,
 * quoted-printable, base64 and ISO-8859-1. Each .eml is read by the same MIME parser the webhook
 * uses; what is read must be exactly what the notice says, and never the host's own note.
 */
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { forwardedEmail } from "~/tests/support/inbound-fixtures";
import { noticeText } from "./html-text";
import { readNotificationEmail, type ReadNotification } from "./notification-email";
import { readForward } from "./forwarded-email";

async function read(name: string) {
  const parsed = await simpleParser(forwardedEmail(name), {
    skipImageLinks: true,
    skipTextToHtml: true,
  });
  const text = noticeText(parsed);
  return {
    text,
    read: readNotificationEmail({
      subject: parsed.subject ?? "",
      text,
      receivedOn: { year: 2026, month: 11, day: 27 },
    }),
  };
}

const NOTHING = { messageText: null, vehicleName: null, startAt: null, endAt: null };

const JORDAN_MESSAGE = [
  "Hi Pat! Quick question before pickup:",
  'is the "airport parking" lot the one by Terminal B? 🚗',
  "",
  "We land at 9:40 PM — is that OK?",
].join("\n");

const EXPECTED: Record<string, ReadNotification> = {
  "gmail-guest-message-en-qp.eml": {
    ...NOTHING,
    kind: "guest-message",
    guestName: "Jordan L.",
    reservationId: "48213377",
    messageText: JORDAN_MESSAGE,
  },
  "outlook-web-guest-message-en-html-only.eml": {
    ...NOTHING,
    kind: "guest-message",
    guestName: "Jordan L.",
    reservationId: "48213377",
    messageText: JORDAN_MESSAGE,
  },
  "outlook-ios-guest-message-es-html-only.eml": {
    ...NOTHING,
    kind: "guest-message",
    guestName: "Ana R.",
    reservationId: "51230001",
    messageText:
      "¿Puedo recoger el auto una hora antes? 🙏\nMi vuelo llega a las 7:15 a. m.\n\n¡Gracias!",
  },
  "outlook-desktop-booking-en-qp.eml": {
    ...NOTHING,
    kind: "booking-confirmed",
    guestName: "Jordan L.",
    reservationId: "48213377",
    vehicleName: "Tesla Model 3 2021",
    startAt: { year: 2026, month: 12, day: 4, hour: 10, minute: 0 },
    endAt: { year: 2026, month: 12, day: 7, hour: 10, minute: 0 },
  },
  "outlook-desktop-booking-es-iso-8859-1.eml": {
    ...NOTHING,
    kind: "booking-confirmed",
    guestName: "María José García",
    reservationId: "51230001",
    vehicleName: "Toyota Corolla 2020",
    startAt: { year: 2026, month: 12, day: 18, hour: 10, minute: 0 },
    endAt: { year: 2026, month: 12, day: 21, hour: 18, minute: 30 },
  },
  "apple-mail-iphone-trip-changed-en-qp.eml": {
    ...NOTHING,
    kind: "trip-changed",
    guestName: "Sam Park",
    reservationId: "50112233",
    vehicleName: "Honda Civic 2022",
    startAt: { year: 2026, month: 12, day: 12, hour: 9, minute: 0 },
    endAt: { year: 2026, month: 12, day: 15, hour: 18, minute: 30 },
  },
  "gmail-trip-changed-es-qp.eml": {
    ...NOTHING,
    kind: "trip-changed",
    guestName: "Carlos Gómez",
    reservationId: "52998877",
    vehicleName: "Mazda CX-5 2021",
    startAt: { year: 2027, month: 1, day: 2, hour: 8, minute: 0 },
    endAt: { year: 2027, month: 1, day: 6, hour: 20, minute: 0 },
  },
  "outlook-web-cancellation-en-base64.eml": {
    ...NOTHING,
    kind: "trip-cancelled",
    guestName: "Jordan Lee",
    reservationId: "48213377",
  },
  "gmail-cancellation-es-base64.eml": {
    ...NOTHING,
    kind: "trip-cancelled",
    guestName: "María José García",
    reservationId: "51230001",
  },
  "gmail-reimbursement-en-plain.eml": {
    ...NOTHING,
    kind: "reimbursement",
    guestName: "Sam Park",
    reservationId: "50112233",
  },
  "apple-mail-mac-damage-es-iso-8859-1-8bit.eml": {
    ...NOTHING,
    kind: "damage-claim",
    guestName: "Carlos Gómez",
    reservationId: "52998877",
  },
};

describe("forwarded notices, as mail clients really forward them", () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`reads ${name}`, async () => {
      expect((await read(name)).read).toEqual(expected);
    });
  }

  it("leaves the host's note above the forward out, and reads the forwarded header block", async () => {
    const notes: Record<string, string> = {
      "gmail-guest-message-en-qp.eml": "Can you take this one? I'm driving until 6.",
      "outlook-web-guest-message-en-html-only.eml": "Guest question below — see what you think.",
      "outlook-ios-guest-message-es-html-only.eml": "Mira esto, ¿le contestas tú?",
      "apple-mail-mac-damage-es-iso-8859-1-8bit.eml": "Para el expediente del Mazda.",
    };
    for (const [name, note] of Object.entries(notes)) {
      const { text, read: notice } = await read(name);
      const forward = readForward(text);
      expect(forward.hostNote.split("\n")[0]).toBe(note);
      expect(forward.from).toBe("Turo <noreply@mail.turo.com>");
      expect(notice.messageText ?? "").not.toContain(note);
    }
  });

  it("decodes ISO-8859-1 and base64 without mangling accents", async () => {
    const { text } = await read("outlook-desktop-booking-es-iso-8859-1.eml");
    expect(text).toContain("¡María José García ha reservado tu Toyota Corolla 2020!");
    expect(text).not.toContain("�");
  });
});
