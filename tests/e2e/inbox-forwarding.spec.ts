import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import { freshAddress, newUserDetails } from "../support/accounts";
import {
  BASE_URL,
  INBOUND_EMAIL_DOMAIN,
  INBOUND_SMTP_PORT,
  SAME_ORIGIN,
  STRICT_URL,
} from "../support/env";
import { expect, seriousA11yViolations, test, waitForHydration } from "../support/fixtures";
import {
  LATIN1_GUEST_TEXT,
  TINY_JPEG,
  ALL_BYTES,
  gmailForwardingConfirmation,
  gmailForwardingConfirmationWithCode,
  guestMessageNotice,
  latin1EmailWithAttachments,
  mailgunMimePayload,
  postmarkInboundPayload,
  sendGridRawPayload,
} from "../support/inbound-fixtures";
import { DESKTOP, PHONE } from "../support/viewports";

/**
 * Forwarding a host can finish setting up, on a phone, JavaScript on and off: the setup page
 * (the account's address, Gmail's filter, Outlook's rule, the providers' webhook, each with a
 * Copy button or selectable without JavaScript); Gmail's forwarding confirmation arriving by
 * SMTP at the built-in listener and shown first in the inbox with its code and confirm link;
 * "Emails we couldn't read", paged, each made a guest message or downloaded as the exact bytes
 * received; and each provider's payload shape posted to the webhook.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/shots-inbound";
// Tests register two hosts, check accessibility and take screenshots at two widths.
test.describe.configure({ timeout: 90_000 });

async function host(browser: Browser, javaScriptEnabled: boolean, baseURL = BASE_URL) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled,
    viewport: PHONE,
    extraHTTPHeaders: { "X-Forwarded-For": freshAddress() },
  });
  if (javaScriptEnabled) await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const response = await context.request.post("/api/register", {
    data: newUserDetails("forwarding"),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { webhookUrl, address } = (await (await context.request.get("/api/inbound")).json()) as {
    webhookUrl: string;
    address: string | null;
  };
  return {
    context,
    page: await context.newPage(),
    webhookPath: new URL(webhookUrl).pathname,
    webhookUrl,
    address,
  };
}

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Delivers raw bytes by SMTP to the app's built-in listener, as an MX would. */
async function deliverBySmtp(to: string, from: string, raw: string | Buffer) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: INBOUND_SMTP_PORT,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail({ envelope: { from, to: [to] }, raw });
  } finally {
    transport.close();
  }
}

