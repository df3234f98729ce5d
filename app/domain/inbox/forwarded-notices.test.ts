/**
 * The marketplace's notices as hosts really forward them: Gmail, Outlook (desktop, web, the
 * iPhone app's HTML-only mail) and Apple Mail (iPhone and Mac), in English and Spanish,
 * quoted-printable, base64 and ISO-8859-1. Each .eml is read by the same MIME parser the webhook
 * uses; what is read must be exactly what the notice says, and never the host's own note.
 */
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { forwardedEmail } from "~/tests/support/inbound-fixtures";
import type { LocalDateTime } from "~/domain/zoned-time";
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

/** What a notice reads as: its kind, the guest and the reservation, and nothing else. */
function notice(kind: ReadNotification["kind"], guestName: string, reservationId: string) {
  return { ...NOTHING, kind, guestName, reservationId };
}

/** A trip's car and its local start and end, each written "2026-12-04 10:00". */
function trip(vehicleName: string, start: string, end: string) {
  return { vehicleName, startAt: localTime(start), endAt: localTime(end) };
}

function localTime(text: string): LocalDateTime {
  const [year, month, day, hour, minute] = (text.match(/\d+/g) ?? []).map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute! };
}

const JORDAN_MESSAGE = [
  "Hi Pat! Quick question before pickup:",
  'is the "airport parking" lot the one by Terminal B? 🚗',
  "",
  "We land at 9:40 PM — is that OK?",
].join("\n");

const EXPECTED: Record<string, ReadNotification> = {
  "gmail-guest-message-en-qp.eml": {
    ...notice("guest-message", "Jordan L.", "48213377"),
    messageText: JORDAN_MESSAGE,
  },
  "outlook-web-guest-message-en-html-only.eml": {
    ...notice("guest-message", "Jordan L.", "48213377"),
    messageText: JORDAN_MESSAGE,
  },
  "outlook-ios-guest-message-es-html-only.eml": {
    ...notice("guest-message", "Ana R.", "51230001"),
    messageText:
      "¿Puedo recoger el auto una hora antes? 🙏\nMi vuelo llega a las 7:15 a. m.\n\n¡Gracias!",
  },
  "outlook-desktop-booking-en-qp.eml": {
    ...notice("booking-confirmed", "Jordan L.", "48213377"),
    ...trip("Tesla Model 3 2021", "2026-12-04 10:00", "2026-12-07 10:00"),
  },
  "outlook-desktop-booking-es-iso-8859-1.eml": {
    ...notice("booking-confirmed", "María José García", "51230001"),
    ...trip("Toyota Corolla 2020", "2026-12-18 10:00", "2026-12-21 18:30"),
  },
  "apple-mail-iphone-trip-changed-en-qp.eml": {
    ...notice("trip-changed", "Sam Park", "50112233"),
    ...trip("Honda Civic 2022", "2026-12-12 09:00", "2026-12-15 18:30"),
  },
  "gmail-trip-changed-es-qp.eml": {
    ...notice("trip-changed", "Carlos Gómez", "52998877"),
    ...trip("Mazda CX-5 2021", "2027-01-02 08:00", "2027-01-06 20:00"),
  },
  "outlook-web-cancellation-en-base64.eml": notice("trip-cancelled", "Jordan Lee", "48213377"),
  "gmail-cancellation-es-base64.eml": notice("trip-cancelled", "María José García", "51230001"),
  "gmail-reimbursement-en-plain.eml": notice("reimbursement", "Sam Park", "50112233"),
  "apple-mail-mac-damage-es-iso-8859-1-8bit.eml": notice(
    "damage-claim",
    "Carlos Gómez",
    "52998877",
  ),
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
