/**
 * What "Make this a guest message" prefills, from emails as mail clients really send and forward
 * them (parsed as the inbox parses every email): the sender or a forward's original sender,
 * never the marketplace; a reservation link or labeled id; the body without the forward's header.
 */
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import {
  LATIN1_GUEST_TEXT,
  forwardedEmail,
  guestMessageNotice,
  latin1EmailWithAttachments,
} from "~/tests/support/inbound-fixtures";
import { guessGuestMessage } from "./guest-message-guess";

const MARKETPLACE = { name: "Turo", sender: "noreply@mail.turo.com" };

async function guess(raw: string | Buffer) {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  return guessGuestMessage(
    {
      subject: parsed.subject ?? "",
      text: parsed.text ?? "",
      fromName: parsed.from?.value[0]?.name || null,
      fromAddress: parsed.from?.value[0]?.address ?? null,
    },
    MARKETPLACE,
  );
}

describe("guessing a guest message from an email", () => {
  it("a guest's own email: the sender and the whole body", async () => {
    expect(await guess(latin1EmailWithAttachments())).toEqual({
      guestName: "Ana Ruiz",
      reservationId: "",
      text: LATIN1_GUEST_TEXT,
    });
  });

  it("a guest's email forwarded from Gmail: the original sender, the body after the header block", async () => {
    const raw = forwardedEmail("gmail-guest-email-en-plain.eml");
    expect(await guess(raw)).toEqual({
      guestName: "Priya Natarajan",
      reservationId: "61234567",
      text: "Hi Sam, can my husband drive too? He has his license with him.\n\nPriya",
    });
  });

  it("an email forwarded from Outlook desktop: the From/Sent/To/Subject block is left out", async () => {
    const raw = forwardedEmail("outlook-desktop-guest-email-en-plain.eml");
    expect(await guess(raw)).toEqual({
      guestName: "Jordan Lee",
      reservationId: "",
      text: "Where do I leave the keys when I drop off?",
    });
  });

  it("the marketplace's own email: no guest guessed from its sender, the reservation from its link", async () => {
    const raw = guestMessageNotice({
      messageId: "g1",
      guest: "Jordan L.",
      reservationId: "48213377",
      text: "Hello",
    }).replace("Subject: New message from Jordan L.", "Subject: Your weekly summary");
    const result = await guess(raw);
    expect(result.guestName).toBe("");
    expect(result.reservationId).toBe("48213377");
  });
});