/** What makes the page wider than the viewport (nothing, on a page that fits a phone). */
function overflowing(page: Page) {
  return page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    return [...document.querySelectorAll("body *")]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > window.innerWidth + 0.5 ||
          element.scrollWidth > element.clientWidth + 1,
      )
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.slice(0, 60)}`)
      .slice(-5);
  });
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // From the top: the sticky header then sits where a visitor sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

for (const javaScriptEnabled of [true, false]) {
  const mode = `JavaScript ${javaScriptEnabled ? "on" : "off"}`;

  test(`${mode}: the setup page gives the address, Gmail's filter, Outlook's rule and the webhook, each to copy`, async ({
    browser,
  }) => {
    const { context, page, address, webhookUrl } = await host(browser, javaScriptEnabled);
    expect(address).toMatch(
      new RegExp(`^[\\w-]{43}@${INBOUND_EMAIL_DOMAIN.replace(/\./g, "\\.")}$`),
    );
    await open(page, "/dashboard/inbox", javaScriptEnabled);
    await page.getByRole("link", { name: "Set up email forwarding" }).first().click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Set up email forwarding" }),
    ).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);

    const values = {
      "Forwarding address": address!,
      "Gmail search for the filter": "from:(noreply@mail.turo.com)",
      "Turo's sender": "noreply@mail.turo.com",
      "Inbound webhook URL": webhookUrl,
      "Mailgun route URL": `${webhookUrl}/mime`,
    };
    for (const [label, value] of Object.entries(values)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    const gmail = page.getByRole("region", { name: "2. Gmail" });
    await expect(gmail).toContainText("Add a forwarding address");
    await expect(gmail).toContainText("Forward it to");
    await expect(page.getByRole("region", { name: "3. Outlook" })).toContainText("5.7.520");
    // Nothing on the page is wider than the phone.
    expect(await overflowing(page)).toEqual([]);

    const copyButtons = page.getByRole("button", { name: /^Copy/ });
    if (javaScriptEnabled) {
      await expect(copyButtons).toHaveCount(5);
      await page.getByRole("button", { name: "Copy search" }).click();
      await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        "from:(noreply@mail.turo.com)",
      );
      await page.getByRole("button", { name: "Copy address" }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, "setup");
    } else {
      // Without JavaScript: no buttons that would do nothing; the text is there to select.
      await expect(copyButtons).toHaveCount(0);
      const field = page.getByLabel("Forwarding address", { exact: true });
      await expect(field).toHaveAttribute("readonly", "");
      await expect(field).toBeVisible();
    }
    await context.close();
  });

  test(`${mode}: Gmail's forwarding confirmation, arriving by SMTP, shows its code and confirm link first in the inbox`, async ({
    browser,
  }) => {
    const { context, page, address } = await host(browser, javaScriptEnabled);
    const older = gmailForwardingConfirmationWithCode(address!, "80785338");
    await deliverBySmtp(address!, "forwarding-noreply@google.com", older.raw);
    await open(page, "/dashboard/inbox", javaScriptEnabled);
    const banner = page.getByRole("region", { name: "Confirm Gmail forwarding" });
    await expect(banner).toContainText("sam.host.cars@gmail.com");
    await expect(banner.getByText("80785338", { exact: true })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Open Gmail's confirm link" })).toHaveAttribute(
      "href",
      older.confirmUrl,
    );
    // It comes before everything else on the page, and it isn't an email we couldn't read.
    const top = await banner.boundingBox();
    const conversations = await page.getByRole("region", { name: /^Conversations/ }).boundingBox();
    expect(top!.y).toBeLessThan(conversations!.y);
    await expect(page.getByRole("region", { name: /Emails we couldn't read/ })).toHaveCount(0);
    if (javaScriptEnabled) await shoot(page, "confirmation-banner-with-code");
    // The setup page, where the host is when Gmail sends it, shows it too.
    await open(page, "/dashboard/inbox/setup", javaScriptEnabled);
    await expect(
      page
        .getByRole("region", { name: "Confirm Gmail forwarding" })
        .getByText("80785338", { exact: true }),
    ).toBeVisible();
    await open(page, "/dashboard/inbox", javaScriptEnabled);
    // Another account can't hide it.
    const emailId = await banner.locator('input[name="emailId"]').inputValue();
    const stranger = await host(browser, false);
    const hidden = await stranger.context.request.post("/dashboard/inbox", {
      headers: SAME_ORIGIN,
      form: { intent: "dismiss-confirmation", emailId },
      maxRedirects: 0,
    });
    expect(hidden.status()).toBe(404);
    await stranger.context.close();
    await page.reload();
    await banner.getByRole("button", { name: "Done: hide this" }).click();
    await expect(page.getByRole("region", { name: "Confirm Gmail forwarding" })).toHaveCount(0);

    // Today's email has no code: the link is what the host opens.
    const today = gmailForwardingConfirmation(address!);
    await deliverBySmtp(address!, "forwarding-noreply@google.com", today.raw);
    await open(page, "/dashboard/inbox", javaScriptEnabled);
    const again = page.getByRole("region", { name: "Confirm Gmail forwarding" });
    await expect(again.getByRole("link", { name: "Open Gmail's confirm link" })).toHaveAttribute(
      "href",
      today.confirmUrl,
    );
    await expect(again.getByLabel(/^Confirm link/)).toHaveValue(today.confirmUrl);
    await expect(again).not.toContainText("Confirmation code");
    expect(await overflowing(page)).toEqual([]);
    if (javaScriptEnabled) {
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, "confirmation-banner");
    }
    await context.close();
  });

  test(`${mode}: an email we couldn't read is downloaded as received, and made a guest message`, async ({
    browser,
  }) => {
    const { context, page, webhookPath, address } = await host(browser, javaScriptEnabled);
    const request = context.request;
    // A guest's conversation already exists for the reservation.
    const notice = await request.post(webhookPath, {
      headers: { "Content-Type": "message/rfc822" },
      data: guestMessageNotice({
        messageId: `mk-${javaScriptEnabled}`,
        guest: "Ana R.",
        reservationId: "70112233",
        text: "Hi, what time can I pick up?",
      }),
    });
    expect(notice.status(), await notice.text()).toBe(202);
    const { conversationId } = (await notice.json()) as { conversationId: string };
    // The guest's own email, ISO-8859-1 with a photo and a binary file, through SendGrid.
    const original = latin1EmailWithAttachments(`latin1-${javaScriptEnabled}@example.net`);
    const sendgrid = sendGridRawPayload(original, address!);
    const posted = await request.post(webhookPath, {
      headers: { "Content-Type": sendgrid.contentType },
      data: sendgrid.body,
    });
    expect(posted.status(), await posted.text()).toBe(202);
    expect(await posted.json()).toMatchObject({ kind: "unrecognized", conversationId: null });

    await open(page, "/dashboard/inbox", javaScriptEnabled);
    const list = page.getByRole("list", { name: "Emails we couldn't read" });
    const item = list.getByRole("listitem").filter({ hasText: "Fotos del vehículo" });
    await expect(item).toContainText("from ana.ruiz@example.net");
    expect(await overflowing(page)).toEqual([]);
    const download = await request.get(
      (await item.getByRole("link", { name: "Download the original" }).getAttribute("href"))!,
    );
    expect(download.headers()["content-type"]).toBe("message/rfc822");
    const bytes = await download.body();
    expect(bytes.equals(original)).toBe(true);
    const parsed = await simpleParser(bytes);
    expect(parsed.attachments.map((file) => file.content)).toEqual([TINY_JPEG, ALL_BYTES]);
    if (javaScriptEnabled) {
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shoot(page, "unread-list");
    }
    // Another account sees neither the email nor its form.
    const emailPath = (await item
      .getByRole("link", { name: "Download the original" })
      .getAttribute("href"))!;
    const stranger = await host(browser, false);
    expect((await stranger.context.request.get(emailPath)).status()).toBe(404);
    expect((await stranger.context.request.get(`${emailPath}/guest-message`)).status()).toBe(404);
    await stranger.context.close();

    await item.getByRole("link", { name: "Make this a guest message" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Make this a guest message" }),
    ).toBeVisible();
    if (javaScriptEnabled) await waitForHydration(page);
    // Prefilled from the email: the sender and the guest's words, read from ISO-8859-1.
    await expect(page.getByLabel("Guest's name")).toHaveValue("Ana Ruiz");
    expect(await overflowing(page)).toEqual([]);
    if (javaScriptEnabled) expect(await seriousA11yViolations(page)).toEqual([]);
    await expect(page.getByLabel("The guest's message")).toHaveValue(LATIN1_GUEST_TEXT);
    await page.getByLabel("Guest's name").fill("");
    await page.getByRole("button", { name: "Make this a guest message" }).click();
    await expect(page.getByText("Enter the guest's name.")).toBeVisible();
    await page.getByLabel("Guest's name").fill("Ana R.");
    await page.getByLabel("Reservation id (optional)").fill("70112233");
    if (javaScriptEnabled) await shoot(page, "make-guest-message");
    await page.getByRole("button", { name: "Make this a guest message" }).click();

    // It joined the reservation's conversation, after the guest's first message.
    await expect(page).toHaveURL(new RegExp(`/dashboard/inbox/${conversationId}$`));
    await expect(page.getByText("Added to the guest's conversation")).toBeVisible();
    const messages = page.getByRole("list", { name: "Messages, oldest first" });
    await expect(messages.getByRole("listitem")).toHaveCount(2);
    await expect(messages.getByRole("listitem").last()).toContainText(
      "¿Puedo devolverlo mañana a las 8:00 en vez de las 10:00?",
    );
    await open(page, "/dashboard/inbox", javaScriptEnabled);
    await expect(page.getByRole("list", { name: "Emails we couldn't read" })).toHaveCount(0);
    // Its original is still there to download.
    expect((await request.get(`/dashboard/inbox/email/${(await posted.json()).id}`)).status()).toBe(
      200,
    );
    await context.close();
  });
}

test("JavaScript off: every email we couldn't read is listed, 20 to a page, with working page links", async ({
  browser,
}) => {
  const { context, page, webhookPath } = await host(browser, false);
  for (let index = 0; index < 23; index++) {
    const response = await context.request.post(webhookPath, {
      headers: { "Content-Type": "message/rfc822" },
      data: `From: Bank <alerts@bank.example>\r\nSubject: Statement ${String(index).padStart(2, "0")}\r\nMessage-ID: <st${index}@bank.example>\r\n\r\nYour statement is ready.\r\n`,
    });
    expect(response.status()).toBe(202);
  }
  await page.goto("/dashboard/inbox");
  await expect(page.getByRole("heading", { name: "Emails we couldn't read (23)" })).toBeVisible();
  const items = page.getByRole("list", { name: "Emails we couldn't read" }).getByRole("listitem");
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText("Statement 22");
  const pages = page.getByRole("navigation", { name: "Pages of emails we couldn't read" });
  await expect(pages.getByRole("link", { name: "Newest emails" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Older emails" }).click();
  await expect(items).toHaveCount(3);
  await expect(items.last()).toContainText("Statement 00");
  await expect(pages.getByRole("link", { name: "Older emails" })).toHaveCount(0);
  await pages.getByRole("link", { name: "Newest emails" }).click();
  await expect(items).toHaveCount(20);
  expect(await overflowing(page)).toEqual([]);
  await shoot(page, "unread-list-paged");
  await context.close();
});

test("the webhook takes each provider's payload: Mailgun's body-mime at …/mime, Postmark's JSON with and without RawEmail", async ({
  browser,
}) => {
  const { context, webhookPath, address } = await host(browser, false);
  const notice = (id: string) =>
    Buffer.from(
      guestMessageNotice({
        messageId: id,
        guest: "Priya N.",
        reservationId: "61234567",
        text: "Can I add a second driver?",
      }),
    );
  const mailgun = mailgunMimePayload(notice("mg-1"), address!);
  const viaMailgun = await context.request.post(`${webhookPath}/mime`, {
    headers: { "Content-Type": mailgun.contentType },
    data: mailgun.body,
  });
  expect(viaMailgun.status(), await viaMailgun.text()).toBe(202);
  const { conversationId } = (await viaMailgun.json()) as { conversationId: string };

  const withRaw = await context.request.post(webhookPath, {
    data: postmarkInboundPayload({ to: address!, rawEmail: notice("pm-raw").toString("utf8") }),
  });
  expect(withRaw.status(), await withRaw.text()).toBe(202);
  const parsedFields = await context.request.post(webhookPath, {
    data: postmarkInboundPayload({ to: address!, messageId: "pm-fields" }),
  });
  expect(parsedFields.status(), await parsedFields.text()).toBe(202);
  expect(await parsedFields.json()).toMatchObject({ kind: "guest-message", conversationId });
  // Postmark retries: the same JSON again is the same email.
  const retried = await context.request.post(webhookPath, {
    data: postmarkInboundPayload({ to: address!, messageId: "pm-fields" }),
  });
  expect(await retried.json()).toMatchObject({ duplicate: true });
  const thread = (await (
    await context.request.get(`/api/conversations/${conversationId}`)
  ).json()) as {
    conversation: { messages: Array<{ text: string }> };
  };
  // The three messages, in any order: a message's time is its Date: header when that is within a
  // day of its arrival, so their order depends on today's date.
  expect(thread.conversation.messages.map((message) => message.text).sort()).toEqual([
    "Can I add a second driver?",
    "Can I add a second driver?",
    "Hi! I land at 6:40 pm — is it OK if I pick up the car at 7:30 instead of 7?",
  ]);
  // A parsed-mode post, which carries no original, says which setting to change.
  const parsedMailgun = await context.request.post(webhookPath, {
    form: { recipient: address!, "body-plain": "hi", "message-headers": "[]" },
  });
  expect(parsedMailgun.status()).toBe(400);
  expect(await parsedMailgun.json()).toMatchObject({
    error: expect.stringContaining("/mime at the end"),
  });
  await context.close();
});

test("without the built-in listener the setup page says how to turn it on, and still gives the webhook", async ({
  browser,
}) => {
  const { context, page, address, webhookUrl } = await host(browser, true, STRICT_URL);
  expect(address).toBeNull();
  await open(page, "/dashboard/inbox/setup", true);
  const first = page.getByRole("region", { name: "1. Your forwarding address" });
  await expect(first).toContainText("This server has no forwarding address yet");
  await expect(first).toContainText("INBOUND_SMTP_PORT");
  await expect(page.getByLabel("Forwarding address", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Inbound webhook URL")).toHaveValue(webhookUrl);
  expect(await overflowing(page)).toEqual([]);
  await shoot(page, "setup-no-listener");
  await context.close();
});
