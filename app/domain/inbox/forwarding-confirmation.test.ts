/**
 * Gmail's forwarding confirmation, read from copies of the real email (both the current one,
 * without a code, and the older one with it), parsed as the inbox parses every email.
 */
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import {
  gmailForwardingConfirmation,
  gmailForwardingConfirmationWithCode,
  guestMessageNotice,
} from "~/tests/support/inbound-fixtures";
import { forwardingFromSubject, readForwardingConfirmation } from "./forwarding-confirmation";

const ADDRESS = "Qm9vb29vb29vb29vb29vb29vb29vb29vb29vb29vb28@inbound.fleet.test";

async function read(raw: string | Buffer) {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  return readForwardingConfirmation({
    from: parsed.from?.value[0]?.address ?? null,
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
    html: typeof parsed.html === "string" ? parsed.html : undefined,
  });
}

describe("Gmail's forwarding confirmation", () => {
  it("gives today's email's confirm link (not the cancel link) and the Gmail address; it has no code", async () => {
    const email = gmailForwardingConfirmation(ADDRESS);
    expect(await read(email.raw)).toEqual({
      code: null,
      confirmUrl: email.confirmUrl,
      forwardingFrom: "sam.host.cars@gmail.com",
    });
    expect(email.confirmUrl).not.toBe(email.cancelUrl);
  });

  it("gives the older email's code, from its subject and its body, and its link", async () => {
    const email = gmailForwardingConfirmationWithCode(ADDRESS, "80785338");
    expect(await read(email.raw)).toEqual({
      code: "80785338",
      confirmUrl: email.confirmUrl,
      forwardingFrom: "sam.host.cars@gmail.com",
    });
    // A subject without "(#…)" still has the code in the body.
    const noSubjectCode = email.raw.replace("(#80785338) ", "");
    expect((await read(noSubjectCode))?.code).toBe("80785338");
  });

  it("reads an HTML-only confirmation (in another language) by its sender and link", async () => {
    const link = "https://mail-settings.google.com/mail/vf-%5BANGjdJ_9Xk2mQ%5D-KJdue92mSl3kd0";
    const raw = [
      "From: Equipo de Gmail <forwarding-noreply@google.com>",
      `To: ${ADDRESS}`,
      "Subject: (#987654321) Confirmación de reenvío de Gmail - Recibir correo de ana@gmail.com",
      "MIME-Version: 1.0",
      'Content-Type: text/html; charset="UTF-8"',
      "",
      `<div>ana@gmail.com ha solicitado reenviar automáticamente el correo a <b>${ADDRESS}</b>.<br>`,
      `<a href="${link}&amp;hl=es">Confirmar</a></div>`,
    ].join("\r\n");
    expect(await read(raw)).toEqual({
      code: "987654321",
      confirmUrl: `${link}&hl=es`,
      forwardingFrom: null,
    });
  });

  it("is nothing for another sender, even with Gmail's wording, and never shows a link off Google", async () => {
    const email = gmailForwardingConfirmationWithCode(ADDRESS);
    const spoofed = email.raw.replace(
      "From: Gmail Team <forwarding-noreply@google.com>",
      "From: Gmail Team <forwarding-noreply@gmail-settings.example>",
    );
    expect(await read(spoofed)).toBeNull();
    expect(
      await read(
        guestMessageNotice({
          messageId: "m1",
          guest: "Jordan L.",
          reservationId: "48213377",
          text: "Hi",
        }),
      ),
    ).toBeNull();
    const offGoogle = email.raw.replace(
      email.confirmUrl,
      "https://mail.google.com.evil.example/mail/vf-x",
    );
    expect(await read(offGoogle)).toMatchObject({ code: "80785338", confirmUrl: null });
  });

  it("names the Gmail address from a stored subject", () => {
    expect(
      forwardingFromSubject(
        "(#80785338) Gmail Forwarding Confirmation - Receive Mail from a.b@gmail.com",
      ),
    ).toBe("a.b@gmail.com");
    expect(forwardingFromSubject("Hello")).toBeNull();
    expect(forwardingFromSubject(null)).toBeNull();
  });
});
